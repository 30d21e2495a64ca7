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
