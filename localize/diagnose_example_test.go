package localize_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// Diagnosing two failing tests together: examples/tax's TestTax and
// TestNet fail through different functions, and each alone has two
// one-statement fix candidates (the helper's return and the return of
// the function it tests); the one diagnosis that explains both is the
// fault, with each test's own angelic value.
func ExampleDiagnose() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		panic(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/tax"
	cases := []trace.Case{prog.GoTestCase(pkg, "TestTax"), prog.GoTestCase(pkg, "TestNet")}
	rep, err := localize.Diagnose(ctx, prog, cases, nil)
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
