package pipeline

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// TestRecoveredPanicSliceAndRank: the failing test of each subject
// checks an error that a deferred recover made of a run-time error (an
// index out of range in the library's recover, a write to a nil map
// that the test's own recover reports, a nil dereference two calls below
// the library's recover). The interpreter records the faulting
// instruction's event with the operands that made it fail as
// dependences, and recover's result depends on it, so the dynamic slice
// of the failed check holds the line that panicked, and the default
// pipeline ranks that line among its first three, or right after the
// lines whose change the technique or a refiner verified: the panic is a
// place of the failure (localize.ProximityScorer), while the lines of
// the recover handler, which only the failing test runs, are some
// dependences away from it.
func TestRecoveredPanicSliceAndRank(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	for _, tc := range []struct{ name, test, file string }{
		{"option", "TestComment", "option.go"},
		{"tally", "TestNoStats", "tally.go"},
		{"quota", "TestUnlimited", "quota.go"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // each subject a program of its own
			dir := filepath.Join("..", "repair", "testdata", tc.name)
			prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true}, ".")
			if err != nil {
				t.Fatal(err)
			}
			pkg := "github.com/faultloc/faultloc/localize/repair/testdata/" + tc.name
			file, err := filepath.Abs(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			// The statement that panics is the one after the //fault:
			// comment of its missing guard.
			at := trace.Line{File: file, Line: faultLine(t, file) + 1}

			r, err := prog.GoTestCase(pkg, tc.test).Run(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Trace.Release()
			if r.Passed() {
				t.Fatalf("%s passed in the interpreter", tc.test)
			}
			raised := false
			for _, p := range r.Trace.Panics() {
				raised = raised || (p.Pos.Filename == file && p.Pos.Line == at.Line && p.Event != trace.NoEvent)
			}
			if !raised {
				t.Errorf("no recorded panic at line %d: %+v", at.Line, r.Trace.Panics())
			}
			crit, err := slicing.FailedOutputs(r)
			if err != nil {
				t.Fatal(err)
			}
			sl, err := slicing.NewGraph(r.Trace).Backward(crit...)
			if err != nil {
				t.Fatal(err)
			}
			inSlice := false
			for _, l := range sl.Lines() {
				inSlice = inSlice || l == at
			}
			if !inSlice {
				t.Errorf("the dynamic slice of the failed check misses the panic's line %d: %v", at.Line, sl.Lines())
			}

			// The default stages under a bound of 8 s instead of the
			// default 20 s: tally's search runs until its share of
			// the bound cuts it either way, and the evidence that
			// ranks the panic's line does not wait for it; option's
			// and quota's searches end by themselves in a second.
			res, err := Run(ctx, prog, pkg, &Options{Run: "^" + tc.test + "$", Timeout: 8 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Reports) != 1 {
				t.Fatalf("%d reports, want %s's (errors %v)", len(res.Reports), tc.test, res.Errors)
			}
			// The lines ranked above it: at most two, or only lines
			// whose change the technique or a refiner verified.
			rank, verifiedAbove := 0, 0
			for _, rl := range res.Reports[0].Ranking {
				if rl.SourceLine() == at {
					rank = rl.Rank
					break
				}
				if rl.Evidence == localize.EvidenceVerified || rl.Evidence == localize.EvidenceMutation {
					verifiedAbove++
				}
			}
			t.Logf("the panic's line %d ranks %d", at.Line, rank)
			if rank < 1 || rank > 3 && rank-1 > verifiedAbove {
				t.Errorf("the panic's line %d ranks %d, want among the first 3 or below verified lines only: %v", at.Line, rank, res.Reports[0].Ranking)
			}
		})
	}
}
