package localize_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// From a buggy program to a report: load the AgxFaults paper's foo, give
// the failing test as data (Foo(3, 5) must return 2), and list the minimal
// fix candidates, each verified by re-running the test with its angelic
// values.
func Example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	test := trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(2)},
	}
	rep, err := localize.AgxFaults(ctx, prog, test, nil)
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
