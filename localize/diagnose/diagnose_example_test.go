package diagnose_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/diagnose"

	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// Diagnosing two failing tests together: examples/tax's TestTax and
// TestNet fail through different functions, and each alone has two
// one-statement fix candidates (the helper's return and the return of
// the function it tests); the one diagnosis that explains both is the
// fault, with each test's own angelic value.
func ExampleRun() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		panic(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/tax"
	cases := []trace.Case{prog.GoTestCase(pkg, "TestTax"), prog.GoTestCase(pkg, "TestNet")}
	rep, err := diagnose.Run(ctx, prog, cases, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Grouping)
	for _, d := range rep.Diagnoses() {
		for _, l := range d.Locations {
			fmt.Printf("%s:%d: %s (verified: %v, explains %v)\n", filepath.Base(l.File), l.Line, l.Text, d.Verified, d.Explains)
		}
	}
	// Output:
	// joint
	// tax.go:11: return 10 //fault: should be 20 (verified: true, explains [TestTax TestNet])
}

// A fix that reads one variable more than the faulty statement: in
// testdata/wider, Climb's bias should hold only when the flag Inhibit
// does, and a passing test has a failing test's Up and Down with Inhibit
// set. Read as one fix, a statement of Climb is one only when its
// values are a function of Inhibit too (AlsoReads).
func ExampleRun_alsoReads() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/wider", Tests: true}, ".")
	if err != nil {
		panic(err)
	}
	const pkg = "github.com/faultloc/faultloc/localize/testdata/wider"
	rep, err := diagnose.Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestFail1"), prog.GoTestCase(pkg, "TestFail2")}, &diagnose.Options{
		Search:     agx.Options{MaxSize: 1},
		Consistent: true,
		Passing:    []trace.Case{prog.GoTestCase(pkg, "TestPass1"), prog.GoTestCase(pkg, "TestPass2")},
	})
	if err != nil {
		panic(err)
	}
	for _, d := range rep.Groups[0].Best() {
		l := d.Locations[0]
		fmt.Printf("%s:%d: %s (one fix: %v, also reads %v)\n", filepath.Base(l.File), l.Line, l.Text, d.OneFix, d.AlsoReads)
	}
	// Output:
	// wider.go:18: return b > Down (one fix: true, also reads [github.com/faultloc/faultloc/localize/testdata/wider.Inhibit])
	// wider.go:17: b := Up + 100 // the fault: the bias is 100 only when Inhibit holds (one fix: true, also reads [github.com/faultloc/faultloc/localize/testdata/wider.Inhibit])
}

// Diagnosis as the package pipeline's stage: Package runs examples/tax's
// cases, and AgxDiagnosis diagnoses the failing ones together, the first
// lines of their ranking (slice and spectrum) checked first, and each
// diagnosis checked as one fix on the package's passing cases.
func ExampleDiagnoser() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		panic(err)
	}
	res, err := pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/examples/tax", &pipeline.Options{
		Diagnoser: &diagnose.Diagnoser{Options: diagnose.Options{Consistent: true}},
	})
	if err != nil {
		panic(err)
	}
	rep := res.Diagnosis
	fmt.Println(rep.Cases, rep.Grouping)
	for _, d := range rep.Groups[0].Best() {
		for _, l := range d.Locations {
			fmt.Printf("%s:%d: %s (one fix: %v, explains %v)\n", filepath.Base(l.File), l.Line, l.Text, d.OneFix, d.Explains)
		}
	}
	// Output:
	// [TestTax TestNet] joint
	// tax.go:11: return 10 //fault: should be 20 (one fix: true, explains [TestTax TestNet])
}
