package interp

import (
	"context"
	"go/types"
	"io"
	"strings"
	"sync"
	"unsafe"

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

// runMain runs TestMain tm with a fresh *testing.M whose Run runs mr.
func (p *Program) runMain(ctx context.Context, tm *ssa.Function, mr *mainRun, o *RunOptions) (*Result, error) {
	mt := tm.Signature.Params().At(0).Type().(*types.Pointer).Elem()
	m := Value{k: KindPointer, p: ptrOf(&cell{v: p.zero(mt), st: NoEvent})}
	goMains.Store(m.p, mr)
	defer goMains.Delete(m.p)
	return p.runOnce(ctx, tm, []Value{m}, o)
}

// runExampleIn runs the example of mr from m.Run's frame fr, capturing its
// output.
func runExampleIn(r *run, fr *frame, in *ins, mr *mainRun) Value {
	if mr.ran {
		return Int(0)
	}
	mr.ran = true
	old := r.out
	r.out = runOut{r, io.MultiWriter(mr.out, old)}
	defer func() { r.out = old }()
	callEv, _ := r.callSite(fr, in)
	r.invokeCode(fr, in, r.p.code(mr.fn), nil, nil, nil, nil, callEv, mix(fr.path, in.sid, fr.occ[in.loc]-1))
	r.cur = fr
	mr.finished = true
	return Int(0)
}

// goMains maps the address of an interpreted testing.M to its mainRun.
var goMains sync.Map // unsafe.Pointer -> *mainRun

// testMain returns the TestMain(m *testing.M) of the package of test fn
// (its own test package or the external one), or nil.
func (p *Program) testMain(fn *ssa.Function) *ssa.Function {
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
func mRun(r *run, fr *frame, in *ins, args []Value) Value {
	if args[0].p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	x, ok := goMains.Load(unsafe.Pointer(args[0].p))
	if !ok {
		panic(&BridgeError{Func: "(*testing.M).Run", CallSite: r.pos(in), Reason: "a testing.M not created by RunGoTest"})
	}
	mr := x.(*mainRun)
	if mr.example {
		return runExampleIn(r, fr, in, mr)
	}
	t := mr.top
	if t.started {
		return Int(0) // a second m.Run: the tests ran already
	}
	g := t.g
	g.runEarlier(r) // testrun_order.go
	t.caller = fr
	t.path = mix(fr.path, in.sid, fr.occ[in.loc]-1)
	callEv, _ := r.callSite(fr, in)
	g.start(t)
	g.captureStdout(r, func() {
		t.body(r, fr, func() {
			r.invokeCode(fr, in, r.p.code(mr.fn), nil, nil, []Value{t.tv}, nil, callEv, t.path)
		})
		t.runCleanups(r, fr, in)
	})
	g.finish(t)
	if t.failed {
		return Int(1)
	}
	return Int(0)
}

func init() {
	bridges["(*testing.M).Run"] = mRun
}
