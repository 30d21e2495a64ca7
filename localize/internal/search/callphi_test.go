package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// TestCallResultPhi localizes a fault whose fix changes a call's result
// that a short-circuit && combines with a condition (in SSA, a phi with
// the call's result as an edge), on the path the failing run took: the
// fix's execution follows that path up to the branch on the phi. The fix,
// and the other one through the call's result (below returning false),
// must be reported, verified, with and without SliceScope, in both
// arithmetics: an encoding that kept the phi's concrete value along the
// run's path excluded both.
func TestCallResultPhi(t *testing.T) {
	ctx := context.Background()
	prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject("callphi"), false, 1)
	fault := faults[0]
	below := prog.Func("github.com/faultloc/faultloc/localize/testdata/callphi", "below")
	if below == nil {
		t.Fatal("no function below")
	}
	belowLine := prog.Fset.Position(below.Pos()).Line
	// Alarm(10, 9, 2): 9-2 = 7 is below 10, so 1; with 9+2 = 11, 0.
	test := trace.Test{
		Name: "Alarm",
		Func: prog.Func("github.com/faultloc/faultloc/localize/testdata/callphi", "Alarm"),
		Args: []trace.Value{trace.Int(10), trace.Int(9), trace.Int(2)},
		Want: []trace.Value{trace.Int(0)},
	}
	for arith, name := range map[encode.Arith]string{encode.BitVector: "bv", encode.Integer: "int"} {
		for _, slice := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/slice=%v", name, slice), func(t *testing.T) {
				rep, err := Localize(ctx, prog, prog.TestCase(test), &Options{MaxSize: 1, Arith: arith, SliceScope: slice, Sanity: true})
				if err != nil {
					t.Fatal(err)
				}
				verified := map[int]bool{}
				for _, c := range rep.Candidates {
					if c.Verified {
						verified[c.Locations[0].Line] = true
					}
				}
				// Both fixes change the call's result: the fault, and
				// below's return.
				for _, line := range []int{fault.Line, belowLine} {
					if !verified[line] {
						t.Errorf("line %d is not a verified candidate:\n%s", line, testutil.Summary(rep))
					}
				}
			})
		}
	}
}
