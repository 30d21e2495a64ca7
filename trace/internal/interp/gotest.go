package interp

import (
	"context"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// The go test methods of Program call the emulation of go test, package
// testrun, which registers itself as the GoTester. It is a client of the
// interpreter: what it uses of it is in extcall.go.

// A GoTester runs and lists a package's go test functions under the
// interpreter. The go test methods of Program (RunGoTest, ListTests,
// TestFuncs...) call the one registered with RegisterGoTester; each
// method here is documented as the Program method of the same name.
type GoTester interface {
	RunGoTest(ctx context.Context, p *Program, pkgPath, name string, opts *RunOptions) (*CaseResult, error)
	// RunFuzzInput runs the case target/entry of [Program.FuzzCase].
	RunFuzzInput(ctx context.Context, p *Program, pkgPath, target, entry string, args []Value, opts *RunOptions) (*CaseResult, error)
	ListTestsOf(ctx context.Context, p *Program, pkgPath string, keep func(name string) bool, opts *RunOptions) ([]string, error)
	ListGoTest(ctx context.Context, p *Program, pkgPath, name string, opts *RunOptions) ([]string, *CaseResult, error)
	TestFuncs(p *Program, pkgPath string) []*ssa.Function
	FuzzFuncs(p *Program, pkgPath string) []*ssa.Function
}

var goTester GoTester

// RegisterGoTester makes g the emulation of go test that Program's go
// test methods call. Package testrun registers itself when it is
// initialized; call it only from an init function.
func RegisterGoTester(g GoTester) { goTester = g }

// tester returns the registered GoTester.
func tester() GoTester {
	if goTester == nil {
		panic("trace: no emulation of go test is linked in (import trace/internal/testrun)")
	}
	return goTester
}

// RunGoTest runs the test case name of package pkgPath: "TestX" runs the
// test function TestX with all its subtests; "TestX/a/b" runs TestX, but
// each t.Run call runs its function only if its subtest is on the path to
// TestX/a/b or below it, like go test -run '^TestX$/^a$/^b$'. Fuzz targets
// are named the same way ("FuzzX/seed#0" is an f.Add seed, "FuzzX/file" a
// testdata/fuzz file); an example "ExampleX" fails if its output differs
// from its output comment (Result.Failure is go test's got/want message;
// there are no Assertions). If the package has a TestMain, it is the
// entry of the run and its m.Run runs the named case. The result is that
// of the named case (see [CaseResult]). Instance keys of a run
// are stable between runs of the same case: a subtest's frames are named
// by the t.Run call that started it, whichever other subtests ran.
//
// The error is non-nil if pkgPath has no such test function (a
// *NoTestError), or if the case did not run although nothing steered the
// run (no Hooks values, branches or substitutions, no Presets): its parent
// ran without starting it, as go test -run reports "no tests to run" (a
// *NoTestError, with the result, Ran false); or for failures of the
// interpreter, as for [Program.Run]; or a *BudgetError for a case with
// native evidence (it passes natively) that runs out of a default budget
// (see [SetMaxSteps]). The result, with its partial trace, is returned
// when a run was started.
func (p *Program) RunGoTest(ctx context.Context, pkgPath, name string, opts *RunOptions) (*CaseResult, error) {
	return growCase(ctx, p, "run", pkgPath, name, opts, func(o *RunOptions) (*CaseResult, error) {
		return tester().RunGoTest(ctx, p, pkgPath, name, o)
	})
}

// TestFuncs returns the TestXxx(t *testing.T) functions of the test
// variant of package pkgPath (load with Config.Tests), in the order go test
// runs them: the package's own tests, then those of its external _test
// package, each in source order (files by name, then by position).
func (p *Program) TestFuncs(pkgPath string) []*ssa.Function { return tester().TestFuncs(p, pkgPath) }

// FuzzFuncs returns the fuzz targets FuzzXxx(f *testing.F) of the test
// variant of package pkgPath, in the order of [Program.TestFuncs]. go test
// runs them after the tests, on their seed corpus only.
func (p *Program) FuzzFuncs(pkgPath string) []*ssa.Function { return tester().FuzzFuncs(p, pkgPath) }

// ListTests returns the test cases of package pkgPath, in go test's
// order: those found by running every test function of
// [Program.TestFuncs], then every fuzz target of [Program.FuzzFuncs],
// under the interpreter (the leaf subtests, and the tests that run no
// subtest, in the order they started), then the examples with an output
// comment (listed without running them). Runs are not traced (opts.NoTrace is forced); opts' budget,
// hooks and seed apply. A test that cannot be interpreted, or whose run
// exhausts a budget after starting subtests (later ones would not be
// found), adds a
// *TestError to the returned error (an errors.Join), and listing goes on
// with the next test function; the cases found are returned regardless.
// A subtest such a run cut off is listed, and named in that error: it
// may have subtests still to start, and run alone it may not be the case
// go test runs.
// A program loaded without its tests (Config.Tests) has none to list: an
// error. With opts.EarlierTests each test function runs after those
// before it, as RunGoTest runs a case with it, so that the subtests it
// starts are those go test sees (quadratic in the number of test
// functions).
func (p *Program) ListTests(ctx context.Context, pkgPath string, opts *RunOptions) ([]string, error) {
	return p.ListTestsOf(ctx, pkgPath, nil, opts)
}

// ListTestsOf is [Program.ListTests] for the test functions, fuzz targets
// and examples whose name keep accepts (nil: all), as go test -run runs
// only the top-level tests whose name matches its pattern's first level:
// the others are neither run nor listed.
func (p *Program) ListTestsOf(ctx context.Context, pkgPath string, keep func(name string) bool, opts *RunOptions) ([]string, error) {
	return tester().ListTestsOf(ctx, p, pkgPath, keep, opts)
}

// ListGoTest lists the cases of the test function or fuzz target name of
// package pkgPath, as [Program.ListTestsOf] does for it alone, and returns
// with them the run that listed them, as [Program.RunGoTest] returns the
// run of case name: a listing with opts.CoverOnly also gives the
// function's coverage (Result.Covered), so that a caller who wants both
// runs the function once. An example is listed without running it (the
// result is nil). The error is RunGoTest's, or, as ListTestsOf reports
// it, that the run ran out of budget after starting subtests (the listing
// may be incomplete, naming a subtest the run cut off, listed though it
// may have subtests not started); the cases found are returned regardless.
func (p *Program) ListGoTest(ctx context.Context, pkgPath, name string, opts *RunOptions) ([]string, *CaseResult, error) {
	var names []string
	res, err := growCase(ctx, p, "list", pkgPath, name, opts, func(o *RunOptions) (*CaseResult, error) {
		var res *CaseResult
		var err error
		names, res, err = tester().ListGoTest(ctx, p, pkgPath, name, o)
		return res, err
	})
	return names, res, err
}

// FuzzCase returns the case that runs fuzz target target (FuzzXxx) of
// package pkgPath on one input of the caller's, args (the fuzz
// function's arguments after its *testing.T), as go test runs an entry
// of the target's seed corpus: the case is the subtest target/entry, and
// runs the target's body up to f.Fuzz, then the fuzz function on args
// alone. Test generators (localize's SAT-TAR) run their inputs so. entry
// names the input; it must not be the name of a seed ("seed#N") or of a
// corpus file of the target, whose entry would run instead. An argument
// that does not fit the fuzz function's parameters fails the case, as a
// bad corpus entry does.
func (p *Program) FuzzCase(pkgPath, target, entry string, args []Value) Case {
	return fuzzCase{p: p, pkg: pkgPath, target: target, entry: entry, args: slices.Clone(args)}
}

type fuzzCase struct {
	p           *Program
	pkg, target string
	entry       string
	args        []Value
}

func (c fuzzCase) Name() string { return c.target + "/" + c.entry }

func (c fuzzCase) Run(ctx context.Context, opts *RunOptions) (*CaseResult, error) {
	return growCase(ctx, c.p, "fuzz", c.pkg, c.target+"/"+c.entry, opts, func(o *RunOptions) (*CaseResult, error) {
		return tester().RunFuzzInput(ctx, c.p, c.pkg, c.target, c.entry, c.args, o)
	})
}
