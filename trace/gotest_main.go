package trace

import (
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// A package with a TestMain(m *testing.M) runs its tests through it, as
// go test does: TestMain is the entry of the run, and m.Run runs the test
// (or the case) being run, then returns the exit code go test's m.Run
// would (0, or 1 if the test failed). What TestMain does around m.Run
// (setup, teardown, os.Exit) is interpreted. Examples run without
// TestMain.

// mainRun is the test that m.Run of one run runs.
type mainRun struct {
	fn  *ssa.Function
	top *goTest
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
	t := mr.top
	if t.started {
		return Int(0) // a second m.Run: the tests ran already
	}
	g := t.g
	t.caller = fr
	t.path = mix(fr.path, in.sid, fr.occ[in.loc]-1)
	callEv, _ := r.callSite(fr, in)
	g.start(t)
	t.body(r, fr, func() {
		r.invokeCode(fr, in, r.p.code(mr.fn), nil, nil, []Value{t.tv}, nil, callEv, t.path)
	})
	t.runCleanups(r, fr, in)
	g.finish(t)
	if t.failed {
		return Int(1)
	}
	return Int(0)
}

func init() {
	bridges["(*testing.M).Run"] = mRun
	bridges["flag.Parse"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
}
