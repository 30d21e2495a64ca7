package native_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// Collect runs the tests of testdata/nativeonly natively: its failing
// test calls what the interpreter refuses, and the run alone ranks the
// lines for it.
func Example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/nativeonly", Tests: true}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	pkg, _ := prog.TargetPackage()
	run, err := native.Collect(ctx, prog, pkg, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range run.FailureLines("TestDistance") {
		fmt.Printf("failed at %s:%d\n", filepath.Base(l.File), l.Line)
	}
	f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestDistance"), Native: run}
	rep := native.Report(ctx, f, "for the example")
	top := rep.Ranking[0]
	fmt.Printf("%s: %s:%d rank %d (%s)\n", rep.Mode, filepath.Base(top.File), top.Line, top.Rank, top.Evidence)
	// Output:
	// failed at size_test.go:24
	// native: size.go:45 rank 5 (native spectrum)
}
