package localize_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// A pipeline assembled from the packages, without the command: rank
// foo's lines by Tarantula over its tests run in the interpreter, keep
// the lines of the failure's relevant slice, and run AgxFaults only
// there (Options.Lines); the report's ranking is then completed by the
// Tarantula scores (Report.Fuse), so every line of the slice is ranked.
func Example_customPipeline() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	fn := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	var cases []trace.Case
	for _, c := range foo.Cases {
		cases = append(cases, prog.TestCase(trace.Test{Name: c.Name, Func: fn, Args: []trace.Value{trace.Int(int64(c.X)), trace.Int(int64(c.Y))}, Want: []trace.Value{trace.Int(int64(c.Want))}}))
	}
	failing := cases[0] // testFoo

	// 1. Tarantula over the interpreted runs.
	m, err := spectra.Build(ctx, &spectra.Traces{Program: prog, Cases: cases})
	if err != nil {
		panic(err)
	}
	tarantula, _ := spectra.Lookup("tarantula")
	f := &localize.Failure{Program: prog, Case: failing, Spectrum: m}
	scores, err := localize.SpectrumScorer{Formula: tarantula}.Score(ctx, f)
	if err != nil {
		panic(err)
	}

	// 2. The failure's relevant slice: its dynamic slice, and the
	// branches not taken that could have changed it (a = x, line 14, on
	// foo's failing run, changes the result only through the branch of
	// line 18 that it makes fail).
	r, err := failing.Run(ctx, nil)
	if err != nil {
		panic(err)
	}
	crit, err := slicing.FailedOutputs(r)
	if err != nil {
		panic(err)
	}
	sl, err := slicing.NewGraph(r.Trace).Relevant(crit...)
	if err != nil {
		panic(err)
	}
	inSlice := map[trace.Line]bool{}
	for _, l := range sl.Lines() {
		inSlice[l] = true
	}

	// 3. AgxFaults, blaming only the slice's lines.
	rep, err := agx.Localize(ctx, prog, failing, &agx.Options{
		MaxSize:        1,
		Lines:          func(l trace.Line) bool { return inSlice[l] },
		Suspiciousness: scores.Suspiciousness(),
	})
	if err != nil {
		panic(err)
	}
	rep.Fuse([]localize.Evidence{localize.EvidenceSpectrum}, scores)
	for _, rl := range rep.Ranking {
		fmt.Printf("%s:%d rank %d (%s)\n", filepath.Base(rl.File), rl.Line, rl.Rank, rl.Evidence)
	}
	// Output:
	// foo.go:14 rank 1 (verified candidate)
	// foo.go:11 rank 2 (verified candidate)
	// foo.go:18 rank 3 (verified candidate)
	// foo.go:21 rank 4 (verified candidate)
	// foo.go:12 rank 6 (spectrum)
	// foo.go:13 rank 6 (spectrum)
}

// refCase is a harness that brings its own runner and oracle: it runs
// foo.Foo in the interpreter and judges the result against a reference
// implementation computed natively (what Foo should compute: b = x + y
// unless the adjusted a reaches y). The oracle is expressed as the
// expected result (CaseResult.Test.Want), which the formula encodes.
type refCase struct {
	prog *trace.Program
	x, y int
}

func (c refCase) Name() string { return fmt.Sprintf("Foo(%d, %d)", c.x, c.y) }

// reference is the intended Foo.
func reference(x, y int) int {
	b, a := x+y, 0
	if x < y {
		a = 2 * x
	} else {
		a = y - x
	}
	if a >= y {
		b = y - x
	}
	return b
}

func (c refCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	fn := c.prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	args := []trace.Value{trace.Int(int64(c.x)), trace.Int(int64(c.y))}
	res, err := c.prog.Run(ctx, fn, args, opts)
	if err != nil {
		return nil, err
	}
	want := int64(reference(c.x, c.y))
	failed := res.Outcome != trace.Returned || len(res.Returns) != 1 || res.Returns[0].Int() != want
	if failed && res.Outcome == trace.Returned {
		res.Outcome, res.Failure = trace.AssertionFailed, fmt.Sprintf("Foo(%d, %d) = %v, want %d", c.x, c.y, res.Returns[0], want)
	}
	return &trace.CaseResult{
		Result: res, Name: c.Name(), Ran: true, Failed: failed,
		Test: &trace.Test{Name: c.Name(), Func: fn, Args: args, Want: []trace.Value{trace.Int(want)}},
	}, nil
}

// A harness with its own test runner and oracle implements trace.Case;
// AgxFaults then localizes its failing cases like any other.
func Example_ownHarness() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	var c trace.Case = refCase{prog: prog, x: 3, y: 5}
	rep, err := agx.Localize(ctx, prog, c, &agx.Options{MaxSize: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Test, "failed:", rep.Failure)
	for _, cand := range rep.Candidates {
		l := cand.Locations[0]
		fmt.Printf("%s:%d verified=%v\n", filepath.Base(l.File), l.Line, cand.Verified)
	}
	// Output:
	// Foo(3, 5) failed: Foo(3, 5) = 8, want 2
	// foo.go:11 verified=true
	// foo.go:14 verified=true
	// foo.go:18 verified=true
	// foo.go:21 verified=true
}

// The default ranking's evidence for foo's failing case: the lines of
// the failure's slice by Ochiai over foo's cases, weighted by proximity
// to the failure in the relevant slice (first of DefaultScorers), then
// the relevant slice's other lines, then the other lines the failing
// case executed, by Ochiai. The wrong result b never depends on a in
// the dynamic slice (the guard a >= y chose not to assign it), but the
// guard's other branch would have assigned b: in the relevant slice the
// guard (line 18) is one dependence from the result, and the faulty
// line 14, which fed the guard, and the branch that chose it (13) come
// next.
func ExampleDefaultScorers() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	fn := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	var cases []trace.Case
	for _, c := range foo.Cases {
		cases = append(cases, prog.TestCase(trace.Test{Name: c.Name, Func: fn, Args: []trace.Value{trace.Int(int64(c.X)), trace.Int(int64(c.Y))}, Want: []trace.Value{trace.Int(int64(c.Want))}}))
	}
	m, err := spectra.Build(ctx, &spectra.Traces{Program: prog, Cases: cases})
	if err != nil {
		panic(err)
	}
	f := &localize.Failure{Program: prog, Case: cases[0], Spectrum: m}
	rep := localize.NewReport(cases[0].Name(), "none", "Foo(3, 5) = 8, want 2", nil)
	localize.Rank(ctx, rep, f, localize.DefaultScorers()...)
	for _, rl := range rep.Ranking {
		fmt.Printf("%s:%d rank %d (%s)\n", filepath.Base(rl.File), rl.Line, rl.Rank, rl.Evidence)
	}
	// Output:
	// foo.go:21 rank 1 (slice)
	// foo.go:11 rank 2 (slice)
	// foo.go:18 rank 3 (slice)
	// foo.go:14 rank 4 (slice)
	// foo.go:13 rank 5 (slice)
	// foo.go:12 rank 6 (spectrum)
}
