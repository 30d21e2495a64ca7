package agx_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// From a buggy program to a report: load the AgxFaults paper's foo, give
// the failing test as data (Foo(3, 5) must return 2), and list the minimal
// fix candidates, each verified by re-running the test with its angelic
// values.
func Example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	test := trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(2)},
	}
	rep, err := agx.Localize(ctx, prog, prog.TestCase(test), nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Failure)
	for _, c := range rep.Candidates {
		for _, l := range c.Locations {
			fmt.Printf("%s:%d: %s (verified: %v)\n", filepath.Base(l.File), l.Line, l.Text, c.Verified)
		}
	}
	// Output:
	// result 0 = 8, want 2
	// foo.go:11: b := x + y // L1 (verified: true)
	// foo.go:14: a = x // L3 //fault: should be a = 2 * x (verified: true)
	// foo.go:18: if a >= y { // L6 (verified: true)
	// foo.go:21: return b // L8 (verified: true)
	// foo.go:13: if x < y { // L2 (verified: true)
	// foo.go:16: a = y - x // L4 (verified: true)
}

// Ordering fix candidates by the spectrum of other tests (SAT-TAR's
// combination of formula-based and spectrum-based localization): foo's
// failing test alone gives four verified candidates of one statement that
// tie; Ochiai over foo's three tests (the failing one and two passing ones
// that take the other paths) orders them: the faulty assignment (line 14)
// first, as only the failing test executes it; the other three run in
// every test and keep their position order. Without the option the
// ranking starts at line 11.
func ExampleOptions_suspiciousness() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	fn := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	var tests []trace.Test
	for _, c := range foo.Cases {
		tests = append(tests, trace.Test{Name: c.Name, Func: fn,
			Args: []trace.Value{trace.Int(int64(c.X)), trace.Int(int64(c.Y))},
			Want: []trace.Value{trace.Int(int64(c.Want))}})
	}
	m, err := spectra.Build(ctx, &spectra.Traces{Program: prog, Cases: prog.TestCases(tests)})
	if err != nil {
		panic(err)
	}
	ochiai, err := spectra.Lookup("ochiai")
	if err != nil {
		panic(err)
	}
	rep, err := agx.Localize(ctx, prog, prog.TestCase(tests[0]), &agx.Options{
		Suspiciousness: localize.SpectrumSuspiciousness(m.Rank(ochiai, nil)),
	})

	if err != nil {
		panic(err)
	}
	for _, l := range rep.Ranking {
		fmt.Printf("rank %d: %s:%d\n", l.Rank, filepath.Base(l.File), l.Line)
	}
	// Output:
	// rank 1: foo.go:14
	// rank 2: foo.go:11
	// rank 3: foo.go:18
	// rank 4: foo.go:21
	// rank 6: foo.go:13
	// rank 6: foo.go:16
}

// Localizing a failing Go Example, whose oracle is its output comment:
// testdata/output's ExampleAbs prints Abs(-3) and Abs(4) and expects
// "3 4"; the output is read back into the value Abs(-3) must return.
func ExampleLocalize_example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/output", Tests: true}, ".")
	if err != nil {
		panic(err)
	}
	rep, err := agx.Localize(ctx, prog, prog.GoTestCase("github.com/faultloc/faultloc/localize/testdata/output", "ExampleAbs"), &agx.Options{MaxSize: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Failure)
	for _, c := range rep.Candidates {
		l := c.Locations[0]
		fmt.Printf("%s:%d: %s (verified: %v)\n", filepath.Base(l.File), l.Line, l.Text, c.Verified)
	}
	// Output:
	// output line 1: got "-3 4", want "3 4"
	// output.go:10: return x //fault: should be -x (verified: true)
}
