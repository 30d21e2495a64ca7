package interp

import (
	"context"
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// testOf returns the state of the test whose *testing.T (or its common
// field) is v.
func (r *run) testOf(fr *frame, in *ins, v Value) *goTest {
	if v.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	x, ok := goTests.Load(v.p)
	if !ok {
		panic(&BridgeError{Func: "testing.T", CallSite: r.pos(in), Reason: "a testing.T not created by RunGoTest"})
	}
	return x.(*goTest)
}

// callSiteSearch bounds how many events back callSite looks for the call
// of a testing method: the events of the String methods its arguments'
// formatting ran.
const callSiteSearch = 1 << 16

// callSite returns the call event (NoEvent if none was recorded) and the
// position of the call of a testing method that is being bridged, seen
// from the test code: calls through method wrappers (a testing.TB
// interface) are reported at the wrapper's call site.
func (r *run) callSite(fr *frame, in *ins) (EventID, token.Position) {
	ev := NoEvent
	if r.tr != nil {
		// The call's event is the last one, unless formatting the
		// arguments ran interpreted String or Error methods, whose events
		// follow it.
		for e, n := EventID(r.tr.Len()-1), 0; e >= 0 && n < callSiteSearch; e, n = e-1, n+1 {
			if r.tr.Static(e) == in.sid {
				ev = e
				break
			}
		}
	}
	f, at := fr, in
	for f.c.fn.Synthetic != "" && f.caller != nil {
		ev, at, f = f.callEv, f.caller.at, f.caller
	}
	return ev, r.pos(at)
}

// logPos returns the file:line go test prints before a log line of t:
// the call site, skipping method wrappers and functions marked by
// t.Helper (of t or a parent), but not beyond t's own function.
func (t *goTest) logPos(r *run, fr *frame, in *ins) string {
	f, at := fr, in
	for f.caller != nil && f.caller != t.caller && (f.c.fn.Synthetic != "" || t.isHelper(f.c.fn)) {
		at, f = f.caller.at, f.caller
	}
	pos := r.pos(at)
	file, line := filepath.Base(pos.Filename), pos.Line
	if pos.Filename == "" {
		file = "???"
	}
	if line == 0 {
		line = 1
	}
	return fmt.Sprintf("%s:%d: ", file, line)
}

func (t *goTest) isHelper(fn *ssa.Function) bool {
	for ; t != nil; t = t.parent {
		if t.helpers[fn] {
			return true
		}
	}
	return false
}

// setenv sets an environment variable in the run's overlay (which the
// interpreter's os.Getenv reads, bridge_state.go) until t ends, as
// t.Setenv does; never in the process's environment, which concurrent
// runs and faultloc itself share.
func (t *goTest) setenv(r *run, key, value string) {
	prev, had := r.bridges().env[key]
	t.env = append(t.env, func() {
		if had {
			r.setEnv(key, prev)
		} else {
			delete(r.bridges().env, key)
		}
	})
	r.setEnv(key, &value)
}

func (t *goTest) restoreEnv() {
	for len(t.env) > 0 {
		t.env[len(t.env)-1]()
		t.env = t.env[:len(t.env)-1]
	}
}

// log prints s as a log line of t (testing's common.log).
func (t *goTest) log(r *run, fr *frame, in *ins, s string) {
	s = strings.TrimSuffix(s, "\n")
	s = strings.ReplaceAll(s, "\n", "\n"+indent+indent)
	dest := t
	for dest.done && dest.parent != nil {
		dest = dest.parent
	}
	t.g.printf(dest.name, indent+t.logPos(r, fr, in)+s+"\n")
}

// assert records a failed assertion of t.
func (t *goTest) assert(r *run, fr *frame, in *ins, msg string, fatal bool) {
	ev, pos := r.callSite(fr, in)
	cond := NoEvent
	if ev != NoEvent {
		if c := r.tr.ControlParent(ev); c != NoEvent {
			sid := r.tr.Static(c)
			r.p.mu.Lock()
			_, isIf := r.p.statics[sid].Instr.(*ssa.If)
			r.p.mu.Unlock()
			if isIf {
				cond = c
			}
		}
	}
	t.g.asserts = append(t.g.asserts, Assertion{Event: ev, Pos: pos, Message: msg, Cond: cond, Fatal: fatal, Test: t.name})
	t.fail()
}

// exit stops t's function like runtime.Goexit: deferred calls run, then
// the t.Run that started t returns.
func (t *goTest) exit(r *run, fr *frame, in *ins) {
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: goexit{owner: t}, t: typeRef{id: -1}})}, NoEvent)
}

// run runs the function fnv of a subtest t on args (t's *testing.T first),
// started by the call in of frame fr (t.Run, f.Fuzz), then its cleanups,
// and ends it.
func (t *goTest) run(r *run, fr *frame, in *ins, fnv Value, args []Value) {
	callEv, _ := r.callSite(fr, in)
	t.body(r, fr, func() { t.call(r, fr, in, fnv, args, callEv, t.path) })
	t.runCleanups(r, fr, in)
	t.g.finish(t)
}

// runCleanups runs the functions t.Cleanup registered, last first, from
// frame fr (nil for a top-level test).
func (t *goTest) runCleanups(r *run, fr *frame, in *ins) {
	if f := t.icancel; f.p != nil {
		t.icancel = Value{}
		t.body(r, fr, func() { t.call(r, fr, in, f, nil, NoEvent, mix(t.path, -6, 0)) })
	}
	for i := int32(0); len(t.cleanups) > 0; i++ {
		f := t.cleanups[len(t.cleanups)-1]
		t.cleanups = t.cleanups[:len(t.cleanups)-1]
		t.body(r, fr, func() { t.call(r, fr, in, f, nil, NoEvent, mix(t.path, -5, i)) })
	}
}

// call calls the interpreted func value fnv from frame fr (nil: as a root).
func (t *goTest) call(r *run, fr *frame, in *ins, fnv Value, args []Value, callEv EventID, path uint64) {
	if fnv.p == nil {
		nilDeref := Value{k: KindInterface, p: ptrOf(&iface{nat: runtimeError{"invalid memory address or nil pointer dereference"}, t: typeRef{id: -1}})}
		if fr == nil {
			panic(&interpPanic{v: nilDeref, ev: NoEvent})
		}
		r.throw(fr, in, nilDeref, NoEvent)
	}
	cl := (*closure)(fnv.p)
	if cl.fn == nil {
		panic(&BridgeError{Func: cl.name, CallSite: r.pos(in), Reason: "test function without an interpreted body"})
	}
	c := cl.fn.ensure(r.p)
	if fr == nil {
		var argEv []EventID
		if r.tr != nil {
			argEv = make([]EventID, len(args))
			for i := range argEv {
				argEv[i] = NoEvent
			}
		}
		r.enter(nil, nil, c, cl.env, cl.envEv, args, argEv, callEv, path, false)
		return
	}
	r.invokeCode(fr, in, c, cl.env, cl.envEv, args, nil, callEv, path)
}

// body runs f, a test function or cleanup of t called from frame fr, and
// stops a Goexit that ends it; panics go on.
func (t *goTest) body(r *run, fr *frame, f func()) {
	depth := r.depth
	defer func() {
		x := recover()
		r.depth, r.cur = depth, fr
		if x == nil {
			return
		}
		if ip, ok := x.(*interpPanic); ok && isGoexit(ip.v) {
			t.g.goexited(t, ip.v)
			return
		}
		panic(x)
	}()
	f()
}

func init() {
	type method = func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value
	// sprint formats as testing's Log, Error, Fatal and Skip do:
	// fmt.Sprintln, whose newline log removes (an argument ending in a
	// newline leaves an empty line in the output, as in go test).
	sprint := func(r *run, fr *frame, s Value) string {
		return fmt.Sprintln(r.variadicArgs(fr, s)...)
	}
	sprintf := func(r *run, fr *frame, format, s Value) string {
		a := r.variadicArgs(fr, s)
		return fmt.Sprintf(r.rewriteT(format.Str(), a, s), a...)
	}
	methods := map[string]method{
		"Name": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value { return String(t.name) },
		"Failed": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			return Bool(t.failed)
		},
		"Skipped": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			return Bool(t.skipped)
		},
		"Fail": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.assert(r, fr, in, "", false)
			return Value{}
		},
		"FailNow": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.assert(r, fr, in, "", true)
			t.exit(r, fr, in)
			return Value{}
		},
		"Log": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.log(r, fr, in, sprint(r, fr, args[1]))
			return Value{}
		},
		"Logf": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.log(r, fr, in, sprintf(r, fr, args[1], args[2]))
			return Value{}
		},
		"Error": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			line := sprint(r, fr, args[1])
			t.log(r, fr, in, line)
			t.assert(r, fr, in, strings.TrimSuffix(line, "\n"), false)
			return Value{}
		},
		"Errorf": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			msg := sprintf(r, fr, args[1], args[2])
			t.log(r, fr, in, msg)
			t.assert(r, fr, in, msg, false)
			return Value{}
		},
		"Fatal": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			line := sprint(r, fr, args[1])
			t.log(r, fr, in, line)
			t.assert(r, fr, in, strings.TrimSuffix(line, "\n"), true)
			t.exit(r, fr, in)
			return Value{}
		},
		"Fatalf": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			msg := sprintf(r, fr, args[1], args[2])
			t.log(r, fr, in, msg)
			t.assert(r, fr, in, msg, true)
			t.exit(r, fr, in)
			return Value{}
		},
		"SkipNow": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.skipped = true
			t.exit(r, fr, in)
			return Value{}
		},
		"Skip": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.log(r, fr, in, sprint(r, fr, args[1]))
			t.skipped = true
			t.exit(r, fr, in)
			return Value{}
		},
		"Skipf": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.log(r, fr, in, sprintf(r, fr, args[1], args[2]))
			t.skipped = true
			t.exit(r, fr, in)
			return Value{}
		},
		"Helper": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			f := fr
			for f.c.fn.Synthetic != "" && f.caller != nil {
				f = f.caller
			}
			if t.helpers == nil {
				t.helpers = map[*ssa.Function]bool{}
			}
			t.helpers[f.c.fn] = true
			return Value{}
		},
		"Cleanup": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.cleanups = append(t.cleanups, args[1])
			return Value{}
		},
		"Setenv": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			t.setenv(r, args[1].Str(), args[2].Str())
			return Value{}
		},
		"Parallel": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			// Tests run one at a time, a parallel one when it calls
			// t.Parallel rather than when its parent's function returns:
			// its own events and output are those of go test, the
			// interleaving with its siblings' is not.
			t.g.update(t.name, "=== PAUSE %s\n", t.name)
			t.g.update(t.name, "=== CONT  %s\n", t.name)
			return Value{}
		},
		"Context": func(r *run, fr *frame, in *ins, t *goTest, args []Value) Value {
			// context.WithCancel(context.Background()), interpreted when
			// Load interprets context (a loaded package imports it), so
			// that interpreted code can select on its Done channel;
			// canceled just before the test's cleanups run, as testing
			// does.
			if t.ictx.p != nil {
				return t.ictx
			}
			if bg, wc := contextFuncs(r.p); bg != nil {
				bgv := r.callValue(fr, in, Value{k: KindFunc, p: ptrOf(&closure{fn: r.p.code(bg), name: bg.String()})}, nil)
				res := r.callValue(fr, in, Value{k: KindFunc, p: ptrOf(&closure{fn: r.p.code(wc), name: wc.String()})}, []Value{bgv})
				tup := *(*tuple)(res.p)
				t.ictx, t.icancel = tup[0], tup[1]
				return t.ictx
			}
			if t.ctx == nil {
				t.ctx, t.cancel = context.WithCancel(context.Background())
			}
			return r.nativeIface(t.ctx)
		},
		"Run": func(r *run, fr *frame, in *ins, parent *goTest, args []Value) Value {
			g := parent.g
			name := g.unique(parent.name, rewriteName(args[1].Str()))
			parent.hasSub = true
			if !g.selects(name) {
				return Bool(true)
			}
			t := g.newTest(name, parent, g.testingType("T"))
			t.caller = fr
			t.path = mix(fr.path, in.sid, fr.occ[in.loc]-1)
			g.start(t)
			t.run(r, fr, in, args[2], []Value{t.tv})
			return Bool(!t.failed)
		},
	}
	for name, m := range methods {
		m := m
		f := func(r *run, fr *frame, in *ins, args []Value) Value {
			return m(r, fr, in, r.testOf(fr, in, args[0]), args)
		}
		switch name {
		case "Run", "Parallel":
			bridges["(*testing.T)."+name] = f
		case "Setenv":
			bridges["(*testing.T)."+name] = f
			bridges["(*testing.common)."+name] = f
		case "Fail", "Helper", "Skipped": // testing.F has its own
			bridges["(*testing.F)."+name] = f
			bridges["(*testing.common)."+name] = f
		default:
			bridges["(*testing.common)."+name] = f
		}
	}
	// The testing package's functions, as under go test -json without
	// -short and without coverage.
	constant := func(v Value) extFunc {
		return func(r *run, fr *frame, in *ins, args []Value) Value { return v }
	}
	bridges["testing.Short"] = constant(Bool(false))
	bridges["testing.Testing"] = constant(Bool(true))
	bridges["testing.Verbose"] = constant(Bool(true))
	bridges["testing.CoverMode"] = constant(String(""))
	// AllocsPerRun calls f once, then runs times, like testing's; the
	// interpreter does not count allocations: it reports none.
	bridges["testing.AllocsPerRun"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		for i := int64(0); i <= args[0].Int(); i++ {
			r.callValue(fr, in, args[1], nil)
		}
		return Float(0)
	}
}

// contextFuncs returns context.Background and context.WithCancel when p
// interprets context from source (Load does when a loaded package imports
// it), else nils.
func contextFuncs(p *Program) (background, withCancel *ssa.Function) {
	sp := p.SSA.ImportedPackage("context")
	if sp == nil {
		return nil, nil
	}
	bg, wc := sp.Func("Background"), sp.Func("WithCancel")
	if bg == nil || wc == nil || len(bg.Blocks) == 0 || len(wc.Blocks) == 0 {
		return nil, nil
	}
	return bg, wc
}
