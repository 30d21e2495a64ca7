package mutation_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/trace"
)

// From a candidate to a fix: testdata/boxheap's Cost adds a fee of 5
// where it should add 10, and the test sees the costs only through a heap
// of any. The candidate on the faulty line carries, per instance, the
// value it had (Orig) and the value that makes the test pass (Value);
// mutation analysis with Repair turns them into a constant (ACR) and
// checks that the mutant passes the test.
func ExampleAnalyze_repair() {
	ctx := context.Background()
	const pkg = "github.com/faultloc/faultloc/localize/testdata/boxheap"
	cfg := trace.Config{Dir: "../testdata/boxheap", Tests: true}
	prog, err := trace.Load(ctx, &cfg, ".")
	if err != nil {
		panic(err)
	}
	// Unbounded integers: exact 64-bit words (the default) find the same
	// candidate, but their products take Z3 several times longer.
	rep, err := agx.Localize(ctx, prog, prog.GoTestCase(pkg, "TestCheapest"), &agx.Options{MaxSize: 1, Arith: encode.Integer})
	if err != nil {
		panic(err)
	}
	var cands []localize.Candidate
	for _, c := range rep.Candidates {
		if c.Verified && c.Locations[0].Line == 33 {
			cands = append(cands, c)
			fmt.Printf("candidate: %s\n", c.Locations[0].Text)
		}
	}
	a, err := mutation.Analyze(ctx, cands, &mutation.Options{Load: cfg, Patterns: []string{"."},
		Cases: []trace.Case{prog.GoTestCase(pkg, "TestCheapest")}, Repair: true})
	if err != nil {
		panic(err)
	}
	for _, m := range a.Fixes("TestCheapest") {
		if m.Op == "ACR" {
			fmt.Printf("fix: %s:%d: %s -> %s\n", filepath.Base(m.File), m.Line, m.Orig, m.Repl)
		}
	}
	// Output:
	// candidate: return price*qty + 5 //fault: the fee is 10
	// fix: boxheap.go:33: 5 -> 10
}
