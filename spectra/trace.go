package spectra

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"strings"

	"github.com/faultloc/faultloc/trace"
)

// Traces is a [Source] whose test cases are runs of faultloc's interpreter
// ([trace.Program.RunTest]): one test case per [trace.Test], passing when
// the run returned and its oracle accepted it, failing when it panicked,
// exceeded its budget or was rejected. Elements are the source lines the
// trace executed ([trace.Trace.Lines]; Kind Line, the default) or its
// executed SSA instructions (Kind Instruction: position and instruction
// text). The elements of the interpreted functions that no run executed
// are declared too, so they rank (last) like native coverage's.
type Traces struct {
	Program *trace.Program
	Tests   []trace.Test
	Kind    Kind              // Line (default) or Instruction
	Options *trace.RunOptions // options of every run; nil: trace's defaults
}

var _ Source = (*Traces)(nil)

// Collect runs every test and adds it to into. An interpreter error (an
// unsupported construct, a bridge failure) stops the collection: the test
// has no trustworthy outcome. Each run's trace is released
// (trace.Trace.Release) once its elements are taken, so that the next
// runs reuse its memory: a hook of Options must not keep it.
func (s *Traces) Collect(ctx context.Context, into Sink) error {
	if s.Program == nil {
		return errors.New("spectra: Traces needs a Program")
	}
	if s.Kind != Line && s.Kind != Instruction {
		return fmt.Errorf("spectra: traces give line or instruction elements, not %v", s.Kind)
	}
	var last *trace.Trace
	for _, t := range s.Tests {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := s.Program.RunTest(ctx, t, s.Options)
		if err != nil {
			return fmt.Errorf("spectra: test %s: %w", t.Name, err)
		}
		if res.Trace == nil {
			return fmt.Errorf("spectra: test %s: run without a trace (RunOptions.NoTrace)", t.Name)
		}
		test := Test{Name: t.Name, Outcome: Pass}
		if !res.Passed() {
			test.Outcome = Fail
			test.Message = res.Outcome.String()
			if res.Failure != "" {
				test.Message += ": " + res.Failure
			}
		}
		if _, err := into.Add(test, TraceElements(res.Trace, s.Kind)); err != nil {
			return err
		}
		// Its elements are taken: the trace's memory is for the next
		// runs (trace.Trace.Release); the last one stays for its statics.
		last.Release()
		last = res.Trace
	}
	if last != nil {
		// Every trace snapshots all statics compiled so far.
		into.AddElements(staticElements(last, s.Kind, nil)...)
		last.Release()
	}
	return nil
}

// CodeElements is TraceElements without the elements in _test.go files:
// what a test executed of the code under test (test code is the oracle,
// not a fault candidate).
func CodeElements(tr *trace.Trace, kind Kind) []Element {
	var out []Element
	for _, e := range TraceElements(tr, kind) {
		if !strings.HasSuffix(e.File, "_test.go") {
			out = append(out, e)
		}
	}
	return out
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
	executed := make([]bool, tr.NumStatics())
	for e := range tr.Len() {
		executed[tr.Static(trace.EventID(e))] = true
	}
	return staticElements(tr, kind, executed)
}

// staticElements returns the elements of the trace's statics (those marked
// in only, if only is not nil), deduplicated, in static order.
func staticElements(tr *trace.Trace, kind Kind, only []bool) []Element {
	seen := map[Element]bool{}
	var out []Element
	for s := range tr.NumStatics() {
		if only != nil && !only[s] {
			continue
		}
		st := tr.StaticInfo(trace.StaticID(s))
		if st.Synthetic || st.Library || !st.Position.IsValid() || !inBody(st) {
			continue
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
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// inBody reports whether st lies in the body of a function written in the
// source (not a package initializer, not the header).
func inBody(st *trace.Static) bool {
	fn := st.Func
	if fn == nil || fn.Synthetic == "package initializer" {
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
