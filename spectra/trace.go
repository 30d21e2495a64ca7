package spectra

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"strings"

	"github.com/faultloc/faultloc/internal/inorder"
	"github.com/faultloc/faultloc/trace"
)

// Traces is a [Source] whose test cases are runs of faultloc's interpreter:
// one test case per [trace.Case] (a Go test case, a test given as data or
// a caller's own), passing or failing as its [trace.CaseResult] says;
// cases that did not run or were skipped are left out. Elements are the source lines the
// run executed (Kind Line, the default) or its executed SSA instructions
// (Kind Instruction: position and instruction text), those a trace of it
// would name (see [TraceElements]); runs record only that
// ([trace.RunOptions.CoverOnly]), which spares recording their traces.
// The elements of the interpreted functions that no run executed are
// declared too, so they rank (last) like native coverage's.
type Traces struct {
	Program *trace.Program
	Cases   []trace.Case
	Kind    Kind              // Line (default) or Instruction
	Options *trace.RunOptions // options of every run (CoverOnly is set); nil: trace's defaults
	// Code leaves out the elements of test code: of _test.go files and
	// of the module's test helpers (trace.Static.Support); test code is
	// the oracle, not a fault candidate. Default: false, every element.
	Code bool
	// KeepGoing leaves out a case the interpreter cannot run and goes on
	// with the next; Collect then returns the cases' errors joined (each
	// a *trace.TestError), after collecting the others. Default: false,
	// the first such error stops the collection.
	KeepGoing bool
	// Parallel is how many cases run at once. The rows are added in the
	// order of Cases either way, and the collection stops where the
	// sequential one would: runs of later cases under way then are
	// cancelled and dropped. Default 0 or 1: one case after another.
	Parallel int
}

var _ Source = (*Traces)(nil)

// Collect runs every test and adds it to into. An interpreter error (an
// unsupported construct, a bridge failure) stops the collection, unless
// KeepGoing: the test has no trustworthy outcome.
func (s *Traces) Collect(ctx context.Context, into Sink) error {
	if s.Program == nil {
		return errors.New("spectra: Traces needs a Program")
	}
	if s.Kind != Line && s.Kind != Instruction {
		return fmt.Errorf("spectra: traces give line or instruction elements, not %v", s.Kind)
	}
	var o trace.RunOptions
	if s.Options != nil {
		o = *s.Options
	}
	o.CoverOnly = true
	cache := newElementCache(programStatics{s.Program}, s.Kind, s.Code)
	var errs []error
	var stop error // what ended the collection early
	type run struct {
		res *trace.CaseResult
		err error
	}
	inorder.Run(ctx, len(s.Cases), s.Parallel, func(ctx context.Context, i int) run {
		oc := o // each run its own copy
		res, err := s.Cases[i].Run(ctx, &oc)
		return run{res, err}
	}, func(i int, r run, ran bool) bool {
		c := s.Cases[i]
		if !ran { // ctx ended before it started
			stop = errors.Join(append(errs, ctx.Err())...)
			return false
		}
		res, err := r.res, r.err
		if err != nil {
			if s.KeepGoing && ctx.Err() == nil {
				errs = append(errs, &trace.TestError{Test: c.Name(), Err: err})
				return true
			}
			stop = fmt.Errorf("spectra: test %s: %w", c.Name(), err)
			return false
		}
		if !res.Ran || res.Skipped {
			return true
		}
		test := TestRun{Name: c.Name(), Steps: res.Steps}
		if res.Failed {
			test.Failed = true
			test.Message = res.Outcome.String()
			if res.Failure != "" {
				test.Message += ": " + res.Failure
			}
		}
		elems := cache.elements(res.Covered)
		if _, err := into.Add(test, elems); err != nil {
			stop = errors.Join(append(errs, err)...)
			return false
		}
		return true
	})
	if stop != nil {
		return stop
	}
	all := cache.elements(allStatics(programStatics{s.Program}))
	into.AddElements(all...)
	return errors.Join(errs...)
}

// CodeElements is TraceElements without the elements of test code: of
// _test.go files and of the module's test helpers (trace.Static.Support):
// what a test executed of the code under test (test code is the oracle,
// not a fault candidate).
func CodeElements(tr *trace.Trace, kind Kind) []Element {
	return newElementCache(tr, kind, true).elements(executedStatics(tr))
}

// CoveredCodeElements is CodeElements for a coverage-only run of p (see
// CoveredElements).
func CoveredCodeElements(p *trace.Program, covered []trace.StaticID, kind Kind) []Element {
	return newElementCache(programStatics{p}, kind, true).elements(covered)
}

// codeStatic reports whether st is code under test: not in a _test.go
// file, nor in a test helper of the module.
func codeStatic(st *trace.Static) bool {
	return !st.Support && !strings.HasSuffix(st.Position.Filename, "_test.go")
}

// TraceElements returns the elements a trace executed: its lines (Kind
// Line) or its instructions (Kind Instruction). To count what native
// coverage counts, it skips instructions whose position is a fallback
// (trace's Synthetic), those of the generic standard packages the
// interpreter runs from source (trace's Library; go test -cover does not
// cover the standard library), those of package initializers (run before
// every test; go test -cover does not instrument them) and those
// positioned in a function's header (parameter spills, before the body's
// opening brace).
func TraceElements(tr *trace.Trace, kind Kind) []Element {
	return staticElements(tr, kind, executedStatics(tr))
}

// executedStatics returns the static instructions of the events of tr,
// in increasing order.
func executedStatics(tr *trace.Trace) []trace.StaticID {
	executed := make([]bool, tr.NumStatics())
	for e := range tr.Len() {
		executed[tr.Static(trace.EventID(e))] = true
	}
	var ids []trace.StaticID
	for s, ok := range executed {
		if ok {
			ids = append(ids, trace.StaticID(s))
		}
	}
	return ids
}

// CoveredElements is TraceElements for a run of p that recorded only the
// static instructions it executed ([trace.Result.Covered] of a run with
// [trace.RunOptions.CoverOnly], in increasing order): the same elements,
// without a trace.
func CoveredElements(p *trace.Program, covered []trace.StaticID, kind Kind) []Element {
	return staticElements(programStatics{p}, kind, covered)
}

// statics is where staticElements looks up static instructions: a trace
// (its snapshot of the program's) or the program.
type statics interface {
	NumStatics() int
	StaticInfo(trace.StaticID) *trace.Static
}

// programStatics looks statics up in a program.
type programStatics struct{ p *trace.Program }

func (ps programStatics) NumStatics() int { return ps.p.NumStatics() }

func (ps programStatics) StaticInfo(s trace.StaticID) *trace.Static {
	st, _ := ps.p.StaticInfo(s) // s < NumStatics: ok
	return &st
}

// allStatics returns the IDs of all statics of in.
func allStatics(in statics) []trace.StaticID {
	ids := make([]trace.StaticID, in.NumStatics())
	for s := range ids {
		ids[s] = trace.StaticID(s)
	}
	return ids
}

// staticElements returns the elements of the statics ids of in (in
// increasing order), deduplicated, in static order.
func staticElements(in statics, kind Kind, ids []trace.StaticID) []Element {
	return newElementCache(in, kind, false).elements(ids)
}

// staticElement returns the element of st, false if it has none (see
// TraceElements).
func staticElement(st *trace.Static, kind Kind) (Element, bool) {
	if st.Synthetic || st.Library || !st.Position.IsValid() || !InBody(st) {
		return Element{}, false
	}
	e := Element{Kind: kind, File: st.Position.Filename, Line: st.Position.Line}
	if kind == Instruction {
		e.Col = st.Position.Column
		if st.Instr != nil {
			e.Name = st.Instr.String()
		} else if st.Value != nil {
			e.Name = st.Value.Name()
		}
	}
	return e, true
}

// InBody reports whether st lies in the body of a function written in the
// source (not a package initializer, not the header): the instructions
// whose lines spectra rank.
func InBody(st *trace.Static) bool {
	fn := st.Func
	if fn == nil || fn.Synthetic != "" && fn.Origin() == nil {
		// A package initializer, or a wrapper SSA made (a bound
		// method's closure, an interface method's thunk), positioned
		// at the header of the function it wraps; an instance of a
		// generic function is its origin's source.
		return false
	}
	var body *ast.BlockStmt
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		body = syn.Body
	case *ast.FuncLit:
		body = syn.Body
	}
	return body == nil || st.Pos > body.Lbrace
}
