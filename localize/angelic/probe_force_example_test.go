package angelic_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/angelic"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// The force probe on a ratio that should be NaN over zero and is an
// infinity (a missing guard): the test fails at both of its calls, and
// forcing the result of the ranking's first line to NaN at both makes it
// pass, a verified candidate found without the solver.
func ExampleForceProbe() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/flip", Tests: true}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	pkg := "github.com/faultloc/faultloc/localize/testdata/flip"
	file, err := filepath.Abs("../testdata/flip/flip.go")
	if err != nil {
		fmt.Println(err)
		return
	}
	f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestRatiosZero")}
	rep := &localize.Report{Test: "TestRatiosZero", Ranking: []localize.RankedLine{
		{Position: localize.Position{File: file, Line: 45}, Rank: 1, Evidence: localize.EvidenceSlice},
	}}
	if err := (angelic.ForceProbe{}).Refine(ctx, rep, f); err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range rep.Candidates {
		fmt.Printf("%s:%d verified %v: %s\n", filepath.Base(c.Locations[0].File), c.Locations[0].Line, c.Verified, c.Locations[0].Text)
		for _, a := range c.Angelic {
			fmt.Printf("  %s %s instead of %s\n", a.Expr, a.Value, a.Orig)
		}
	}
	// Output:
	// flip.go:45 verified true: return a / b
	//   return NaN instead of -Inf
	//   return NaN instead of +Inf
}
