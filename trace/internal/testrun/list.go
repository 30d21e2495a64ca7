package testrun

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

func (emulation) TestFuncs(p *interp.Program, pkgPath string) []*ssa.Function {
	return testFuncs(p, pkgPath, "Test", "T")
}

func (emulation) FuzzFuncs(p *interp.Program, pkgPath string) []*ssa.Function {
	return testFuncs(p, pkgPath, "Fuzz", "F")
}

// goTestFuncs returns what go test runs: the tests, the fuzz targets,
// then the examples, each in the order of [interp.Program.TestFuncs].
func goTestFuncs(p *interp.Program, pkgPath string) []*ssa.Function {
	return append(append(testFuncs(p, pkgPath, "Test", "T"), testFuncs(p, pkgPath, "Fuzz", "F")...), exampleFuncs(p, pkgPath)...)
}

// testFuncs returns the functions prefix+Xxx of the test variant of
// package pkgPath that isTestFunc accepts with param, in the order of
// [interp.Program.TestFuncs].
func testFuncs(p *interp.Program, pkgPath, prefix, param string) []*ssa.Function {
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
func testFunc(p *interp.Program, pkgPath, name string) *ssa.Function {
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
			if _, ok := exampleSpecOf(p, fn); ok {
				return fn
			}
		}
	}
	return nil
}

// loadedWithTests reports whether p was loaded with its tests
// (Config.Tests).
func loadedWithTests(p *interp.Program) bool {
	cfg, _ := p.LoadedWith()
	return cfg.Tests
}

func (emulation) ListTestsOf(ctx context.Context, p *interp.Program, pkgPath string, keep func(name string) bool, opts *interp.RunOptions) ([]string, error) {
	switch {
	case !loadedWithTests(p):
		return nil, fmt.Errorf("trace: ListTests: %s: the program was loaded without its tests (set Config.Tests)", pkgPath)
	case p.Package(pkgPath) == nil && p.Package(pkgPath+"_test") == nil:
		return nil, fmt.Errorf("trace: ListTests: no in-scope package %s", pkgPath)
	}
	var o interp.RunOptions
	if opts != nil {
		o = *opts
	}
	o.NoTrace = true
	var names []string
	var errs []error
	for _, fn := range goTestFuncs(p, pkgPath) {
		if err := ctx.Err(); err != nil {
			return names, err
		}
		if keep != nil && !keep(fn.Name()) {
			continue
		}
		if _, ok := exampleSpecOf(p, fn); ok {
			names = append(names, fn.Name())
			continue
		}
		var earlier []*ssa.Function
		if o.EarlierTests {
			earlier = earlierTests(p, pkgPath, fn, o.EarlierOnly) // order.go
		}
		g, res, err := runGoTest(ctx, p, fn, fn.Name(), earlier, nil, &o)
		var tests []*goTest // fn's, not the earlier tests'
		for _, t := range g.tests {
			if t.within(fn.Name()) {
				tests = append(tests, t)
			}
		}
		budgetOut := err == nil && res != nil && res.Outcome == interp.BudgetExceeded
		found, cut := listedCases(tests, budgetOut)
		names = append(names, found...)
		if err != nil {
			errs = append(errs, &interp.TestError{Test: fn.Name(), Err: err})
		} else if budgetOut && len(tests) > 1 {
			// go test has no budget: subtests this run did not reach
			// may have run after those it started.
			errs = append(errs, &interp.TestError{Test: fn.Name(), Err: incompleteListing(res.Failure, len(tests)-1, cut)})
		}
	}
	return names, errors.Join(errs...)
}

func (emulation) ListGoTest(ctx context.Context, p *interp.Program, pkgPath, name string, opts *interp.RunOptions) ([]string, *interp.CaseResult, error) {
	if fn := testFunc(p, pkgPath, name); fn != nil {
		if _, ok := exampleSpecOf(p, fn); ok {
			return []string{name}, nil, nil
		}
	}
	gr, g, err := runGoTestCovered(ctx, p, pkgPath, name, nil, opts)
	if g == nil {
		return nil, gr, err
	}
	var tests []*goTest
	for _, t := range g.tests {
		if t.within(name) {
			tests = append(tests, t)
		}
	}
	budgetOut := err == nil && gr != nil && gr.Result != nil && gr.Outcome == interp.BudgetExceeded
	names, cut := listedCases(tests, budgetOut)
	if budgetOut && len(tests) > 1 {
		err = incompleteListing(gr.Failure, len(tests)-1, cut)
	}
	return names, gr, err
}

// listedCases returns the cases of a listing run's tests: those that
// started no subtest. When the run ran out of budget (budgetOut), the
// subtests it cut off are also in cut: they are listed, but may have had
// subtests still to start (go test has no budget), and run alone by name
// may not run as they do under their parent (toml's suite, which filters
// its cases on os.Args, passes so). A top-level test cut off with no
// subtest started is not in cut: it is a case either way.
func listedCases(tests []*goTest, budgetOut bool) (names, cut []string) {
	for _, t := range tests {
		if t.hasSub {
			continue
		}
		names = append(names, t.name)
		if budgetOut && t.aborted && t.parent != nil {
			cut = append(cut, t.name)
		}
	}
	return names, cut
}

// incompleteListing is the error of a listing run that ran out of
// budget (failure) after starting subtests subtests, naming those it
// cut off (listedCases).
func incompleteListing(failure string, subtests int, cut []string) error {
	msg := fmt.Sprintf("listing may be incomplete: the run ran out of budget (%s) after starting %d subtests", failure, subtests)
	if len(cut) > 0 {
		msg += fmt.Sprintf("; listed as cases though the run ended before they did, so they may have subtests not started: %s", strings.Join(cut, ", "))
	}
	return errors.New(msg)
}
