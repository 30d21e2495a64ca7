package localize_test

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/localize"
)

// FailCount orders each report's tied candidates by how many of the
// package's failing cases hold their line in a verified candidate: here
// line 30 explains both failing cases, line 10 only the first.
func ExampleFailCount() {
	at := func(line int) localize.Candidate {
		return localize.Candidate{Verified: true, Locations: []localize.Location{{Position: localize.Position{File: "f.go", Line: line}}}}
	}
	first := &localize.Report{Test: "TestA", Candidates: []localize.Candidate{at(10), at(30)}}
	second := &localize.Report{Test: "TestB", Candidates: []localize.Candidate{at(30), at(40)}}
	for _, r := range []*localize.Report{first, second} {
		r.Rerank(nil) // the ranking of the candidates in their order
	}
	if err := (localize.FailCount{}).RefineAll(context.Background(), []*localize.Report{first, second}); err != nil {
		fmt.Println(err)
	}
	for _, r := range []*localize.Report{first, second} {
		fmt.Print(r.Test, ":")
		for _, rl := range r.Ranking {
			fmt.Print(" ", rl.Line)
		}
		fmt.Println()
	}
	// Output:
	// TestA: 30 10
	// TestB: 30 40
}
