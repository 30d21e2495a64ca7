package trace_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/trace"
)

// RunGoTest interprets a real go test function. The triangle subject's
// TestClassify runs its eight cases as subtests; naming one runs only that
// subtest's body, like go test -run '^TestClassify$/^T8$'. The package's
// example, judged by its output comment, is a case too.
func ExampleProgram_RunGoTest() {
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{Dir: "..", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./examples/triangle")
	if err != nil {
		fmt.Println(err)
		return
	}
	const pkg = "github.com/faultloc/faultloc/examples/triangle"
	cases, _ := p.ListTests(ctx, pkg, nil)
	fmt.Println(len(cases), "cases:", cases[0], "...", cases[len(cases)-1])
	res, err := p.RunGoTest(ctx, pkg, "TestClassify/T8", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("failed:", res.Failed, "-", res.Outcome)
	for _, a := range res.Assertions {
		fmt.Printf("%s:%d: %s\n", filepath.Base(a.Pos.Filename), a.Pos.Line, a.Message)
	}
	fmt.Print(res.Log)
	// Output:
	// 9 cases: TestClassify/T1 ... Example
	// failed: true - assertion failed
	// triangle_test.go:12: Classify(26, 26, 7) = 4, want 2
	// === RUN   TestClassify/T8
	//     triangle_test.go:12: Classify(26, 26, 7) = 4, want 2
	// --- FAIL: TestClassify/T8 (0.00s)
}
