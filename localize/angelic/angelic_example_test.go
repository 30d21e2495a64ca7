package angelic_test

import (
	"context"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// Angelic debugging on the paper's triangle classifier: AngelicTest finds
// the expression instances of the failing test T8 whose value alone makes
// it pass, and the flexibility test on the passing tests T1–T7 removes
// (FlexOptions.Remove; by default they come last) those a passing test
// cannot survive (b and c of `b == c`, inhibited by T3; the store of
// Acute, by T6; ...). Two survive, as in the paper: the futile a, and c
// in `a == c`, the fault (b belongs there).
func ExampleLocalize() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle")
	if err != nil {
		panic(err)
	}
	res, err := pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/examples/triangle", &pipeline.Options{
		Run:              "TestClassify", // the paper's tests, not the package's Example
		SelectedSpectrum: true,
		Technique: &angelic.Technique{Options: angelic.Options{
			// Integers as the paper's, unbounded: exact 64-bit words
			// (the default) give the same values here, but a*a makes
			// Z3 take tens of seconds.
			Search: agx.Options{Arith: encode.Integer},
			Flex:   angelic.FlexOptions{Remove: true},
		}},
		Timeout: 3 * time.Minute, // the search completes: a loaded machine must not cut it
	})
	if err != nil {
		panic(err)
	}
	for _, rep := range res.Reports {
		fmt.Println(rep.Test, rep.Mode)
		for _, c := range rep.Candidates {
			l, a := c.Locations[0], c.Angelic[0]
			fmt.Printf("%s, column %d: %s: %s instead of %s; flexible in %d of %d passing tests\n",
				a.Instance, l.Column, l.Expr, a.Value, a.Orig, len(c.Flex.Flexible), c.Flex.Executed)
		}
	}
	// Output:
	// TestClassify/T8 angelic
	// line 23, column 6: a: 7 instead of 26; flexible in 5 of 5 passing tests
	// line 23, column 11: c: 26 instead of 7; flexible in 5 of 5 passing tests
}
