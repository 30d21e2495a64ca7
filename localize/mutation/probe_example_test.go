package mutation_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// The fix probe of the default pipeline on a grading function whose
// comparison is wrong (score > limit, where 50 must pass): among the
// mutants of the ranking's first lines, the limit made 49 and the
// comparison made >= let the failing test pass and keep the passing ones
// passing, so their lines lead the ranking; the bonus made 1 also passes
// the failing test, but grades 90 "top", and its line is not promoted.
func ExampleFixProbe() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/probe", Tests: true}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/localize/testdata/probe",
		&pipeline.Options{Refiners: []localize.Refiner{mutation.FixProbe{}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep := res.Reports[0]
	for _, m := range rep.Fixes {
		fmt.Printf("fix %s:%d (%s): %s -> %s\n", filepath.Base(m.File), m.Line, m.Op, m.Orig, m.Repl)
	}
	for _, rl := range rep.Ranking[:2] {
		fmt.Printf("rank %d: %s:%d (%s)\n", rl.Rank, filepath.Base(rl.File), rl.Line, rl.Evidence)
	}
	// Output:
	// fix probe.go:10 (CRP): 50 -> 49
	// fix probe.go:11 (ROR): score > limit -> score >= limit
	// rank 1: probe.go:10 (mutation)
	// rank 2: probe.go:11 (mutation)
}
