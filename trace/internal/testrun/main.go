package testrun

import (
	"context"
	"go/types"
	"io"
	"strings"
	"sync"

	"github.com/faultloc/faultloc/trace/internal/interp"
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
	// An example's output is captured in out, what it writes to
	// standard error in errOut; ran and finished say whether m.Run
	// called it and whether it returned.
	example       bool
	out, errOut   io.Writer
	ran, finished bool
}

// runMain runs TestMain tm with a fresh *testing.M whose Run runs mr, in
// directory dir (see RunWith).
func runMain(ctx context.Context, p *interp.Program, tm *ssa.Function, mr *mainRun, opts *interp.RunOptions, dir string) (*interp.Result, error) {
	mt := tm.Signature.Params().At(0).Type().(*types.Pointer).Elem()
	m := interp.NewValue(p, mt)
	goMains.Store(interp.Addr(m), mr)
	defer goMains.Delete(interp.Addr(m))
	return interp.RunWith(ctx, p, tm, []interp.Value{m}, opts, dir, nil)
}

// runExampleIn runs the example of mr from m.Run's call c, capturing its
// output.
func runExampleIn(c interp.Call, mr *mainRun) interp.Value {
	if mr.ran {
		return interp.Int(0)
	}
	mr.ran = true
	defer captureExample(c, mr.out, mr.errOut)()
	callEv, _ := c.Site()
	c.CallSSA(mr.fn, nil, callEv, c.Path())
	mr.finished = true
	return interp.Int(0)
}

// goMains maps the address of an interpreted testing.M to its mainRun.
var goMains sync.Map // unsafe.Pointer -> *mainRun

// testMain returns the TestMain(m *testing.M) of the package of test fn
// (its own test package or the external one), or nil.
func testMain(p *interp.Program, fn *ssa.Function) *ssa.Function {
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
func mRun(c interp.Call, args []interp.Value) interp.Value {
	if interp.Addr(args[0]) == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
	}
	x, ok := goMains.Load(interp.Addr(args[0]))
	if !ok {
		panic(&interp.BridgeError{Func: "(*testing.M).Run", CallSite: c.Pos(), Reason: "a testing.M not created by RunGoTest"})
	}
	mr := x.(*mainRun)
	flagEv, _ := c.Site()
	parseFlags(c, flagEv, interp.Mix(c.Path(), -8, 0)) // M.Run's flag.Parse (flags.go)
	if mr.example {
		return runExampleIn(c, mr)
	}
	t := mr.top
	if t.started {
		return interp.Int(0) // a second m.Run: the tests ran already
	}
	g := t.g
	g.runEarlier(c) // order.go
	t.caller = c
	t.path = c.Path()
	callEv, _ := c.Site()
	g.start(t)
	g.captureStdout(c, func() {
		t.body(c, func() {
			c.CallSSA(mr.fn, []interp.Value{t.tv}, callEv, t.path)
		})
		t.runCleanups(c)
	})
	g.finish(t)
	if t.failed {
		return interp.Int(1)
	}
	return interp.Int(0)
}

func init() {
	interp.RegisterBridge("(*testing.M).Run", mRun)
}
