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
// TestMain. The flag package's functions that test packages use to define
// flags are bridged too: a flag has its default value, as under go test
// without flags.

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
	// Test packages define flags (var update = flag.Bool("update", ...));
	// go test runs them without flags: every flag has its default value.
	bridges["flag.Parse"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	bridges["flag.Parsed"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Bool(true) }
	bridges["flag.NArg"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Int(0) }
	bridges["flag.Args"] = func(r *run, fr *frame, in *ins, args []Value) Value { return Value{k: KindSlice} }
	for _, kind := range []string{"Bool", "String", "Int", "Int64", "Uint", "Uint64", "Float64", "Duration"} {
		// flag.Kind(name, value, usage) *T
		bridges["flag."+kind] = func(r *run, fr *frame, in *ins, args []Value) Value {
			return Value{k: KindPointer, p: ptrOf(&cell{v: args[1], st: NoEvent})}
		}
		// flag.KindVar(p *T, name, value, usage)
		bridges["flag."+kind+"Var"] = func(r *run, fr *frame, in *ins, args []Value) Value {
			if args[0].p == nil {
				r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
			}
			(*cell)(args[0].p).v = args[2]
			return Value{}
		}
	}
}
