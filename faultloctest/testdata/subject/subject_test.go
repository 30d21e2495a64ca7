//go:build faultloc

package subject

import (
	"os"
	"testing"

	"github.com/faultloc/faultloc/faultloctest"
)

// TestAbs's case "negative" fails by design; the helper explains it.
func TestAbs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		x, want int
	}{
		{"positive", 3, 3},
		{"zero", 0, 0},
		{"negative", -2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer faultloctest.Explain(t)
			if got := Abs(tc.x); got != tc.want {
				t.Errorf("Abs(%d) = %d, want %d", tc.x, got, tc.want)
			}
		})
	}
}

// TestMax passes: the helper prints nothing.
func TestMax(t *testing.T) {
	defer faultloctest.Explain(t)
	if got := Max(2, 5); got != 5 {
		t.Errorf("Max(2, 5) = %d, want 5", got)
	}
}

// TestLast panics, by design, when SUBJECT_PANIC is set: the helper
// explains the panic before go test reports it and stops.
func TestLast(t *testing.T) {
	if os.Getenv("SUBJECT_PANIC") == "" {
		t.Skip("SUBJECT_PANIC is not set")
	}
	defer faultloctest.Explain(t)
	if got := Last([]int{1, 2, 3}); got != 3 {
		t.Errorf("Last([1 2 3]) = %d, want 3", got)
	}
}
