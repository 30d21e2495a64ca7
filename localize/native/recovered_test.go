package native

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestRecoveredPanicProximity: the failing cases of the repair tests'
// subjects raise a run-time error that is recovered (an index out of
// range that the library turns into an error, a write to a nil map
// that the test's own recover reports, a nil dereference two calls
// below the library's recover), so go test's output names only the
// failed assertion. The interpreted run's panic (trace.Trace.Panics)
// is a place of the failure all the same: ProximityScorer scores the
// panicking line 1 (and the calls on its stack), and the native ranking
// puts it above the other lines that every passing test runs as well.
func TestRecoveredPanicProximity(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name, test, file string
		line             int   // the panic's
		calls            []int // the calls on its stack
	}{
		{"option", "TestComment", "option.go", 29, nil},
		{"tally", "TestNoStats", "tally.go", 38, []int{25}},
		{"quota", "TestUnlimited", "quota.go", 55, []int{49, 33}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("..", "repair", "testdata", tc.name)
			f, n := collectIn(t, dir, tc.test)
			if !n.Failed(tc.test) {
				t.Fatalf("%s did not fail natively", tc.test)
			}
			abs, _ := filepath.Abs(filepath.Join(dir, tc.file))
			at := trace.Line{File: abs, Line: tc.line}
			prox, err := ProximityScorer{}.Score(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if prox[at] != 1 {
				t.Errorf("proximity of the panic's line %d: %v, want 1", tc.line, prox[at])
			}
			ochiai, err := SpectrumScorer{}.Score(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			nat := &localize.Report{Test: tc.test}
			localize.Rank(ctx, nat, f, Scorers()...)
			rank := -1
			for _, rl := range nat.Ranking {
				if rl.SourceLine() == at {
					rank = rl.Rank
				}
			}
			for _, rl := range nat.Ranking {
				if l := rl.SourceLine(); ochiai[l] == ochiai[at] && l != at && !slices.Contains(tc.calls, l.Line) && rl.Rank <= rank {
					t.Errorf("line %d, run by as many passing tests as the panic's line %d, ranks %d, the panic's line %d: %v", l.Line, tc.line, rl.Rank, rank, nat.Ranking)
				}
			}
		})
	}
}
