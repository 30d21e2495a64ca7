package interp

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// TestFuncs returns the TestXxx(t *testing.T) functions of the test
// variant of package pkgPath (load with Config.Tests), in the order go test
// runs them: the package's own tests, then those of its external _test
// package, each in source order (files by name, then by position).
func (p *Program) TestFuncs(pkgPath string) []*ssa.Function {
	return p.testFuncs(pkgPath, "Test", "T")
}

// FuzzFuncs returns the fuzz targets FuzzXxx(f *testing.F) of the test
// variant of package pkgPath, in the order of [Program.TestFuncs]. go test
// runs them after the tests, on their seed corpus only.
func (p *Program) FuzzFuncs(pkgPath string) []*ssa.Function {
	return p.testFuncs(pkgPath, "Fuzz", "F")
}

// goTestFuncs returns what go test runs: the tests, the fuzz targets,
// then the examples.
func (p *Program) goTestFuncs(pkgPath string) []*ssa.Function {
	return append(append(p.TestFuncs(pkgPath), p.FuzzFuncs(pkgPath)...), p.exampleFuncs(pkgPath)...)
}

func (p *Program) testFuncs(pkgPath, prefix, param string) []*ssa.Function {
	var out []*ssa.Function
	for _, path := range []string{pkgPath, pkgPath + "_test"} {
		pk := p.Package(path)
		if pk == nil {
			continue
		}
		var fns []*ssa.Function
		for _, m := range pk.Members {
			fn, ok := m.(*ssa.Function)
			if ok && isTestFunc(fn, prefix, param) {
				fns = append(fns, fn)
			}
		}
		sort.Slice(fns, func(i, j int) bool {
			a, b := p.Fset.Position(fns[i].Pos()), p.Fset.Position(fns[j].Pos())
			if a.Filename != b.Filename {
				return a.Filename < b.Filename
			}
			return a.Offset < b.Offset
		})
		out = append(out, fns...)
	}
	return out
}

// isTestFunc reports whether fn is a go test function in a _test.go file:
// prefix+Xxx(t *testing.param) (Test and T, or Fuzz and F), or
// prefix+Xxx() if param is "" (Example).
func isTestFunc(fn *ssa.Function, prefix, param string) bool {
	name := fn.Name()
	if !strings.HasPrefix(name, prefix) || fn.Signature.Recv() != nil || fn.Signature.Results().Len() != 0 {
		return false
	}
	if len(name) > len(prefix) {
		if c := name[len(prefix)]; c >= 'a' && c <= 'z' {
			return false
		}
	}
	if !strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	ps := fn.Signature.Params()
	if param == "" { // an example
		return ps.Len() == 0
	}
	return ps.Len() == 1 && isTesting(ps.At(0).Type(), param)
}

// isTesting reports whether t is *testing.name.
func isTesting(t types.Type, name string) bool {
	if name == "" {
		return false
	}
	pt, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := pt.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == name
}

// testFunc returns the test, fuzz target or example (with an output
// comment) named name of the test variant of pkgPath, or nil.
func (p *Program) testFunc(pkgPath, name string) *ssa.Function {
	for _, path := range []string{pkgPath, pkgPath + "_test"} {
		pk := p.Package(path)
		if pk == nil {
			continue
		}
		fn := pk.Func(name)
		if fn == nil {
			continue
		}
		if isTestFunc(fn, "Test", "T") || isTestFunc(fn, "Fuzz", "F") {
			return fn
		}
		if isTestFunc(fn, "Example", "") {
			if _, ok := p.exampleSpec(fn); ok {
				return fn
			}
		}
	}
	return nil
}

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
	switch {
	case !p.tests:
		return nil, fmt.Errorf("trace: ListTests: %s: the program was loaded without its tests (set Config.Tests)", pkgPath)
	case p.Package(pkgPath) == nil && p.Package(pkgPath+"_test") == nil:
		return nil, fmt.Errorf("trace: ListTests: no in-scope package %s", pkgPath)
	}
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	o.NoTrace = true
	var names []string
	var errs []error
	for _, fn := range p.goTestFuncs(pkgPath) {
		if err := ctx.Err(); err != nil {
			return names, err
		}
		if keep != nil && !keep(fn.Name()) {
			continue
		}
		if _, ok := p.exampleSpec(fn); ok {
			names = append(names, fn.Name())
			continue
		}
		var earlier []*ssa.Function
		if o.EarlierTests {
			earlier = p.earlierTests(pkgPath, fn, o.EarlierOnly) // testrun_order.go
		}
		g, res, err := p.runGoTest(ctx, fn, fn.Name(), earlier, &o)
		var tests []*goTest // fn's, not the earlier tests'
		for _, t := range g.tests {
			if t.within(fn.Name()) {
				tests = append(tests, t)
			}
		}
		if err != nil {
			errs = append(errs, &TestError{Test: fn.Name(), Err: err})
		} else if res != nil && res.Outcome == BudgetExceeded && len(tests) > 1 {
			// go test has no budget: subtests this run did not reach
			// may have run after those it started.
			errs = append(errs, &TestError{Test: fn.Name(), Err: fmt.Errorf("listing may be incomplete: the run ran out of budget (%s) after starting %d subtests", res.Failure, len(tests)-1)})
		}
		for _, t := range tests {
			if !t.hasSub {
				names = append(names, t.name)
			}
		}
	}
	return names, errors.Join(errs...)
}

// ListGoTest lists the cases of the test function or fuzz target name of
// package pkgPath, as [Program.ListTestsOf] does for it alone, and returns
// with them the run that listed them, as [Program.RunGoTest] returns the
// run of case name: a listing with opts.CoverOnly also gives the
// function's coverage (Result.Covered), so that a caller who wants both
// runs the function once. An example is listed without running it (the
// result is nil). The error is RunGoTest's, or, as ListTestsOf reports
// it, that the run ran out of budget after starting subtests (the listing
// may be incomplete); the cases found are returned regardless.
func (p *Program) ListGoTest(ctx context.Context, pkgPath, name string, opts *RunOptions) ([]string, *CaseResult, error) {
	if fn := p.testFunc(pkgPath, name); fn != nil {
		if _, ok := p.exampleSpec(fn); ok {
			return []string{name}, nil, nil
		}
	}
	gr, g, err := p.runGoTestCovered(ctx, pkgPath, name, opts)
	if g == nil {
		return nil, gr, err
	}
	var names []string
	started := 0
	for _, t := range g.tests {
		if !t.within(name) {
			continue
		}
		started++
		if !t.hasSub {
			names = append(names, t.name)
		}
	}
	if err == nil && gr != nil && gr.Result != nil && gr.Outcome == BudgetExceeded && started > 1 {
		err = fmt.Errorf("listing may be incomplete: the run ran out of budget (%s) after starting %d subtests", gr.Failure, started-1)
	}
	return names, gr, err
}
