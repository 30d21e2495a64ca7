package pipeline_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// The pipeline on the AgxFaults paper's running example: the failing
// case's report leads with its verified fix candidates, and every line
// the case executed is ranked, each with the evidence that placed it.
func ExampleRun() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/examples/foo", &pipeline.Options{
		Technique: &agx.Technique{Options: agx.Options{MaxSize: 1}},
		Refiners:  []localize.Refiner{}, // no probes: the candidates and the spectrum
		NoNative:  true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("failing:", res.Failing)
	rep := res.Reports[0]
	fmt.Println("mode:", rep.Mode, "candidates:", len(rep.Candidates))
	for _, rl := range rep.Ranking[:3] {
		fmt.Printf("rank %d: %s:%d (%s)\n", rl.Rank, filepath.Base(rl.File), rl.Line, rl.Evidence)
	}
	// Output:
	// failing: [TestFoo/testFoo]
	// mode: agx candidates: 4
	// rank 1: foo.go:11 (verified candidate)
	// rank 2: foo.go:14 (verified candidate)
	// rank 3: foo.go:18 (verified candidate)
}

// A caller that shows the best answer so far: the failing case's cheap
// ranking first, then a revision each time AgxFaults verifies a
// candidate, then the final report.
func ExampleUpdate() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/examples/foo", &pipeline.Options{
		Technique: &agx.Technique{Options: agx.Options{MaxSize: 1}},
		Refiners:  []localize.Refiner{},
		NoNative:  true,
		Updates: func(u pipeline.Update) {
			first := u.Report.Ranking[0]
			fmt.Printf("%s %s: %d candidates, first %s:%d (%s)\n", u.Kind, u.Case, len(u.Report.Candidates), filepath.Base(first.File), first.Line, first.Evidence)
		},
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// preliminary TestFoo/testFoo: 0 candidates, first foo.go:21 (slice)
	// revised TestFoo/testFoo: 1 candidates, first foo.go:21 (verified candidate)
	// revised TestFoo/testFoo: 2 candidates, first foo.go:14 (verified candidate)
	// revised TestFoo/testFoo: 3 candidates, first foo.go:14 (verified candidate)
	// revised TestFoo/testFoo: 4 candidates, first foo.go:11 (verified candidate)
	// final TestFoo/testFoo: 4 candidates, first foo.go:11 (verified candidate)
}
