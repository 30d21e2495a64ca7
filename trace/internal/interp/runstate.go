package interp

import (
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"
)

// What a stand-in outside the package (package bridge) keeps or asks of
// the run it is called in: storage of its own per run, hooks at the run's
// end, the run's virtual clock (bridge_state.go), program, seed, working
// directory and stack.

// State returns the value stored for key in c's run, made by init on the
// first call with key in the run: state a stand-in keeps per run (the
// files a program opened...). key is a value of a type of the caller's
// own, as a context key is. Each run's state is its own; nothing of it is
// shared with concurrent runs.
func (c Call) State(key any, init func() any) any {
	r := c.r
	if v, ok := r.ext[key]; ok {
		return v
	}
	if r.ext == nil {
		r.ext = map[any]any{}
	}
	v := init()
	r.ext[key] = v
	return v
}

// AtEnd registers f to be called once when c's run ends, however it ends
// (after its result is known; the latest registered first): to release
// what a stand-in holds for the run, such as files left open.
func (c Call) AtEnd(f func()) { c.r.atEnd = append(c.r.atEnd, f) }

// end calls the functions AtEnd registered.
func (r *run) end() {
	for i := len(r.atEnd) - 1; i >= 0; i-- {
		r.atEnd[i]()
	}
}

// Now reads the run's virtual clock, as time.Now does in the interpreted
// program: it advances the clock by a microsecond.
func (c Call) Now() time.Time {
	st := c.r.bridges()
	st.now += time.Microsecond
	return virtualTime(st.now)
}

// Program returns the program c's run runs.
func (c Call) Program() *Program { return c.r.p }

// Seed returns the run's seed (RunOptions.Seed), from which stand-ins
// draw what a native run would draw at random, so that runs are
// reproducible.
func (c Call) Seed() uint64 { return c.r.seed }

// InScope reports whether the functions of pkg are interpreted from
// source in c's run (a package of Program.Packages, or a library Load
// interprets), rather than bridged.
func (c Call) InScope(pkg *ssa.Package) bool { return c.r.p.inScope(pkg) }

// Dir returns the working directory of the interpreted program, in which
// its relative file names are (a test's package directory, see
// [RunWith]), or "" for the process's.
func (c Call) Dir() string { return c.r.dir }

// Stack returns the static instructions of the calls in progress on c's
// goroutine, innermost first: c's own call, then the call in progress in
// each caller's frame, up to the outermost frame of the goroutine as Go
// would run it (a function a go statement or time.AfterFunc started, and
// a test's function, which go test's t.Run, f.Fuzz and m.Run start, have
// no interpreted caller natively, where each runs on a goroutine of its
// own), and what lies beyond it natively. The frames of go/ssa's wrappers
// are left out, as the Go runtime leaves out its own (isWrapper). The
// frames of a native function that called back into interpreted code
// come between the callback and the native function's caller
// (nativecall.go).
func (c Call) Stack() ([]StackCall, StackEnd) {
	var sids []StackCall
	var ns nativeStack
	for f, at := c.fr, c.in; f != nil && at != nil; f = f.caller {
		if !isWrapper(f.c.fn) {
			sids = append(sids, StackCall{Static: at.sid})
		}
		if c.r.calledBackFrom(f) {
			nf := ns.next()
			for i := range nf {
				sids = append(sids, StackCall{Native: &nf[i]})
			}
		}
		if f.caller == nil {
			if isTestFunc(f.c.fn) {
				return sids, EndOfTest
			}
			if c.r.p.isExampleFunc(f.c.fn) {
				return sids, EndOfExample
			}
			return sids, EndOfRun
		}
		at = f.caller.at
		st, _ := c.r.p.StaticInfo(at.sid)
		switch in := st.Instr.(type) {
		case *ssa.Go:
			return sids, EndOfGoroutine
		case *ssa.Call:
			callee := in.Call.StaticCallee()
			if callee != nil && callee.String() == "time.AfterFunc" {
				return sids, EndOfGoroutine
			}
			// f was started by native code: a bridged function, or an
			// interface's method that is no interpreted method.
			native := callee != nil && (len(callee.Blocks) == 0 || bridgedSource(callee)) ||
				in.Call.IsInvoke() && f.c.fn.Signature.Recv() == nil && f.c.fn.Synthetic == ""
			if native && isTestFunc(f.c.fn) {
				return sids, EndOfTest
			}
		}
	}
	return sids, EndOfRun
}

// A StackEnd says which frames the Go runtime would show beyond the
// outermost one [Call.Stack] returns.
type StackEnd int

const (
	EndOfRun       StackEnd = iota // the run's entry: none
	EndOfGoroutine                 // a goroutine's function: runtime.goexit
	EndOfTest                      // a test's function: testing.tRunner, then runtime.goexit
	// An Example's function, which go test runs on the main goroutine:
	// testing's runExample, runExamples and M.Run, the test binary's
	// main.main, runtime.main and runtime.goexit.
	EndOfExample
)

// isExampleFunc reports whether fn is an Example of a _test.go file,
// func ExampleXxx() without parameters and results, which go test runs
// on its main goroutine.
func (p *Program) isExampleFunc(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Recv() != nil || sig.Params().Len() != 0 || sig.Results().Len() != 0 || fn.Parent() != nil ||
		!strings.HasPrefix(fn.Name(), "Example") || fn.Pkg == nil {
		return false
	}
	return strings.HasSuffix(p.Fset.Position(fn.Pos()).Filename, "_test.go")
}

// isTestFunc reports whether fn is a test's function or a fuzz target's,
// func(*testing.T, ...), which go test runs on a goroutine of its own
// under testing.tRunner.
func isTestFunc(fn *ssa.Function) bool {
	ps := fn.Signature.Params()
	return ps.Len() >= 1 && fn.Signature.Results().Len() == 0 && fn.Signature.Recv() == nil &&
		types.TypeString(ps.At(0).Type(), nil) == "*testing.T"
}

// isWrapper reports whether fn is a method wrapper, a bound method
// wrapper (a method value's function) or a thunk (a method expression's)
// that go/ssa makes: what the Go compiler makes as wrappers too, which
// tracebacks and runtime.Callers leave out.
func isWrapper(fn *ssa.Function) bool {
	s := fn.Synthetic
	return strings.HasPrefix(s, "wrapper for ") || strings.HasPrefix(s, "bound method wrapper for ") || strings.HasPrefix(s, "thunk for ")
}

// Fatal ends the run as a fatal error of the Go runtime does (a throw,
// which no recover stops): the outcome is Panicked, with message msg.
func (c Call) Fatal(msg string) { panic(fatalError{msg}) }
