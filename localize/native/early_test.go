package native

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// TestStartRefuses: Start starts nothing for an overlay or a pattern
// that is not one package.
func TestStartRefuses(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     *trace.Config
		pattern string
		want    string
	}{
		{"overlay", &trace.Config{Dir: "testdata/nativeonly", Overlay: map[string][]byte{"x.go": nil}}, ".", "overlay"},
		{"two packages", &trace.Config{Dir: "testdata"}, "./nativeonly/../...", "not one"},
		{"none", &trace.Config{Dir: "testdata/nativeonly"}, "./nosuchdir", "go list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Start(context.Background(), tc.cfg, tc.pattern, nil)
			if s != nil || err == nil || !strings.Contains(err.Error(), tc.want) {
				s.Stop()
				t.Fatalf("Start: %v, %v; want no run and an error saying %q", s, err, tc.want)
			}
		})
	}
}

// TestStartedUsed: Collect uses a run Start began that fits, with the
// bound counting from Start, and stops one that does not fit; Stop ends
// a run at once.
func TestStartedUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	cfg := &trace.Config{Dir: "testdata/nativeonly", Tests: true}
	prog, err := trace.Load(context.Background(), cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}

	s, err := Start(context.Background(), cfg, ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Fits(prog, pkg, nil) || s.Fits(prog, pkg, &Options{First: "TestX"}) {
		t.Errorf("Fits: want true for the same options, false for another First")
	}
	n, err := Collect(context.Background(), prog, pkg, &Options{Started: s})
	if err != nil || !n.Early || !n.Failed("TestDistance") || len(n.FailureLines("TestDistance")) == 0 {
		t.Fatalf("Collect: %v, early %v; want the early run with TestDistance's failure", err, n.Early)
	}

	s, err = Start(context.Background(), cfg, ".", &Options{Bound: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Collect(context.Background(), prog, pkg, &Options{Started: s}); err == nil || !strings.Contains(err.Error(), "deadline exceeded") {
		t.Errorf("Collect of a run past its bound from Start: %v, want the bound's error", err)
	}

	s, err = Start(context.Background(), cfg, ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Stop()
	s.Stop() // twice is fine
	if s.err == nil {
		t.Errorf("a stopped run has no error")
	}
}
