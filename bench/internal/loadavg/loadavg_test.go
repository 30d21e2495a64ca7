package loadavg

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fake points the package at a file of its own with content s.
func fake(t *testing.T, s string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "loadavg")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	old := path
	path = p
	t.Cleanup(func() { path = old })
	return p
}

func TestNow(t *testing.T) {
	tests := []struct {
		content  string
		now, one string
	}{
		{"1.42 1.84 6.30 2/85 25227\n", "1.42 1.84 6.30", "1.42"},
		{"0.00 0.01 0.05 1/90 1\n", "0.00 0.01 0.05", "0.00"},
		{"3.5\n", "", "3.5"},
		{"", "", ""},
	}
	for _, tt := range tests {
		fake(t, tt.content)
		if got := Now(); got != tt.now {
			t.Errorf("Now() of %q = %q, want %q", tt.content, got, tt.now)
		}
		if got := One(); got != tt.one {
			t.Errorf("One() of %q = %q, want %q", tt.content, got, tt.one)
		}
	}
	path = filepath.Join(t.TempDir(), "missing") // fake's cleanup restores it
	if Now() != "" || One() != "" {
		t.Errorf("a missing file gives %q, %q; want empty", Now(), One())
	}
}

func TestWatchMax(t *testing.T) {
	p := fake(t, "1.50 1.00 1.00 1/1 1\n")
	w := Watch(time.Millisecond)
	for _, s := range []string{"7.25 1 1 1/1 1\n", "2.00 1 1 1/1 1\n"} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.Stop()
	w.Stop()
	if got := w.Max(); got != "7.25" {
		t.Errorf("Max() = %q, want 7.25", got)
	}
}

func TestWatchUnreadable(t *testing.T) {
	old := path
	path = filepath.Join(t.TempDir(), "missing")
	t.Cleanup(func() { path = old })
	w := Watch(time.Hour)
	w.Stop()
	if got := w.Max(); got != "" {
		t.Errorf("Max() = %q, want empty", got)
	}
}
