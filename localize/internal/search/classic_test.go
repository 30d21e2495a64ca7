package search

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// TestClassicFaults localizes two classic faults in loops, each failing
// case alone: a binary search that records the wrong variable
// (testdata/floor: `result = lo` where mid belongs, six lookups in one
// case) and a flag set to the wrong constant (testdata/words: `inWord =
// true` where false belongs, three failing subtests). Each case must put
// the faulty line in a verified one-line candidate: the binary search's
// among its first two (its run is long enough for singles to guess, and
// singles guesses the statements nearest the failure first, so the
// loop's own branches, which refine without end, do not come first:
// guessed in the run's order, the search found no candidate on the line
// in 90 s), the counter's in the whole search. The search is in
// integers by default, in words with the build tag long
// (testutil.QuickArith).
func TestClassicFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("localizes four cases with the solver")
	}
	ctx := context.Background()
	for _, tc := range []struct {
		dir   string
		cases []string
		max   int // Options.MaxCandidates
	}{
		{"floor", []string{"TestFloor"}, 2},
		{"words", []string{"TestCount/two_words", "TestCount/_lead", "TestCount/a_b_c"}, 0},
	} {
		prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject(tc.dir), true, 1)
		for _, name := range tc.cases {
			t.Run(tc.dir+"/"+name, func(t *testing.T) {
				t.Parallel()
				rep, err := Localize(ctx, prog, prog.GoTestCase(testutil.SubjectPkg(tc.dir), name), &Options{MaxSize: 1, MaxCandidates: tc.max, Arith: testutil.QuickArith()})
				if err != nil {
					t.Fatal(err)
				}
				if verifiedOn(rep, faults[0]) == nil {
					t.Errorf("no verified candidate on %v:\n%s", faults[0], testutil.Summary(rep))
				}
			})
		}
	}
}
