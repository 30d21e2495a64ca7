package testrun

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// testOf returns the state of the test whose *testing.T (or its common
// field) is v.
func testOf(c interp.Call, v interp.Value) *goTest {
	if interp.Addr(v) == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
	}
	x, ok := goTests.Load(interp.Addr(v))
	if !ok {
		panic(&interp.BridgeError{Func: "testing.T", CallSite: c.Pos(), Reason: "a testing.T not created by RunGoTest"})
	}
	return x.(*goTest)
}

// logPos returns the file:line go test prints before a log line of t:
// the call site, skipping method wrappers and functions marked by
// t.Helper (of t or a parent), but not beyond t's own function.
func (t *goTest) logPos(c interp.Call) string {
	pos := c.CallerPos(t.caller, t.isHelper)
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
// interpreter's os.Getenv reads) until t ends, as t.Setenv does; never in
// the process's environment, which concurrent runs and faultloc itself
// share.
func (t *goTest) setenv(c interp.Call, key, value string) {
	t.env = append(t.env, c.Setenv(key, value))
}

func (t *goTest) restoreEnv() {
	for len(t.env) > 0 {
		t.env[len(t.env)-1]()
		t.env = t.env[:len(t.env)-1]
	}
}

// log prints s as a log line of t (testing's common.log).
func (t *goTest) log(c interp.Call, s string) {
	s = strings.TrimSuffix(s, "\n")
	s = strings.ReplaceAll(s, "\n", "\n"+indent+indent)
	dest := t
	for dest.done && dest.parent != nil {
		dest = dest.parent
	}
	t.g.printf(dest.name, indent+t.logPos(c)+s+"\n")
}

// assert records a failed assertion of t.
func (t *goTest) assert(c interp.Call, msg string, fatal bool) {
	ev, pos := c.Site()
	cond := interp.NoEvent
	if ev != interp.NoEvent {
		cond = c.Cond(ev)
	}
	t.g.asserts = append(t.g.asserts, interp.Assertion{Event: ev, Pos: pos, Message: msg, Cond: cond, Fatal: fatal, Test: t.name})
	t.fail()
}

// exit stops t's function like runtime.Goexit: deferred calls run, then
// the t.Run that started t returns.
func (t *goTest) exit(c interp.Call) {
	c.Goexit(t)
}

// run runs the function fnv of a subtest t on args (t's *testing.T first),
// started by the call c (t.Run, f.Fuzz), then its cleanups, and ends it.
func (t *goTest) run(c interp.Call, fnv interp.Value, args []interp.Value) {
	callEv, _ := c.Site()
	t.body(c, func() { c.CallFunc(fnv, args, callEv, t.path) })
	t.runCleanups(c)
	t.g.finish(t)
}

// runCleanups runs the functions t.Cleanup registered, last first, from
// c (the root for a top-level test).
func (t *goTest) runCleanups(c interp.Call) {
	if f := t.icancel; interp.Addr(f) != nil {
		t.icancel = interp.Value{}
		t.body(c, func() { c.CallFunc(f, nil, interp.NoEvent, interp.Mix(t.path, -6, 0)) })
	}
	for i := int32(0); len(t.cleanups) > 0; i++ {
		f := t.cleanups[len(t.cleanups)-1]
		t.cleanups = t.cleanups[:len(t.cleanups)-1]
		t.body(c, func() { c.CallFunc(f, nil, interp.NoEvent, interp.Mix(t.path, -5, i)) })
	}
}

// body runs f, a test function or cleanup of t called from c, and stops a
// Goexit that ends it; panics go on.
func (t *goTest) body(c interp.Call, f func()) {
	if owner, exited := c.CatchGoexit(f); exited {
		t.g.goexited(t, owner)
	}
}

func init() {
	type method = func(c interp.Call, t *goTest, args []interp.Value) interp.Value
	// sprint formats as testing's Log, Error, Fatal and Skip do:
	// fmt.Sprintln, whose newline log removes (an argument ending in a
	// newline leaves an empty line in the output, as in go test).
	sprint := func(c interp.Call, s interp.Value) string {
		return c.Sprintln(s)
	}
	sprintf := func(c interp.Call, format, s interp.Value) string {
		return c.Sprintf(format.Str(), s)
	}
	methods := map[string]method{
		"Name": func(c interp.Call, t *goTest, args []interp.Value) interp.Value { return interp.String(t.name) },
		"Failed": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			return interp.Bool(t.failed)
		},
		"Skipped": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			return interp.Bool(t.skipped)
		},
		"Fail": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.assert(c, "", false)
			return interp.Value{}
		},
		"FailNow": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.assert(c, "", true)
			t.exit(c)
			return interp.Value{}
		},
		"Log": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.log(c, sprint(c, args[1]))
			return interp.Value{}
		},
		"Logf": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.log(c, sprintf(c, args[1], args[2]))
			return interp.Value{}
		},
		"Error": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			line := sprint(c, args[1])
			t.log(c, line)
			t.assert(c, strings.TrimSuffix(line, "\n"), false)
			return interp.Value{}
		},
		"Errorf": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			msg := sprintf(c, args[1], args[2])
			t.log(c, msg)
			t.assert(c, msg, false)
			return interp.Value{}
		},
		"Fatal": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			line := sprint(c, args[1])
			t.log(c, line)
			t.assert(c, strings.TrimSuffix(line, "\n"), true)
			t.exit(c)
			return interp.Value{}
		},
		"Fatalf": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			msg := sprintf(c, args[1], args[2])
			t.log(c, msg)
			t.assert(c, msg, true)
			t.exit(c)
			return interp.Value{}
		},
		"SkipNow": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.skipped = true
			t.exit(c)
			return interp.Value{}
		},
		"Skip": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.log(c, sprint(c, args[1]))
			t.skipped = true
			t.exit(c)
			return interp.Value{}
		},
		"Skipf": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.log(c, sprintf(c, args[1], args[2]))
			t.skipped = true
			t.exit(c)
			return interp.Value{}
		},
		"Helper": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			if t.helpers == nil {
				t.helpers = map[*ssa.Function]bool{}
			}
			t.helpers[c.Func()] = true
			return interp.Value{}
		},
		"Cleanup": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.cleanups = append(t.cleanups, args[1])
			return interp.Value{}
		},
		"Setenv": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			t.setenv(c, args[1].Str(), args[2].Str())
			return interp.Value{}
		},
		"Parallel": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			// Tests run one at a time, a parallel one when it calls
			// t.Parallel rather than when its parent's function returns:
			// its own events and output are those of go test, the
			// interleaving with its siblings' is not.
			t.g.update(t.name, "=== PAUSE %s\n", t.name)
			t.g.update(t.name, "=== CONT  %s\n", t.name)
			return interp.Value{}
		},
		"Context": func(c interp.Call, t *goTest, args []interp.Value) interp.Value {
			// context.WithCancel(context.Background()), interpreted when
			// Load interprets context (a loaded package imports it), so
			// that interpreted code can select on its Done channel;
			// canceled just before the test's cleanups run, as testing
			// does.
			if interp.Addr(t.ictx) != nil {
				return t.ictx
			}
			if bg, wc := contextFuncs(t.g.p); bg != nil {
				bgv := c.CallValue(c.FuncValue(bg), nil)
				res := c.CallValue(c.FuncValue(wc), []interp.Value{bgv})
				t.ictx, t.icancel = res.Index(0), res.Index(1)
				return t.ictx
			}
			if t.ctx == nil {
				t.ctx, t.cancel = context.WithCancel(context.Background())
			}
			return c.NativeValue(t.ctx)
		},
		"Run": func(c interp.Call, parent *goTest, args []interp.Value) interp.Value {
			g := parent.g
			name := g.unique(parent.name, rewriteName(args[1].Str()))
			parent.hasSub = true
			earlier := false
			if !g.selects(name) && !parent.earlier {
				if !g.runsEarlier() {
					return interp.Bool(true)
				}
				earlier = true
			}
			t := g.newTest(name, parent, g.testingType("T"))
			t.caller = c
			t.path = c.Path()
			t.earlier = earlier || parent.earlier
			if earlier {
				g.runEarlierSub(c, t, args[2]) // order.go
				return interp.Bool(!t.failed)
			}
			g.start(t)
			t.run(c, args[2], []interp.Value{t.tv})
			return interp.Bool(!t.failed)
		},
	}
	for name, m := range methods {
		m := m
		f := func(c interp.Call, args []interp.Value) interp.Value {
			return m(c, testOf(c, args[0]), args)
		}
		switch name {
		case "Run", "Parallel":
			interp.RegisterBridge("(*testing.T)."+name, f)
		case "Setenv":
			interp.RegisterBridge("(*testing.T)."+name, f)
			interp.RegisterBridge("(*testing.common)."+name, f)
		case "Fail", "Helper", "Skipped": // testing.F has its own
			interp.RegisterBridge("(*testing.F)."+name, f)
			interp.RegisterBridge("(*testing.common)."+name, f)
		default:
			interp.RegisterBridge("(*testing.common)."+name, f)
		}
	}
	// The testing package's functions, as under go test -json without
	// -short and without coverage.
	constant := func(v interp.Value) func(interp.Call, []interp.Value) interp.Value {
		return func(c interp.Call, args []interp.Value) interp.Value { return v }
	}
	interp.RegisterBridge("testing.Short", constant(interp.Bool(false)))
	interp.RegisterBridge("testing.Testing", constant(interp.Bool(true)))
	interp.RegisterBridge("testing.Verbose", constant(interp.Bool(true)))
	interp.RegisterBridge("testing.CoverMode", constant(interp.String("")))
	// AllocsPerRun calls f once, then runs times, like testing's; the
	// interpreter does not count allocations: it reports none.
	interp.RegisterBridge("testing.AllocsPerRun", func(c interp.Call, args []interp.Value) interp.Value {
		for i := int64(0); i <= args[0].Int(); i++ {
			c.CallValue(args[1], nil)
		}
		return interp.Float(0)
	})
}

// contextFuncs returns context.Background and context.WithCancel when p
// interprets context from source (Load does when a loaded package imports
// it), else nils.
func contextFuncs(p *interp.Program) (background, withCancel *ssa.Function) {
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
