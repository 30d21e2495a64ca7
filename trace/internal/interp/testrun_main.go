package interp

import (
	"context"
	"go/types"
	"io"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// A package with a TestMain(m *testing.M) runs its tests through it, as
// go test does: TestMain is the entry of the run, and m.Run runs the test
// (or the case) being run, then returns the exit code go test's m.Run
// would (0, or 1 if the test failed). What TestMain does around m.Run
// (setup, teardown, os.Exit) is interpreted. An example runs inside
// TestMain too, its output captured during m.Run.

// mainRun is the test (or example) that m.Run of one run runs.
type mainRun struct {
	fn  *ssa.Function
	top *goTest // the test's state; nil for an example
	// An example's output is captured in out; ran and finished say
	// whether m.Run called it and whether it returned.
	example       bool
	out           io.Writer
	ran, finished bool
}

// runMain runs TestMain tm with a fresh *testing.M whose Run runs mr, in
// directory dir (see RunWith).
func runMain(ctx context.Context, p *Program, tm *ssa.Function, mr *mainRun, opts *RunOptions, dir string) (*Result, error) {
	mt := tm.Signature.Params().At(0).Type().(*types.Pointer).Elem()
	m := NewValue(p, mt)
	goMains.Store(Addr(m), mr)
	defer goMains.Delete(Addr(m))
	return RunWith(ctx, p, tm, []Value{m}, opts, dir, nil)
}

// runExampleIn runs the example of mr from m.Run's call c, capturing its
// output.
func runExampleIn(c Call, mr *mainRun) Value {
	if mr.ran {
		return Int(0)
	}
	mr.ran = true
	restore := c.SetStdout(io.MultiWriter(mr.out, c.Stdout()))
	defer restore()
	callEv, _ := c.Site()
	c.CallSSA(mr.fn, nil, callEv, c.Path())
	mr.finished = true
	return Int(0)
}

// goMains maps the address of an interpreted testing.M to its mainRun.
var goMains sync.Map // unsafe.Pointer -> *mainRun

// testMain returns the TestMain(m *testing.M) of the package of test fn
// (its own test package or the external one), or nil.
func testMain(p *Program, fn *ssa.Function) *ssa.Function {
	if fn.Pkg == nil {
		return nil
	}
	base := strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test")
	for _, path := range []string{base, base + "_test"} {
		if pk := p.Package(path); pk != nil {
			if tm := pk.Func("TestMain"); tm != nil && tm.Signature.Params().Len() == 1 && isTesting(tm.Signature.Params().At(0).Type(), "M") {
				return tm
			}
		}
	}
	return nil
}

// mRun is the bridge of (*testing.M).Run.
func mRun(c Call, args []Value) Value {
	if Addr(args[0]) == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
	}
	x, ok := goMains.Load(Addr(args[0]))
	if !ok {
		panic(&BridgeError{Func: "(*testing.M).Run", CallSite: c.Pos(), Reason: "a testing.M not created by RunGoTest"})
	}
	mr := x.(*mainRun)
	if mr.example {
		return runExampleIn(c, mr)
	}
	t := mr.top
	if t.started {
		return Int(0) // a second m.Run: the tests ran already
	}
	g := t.g
	g.runEarlier(c) // testrun_order.go
	t.caller = c
	t.path = c.Path()
	callEv, _ := c.Site()
	g.start(t)
	g.captureStdout(c, func() {
		t.body(c, func() {
			c.CallSSA(mr.fn, []Value{t.tv}, callEv, t.path)
		})
		t.runCleanups(c)
	})
	g.finish(t)
	if t.failed {
		return Int(1)
	}
	return Int(0)
}

func init() {
	RegisterBridge("(*testing.M).Run", mRun)
}
