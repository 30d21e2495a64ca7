package sattar_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/examples/linkedlist"
	"github.com/faultloc/faultloc/localize/sattar"
	"github.com/faultloc/faultloc/trace"
)

// SAT-TAR on the linked list of its paper with the size fault seeded
// (Delete does not decrement the size): the fuzz target FuzzDelete is the
// specification, its first failing seed the initial failure.
func ExampleRun() {
	ctx := context.Background()
	overlay, faulty, err := linkedlist.Version("../../examples/linkedlist", "size")
	if err != nil {
		panic(err)
	}
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/linkedlist", Tests: true, Overlay: overlay}, ".")
	if err != nil {
		panic(err)
	}
	pkg, _ := prog.TargetPackage()
	res, err := sattar.Run(ctx, prog, pkg, "FuzzDelete", "", &sattar.Options{
		Under:       []string{"(*List).Delete"},
		InitialOnly: true,
		Rounds:      3,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("initial:", res.Report.Test, "-", res.Report.Failure)
	for _, c := range res.Cores {
		fmt.Printf("core of %q: %d statements\n", c.Check, len(c.Lines))
	}
	for _, r := range res.Report.Ranking {
		if r.Line == faulty[0] {
			fmt.Printf("%s:%d rank %d (%s) after %d rounds\n", filepath.Base(r.File), r.Line, r.Rank, r.Evidence, res.Rounds)
		}
	}
	// Output:
	// initial: FuzzDelete/seed#0 - size invariant; size decremented
	// core of "size invariant": 4 statements
	// core of "size decremented": 5 statements
	// list.go:53 rank 3 (core) after 3 rounds
}
