package interp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A Case is one test case the interpreter can run: a Go test, subtest or
// Example of a loaded package ([Program.GoTestCase]), a function called
// with arguments and judged by an oracle ([Program.TestCase]), or a
// caller's own harness. The packages that consume runs (spectra,
// slicing, encode, localize) take a Case and read its [CaseResult], so a
// go test case and a test given as data are the same thing to them.
//
// Run must be deterministic for the same options: localization re-runs a
// case with hooks and relies on instance keys being stable up to the
// first point where a run diverges.
type Case interface {
	// Name is the case's name: a Go test's full name ("TestX/sub"), a
	// Test's Name.
	Name() string
	// Run runs the case once with opts (nil: defaults) and judges it.
	// The error is for failures of the interpreter or of the harness,
	// not for a failing case: a case that fails is a result with Failed
	// set.
	Run(ctx context.Context, opts *RunOptions) (*CaseResult, error)
}

// CaseResult is the outcome of one run of a [Case].
type CaseResult struct {
	// Result is the run. For a Go test it is the run of the top-level
	// TestXxx function (of the package's TestMain around it, if any),
	// restricted to the subtests on the path to the named case (other
	// t.Run calls return without running their function). Its Outcome
	// says how the named case ended: Returned if it passed or was
	// skipped, AssertionFailed if it failed (Failure holds its
	// assertions' messages), or the outcome of the whole run (Panicked,
	// BudgetExceeded, Exited) if that ended it; Stopped if the run ended
	// at Hooks.StopAt while the case was running (Failed then says
	// whether it had failed by then).
	*Result
	// Name is the case's full name, for example "TestClassify/T8".
	Name string
	// Ran reports whether the named case was reached. A subtest that its
	// parent never runs (for example because hooks changed the parent's
	// control flow) has Ran false, and Failed and Skipped false.
	Ran bool
	// Failed reports whether the case failed as go test decides it: one of
	// its assertions (t.Error*, t.Fatal*, t.Fail*) or of its subtests
	// failed, or it panicked, exited or ran out of budget; for a Test,
	// whether its oracle rejected the run.
	Failed bool
	// Skipped reports whether the case called t.Skip*, t.SkipNow.
	Skipped bool
	// Assertions are the failed assertions of the named case and of its
	// subtests, in execution order: reaching one is the failure.
	Assertions []Assertion
	// Log is what go test -json reports as the output of the case and its
	// subtests: its "=== RUN" line, the lines that t.Log*, t.Error*,
	// t.Fatal* and t.Skip* printed (indented, with file:line, helpers
	// skipped), and its "--- PASS/FAIL/SKIP" line, with durations shown as
	// 0.00s.
	Log string
	// Example is set when the case is an Example that ran: what it
	// printed and what its output comment expects.
	Example *ExampleOutput
	// Test is set when the case is a test given as data: its oracle
	// (expected results or a predicate) is what judged the run.
	Test *Test
}

// Passed reports whether the case ran and did not fail (a skipped case
// passes, as go test counts it).
func (r *CaseResult) Passed() bool { return r != nil && r.Ran && !r.Failed }

// FailureEvents returns the events of the run that show its failure, the
// criteria a slice of the failure starts from: the failed assertions, for
// a Test the events that defined the results its oracle rejects (all
// results when a predicate rejected them), and the panicking event (or,
// for a run-time error without an event, the events of the faulting
// frame at the panic's line, which are the faulting instruction's
// operands). It returns nil
// for a run without a trace or without such events.
func (r *CaseResult) FailureEvents() []EventID {
	if r == nil || r.Result == nil || r.Trace == nil || r.Trace.Len() == 0 {
		return nil
	}
	var out []EventID
	for _, a := range r.Assertions {
		if a.Event != NoEvent {
			out = append(out, a.Event)
		}
	}
	if r.Panic != nil && r.Outcome == Panicked {
		out = append(out, r.PanicEvents()...)
	}
	return out
}

// PanicEvents returns the events of the run's panic, the criteria a slice
// of it starts from: the panicking event if the trace has one, else (run-time errors such as a division by zero are not recorded
// as events) the trailing events of the last frame at the panic's line,
// which are the faulting instruction's operands, or the last event.
// It returns nil if the run did not panic or has no trace.
func (r *Result) PanicEvents() []EventID {
	if r == nil || r.Panic == nil || r.Trace == nil {
		return nil
	}
	if r.Panic.Event >= 0 {
		return []EventID{r.Panic.Event}
	}
	t := r.Trace
	last := EventID(t.Len() - 1)
	if last < 0 {
		return nil
	}
	var out []EventID
	for e := last; e >= 0 && t.CallOf(e) == t.CallOf(last) && t.Pos(e).Line == r.Panic.Pos.Line && t.Pos(e).Filename == r.Panic.Pos.Filename; e-- {
		out = append(out, e)
	}
	if len(out) == 0 {
		out = append(out, last)
	}
	slices.Reverse(out)
	return out
}

// GoTestCase returns the Go test case name (a test function, a subtest
// path such as "TestClassify/T8", or an Example) of package pkgPath as a
// [Case]; running it is [Program.RunGoTest]. The program must be loaded
// with its tests ([Config.Tests]).
func (p *Program) GoTestCase(pkgPath, name string) Case {
	return goTestCase{p: p, pkg: pkgPath, name: name}
}

type goTestCase struct {
	p         *Program
	pkg, name string
}

func (c goTestCase) Name() string { return c.name }

func (c goTestCase) Run(ctx context.Context, opts *RunOptions) (*CaseResult, error) {
	return c.p.RunGoTest(ctx, c.pkg, c.name, opts)
}

// TestCase returns the test given as data t as a [Case]; running it is
// [Program.RunTest]. Its results carry t (CaseResult.Test) and, when the
// oracle rejects a run that returned, one Assertion per rejected result
// (one for each result, when Check rejected them together) at the event that defined
// that result, so that [CaseResult.FailureEvents] names them.
func (p *Program) TestCase(t Test) Case { return testCase{p: p, t: t} }

// TestCases returns the tests given as data ts as Cases ([Program.TestCase]).
func (p *Program) TestCases(ts []Test) []Case {
	cs := make([]Case, len(ts))
	for i, t := range ts {
		cs[i] = p.TestCase(t)
	}
	return cs
}

type testCase struct {
	p *Program
	t Test
}

func (c testCase) Name() string { return c.t.Name }

func (c testCase) Run(ctx context.Context, opts *RunOptions) (*CaseResult, error) {
	if c.t.Func == nil {
		return nil, &TestError{Test: c.t.Name, Err: fmt.Errorf("trace: test has no function")}
	}
	res, err := c.p.RunTest(ctx, c.t, opts)
	if res == nil {
		return nil, err
	}
	t := c.t
	cr := &CaseResult{Result: res, Name: t.Name, Ran: true, Failed: !res.Passed(), Test: &t}
	if cr.Failed && res.Outcome == AssertionFailed && res.Trace != nil {
		cr.Assertions = rejectedResults(res, t)
	}
	return cr, err
}

// Rebind returns the case of p that is c in the program c was made for,
// when both programs were loaded from the same source and may differ in
// their overlays (a mutant schema, a patched file): a go test case or a
// fuzz case becomes p's case of the same package path, name and input,
// and a test given as data p's test with the same Name, Args and oracle
// whose Func is p's function of the same package path and name (for a
// method, of the same receiver type). The test and fuzz functions are
// found when the case runs: a case p does not have then gives the
// *NoTestError that [Program.GoTestCase]'s would. Rebind fails with a
// *RebindError for a test whose Func is nil, a function literal, a
// synthetic wrapper or an instance of a generic function, or that p does
// not declare with the same signature, and for a Case of a type trace
// did not make (a caller's own harness, a wrapper), which trace cannot
// look into.
func (p *Program) Rebind(c Case) (Case, error) {
	switch c := c.(type) {
	case goTestCase:
		c.p = p
		return c, nil
	case fuzzCase:
		c.p = p
		return c, nil
	case testCase:
		if c.p == p {
			return c, nil
		}
		g, err := p.rebindFunc(c.t.Func)
		if err != nil {
			return nil, &RebindError{Case: c.t.Name, Reason: err.Error()}
		}
		c.p, c.t.Func = p, g
		return c, nil
	case nil:
		return nil, &RebindError{Reason: "no case (nil)"}
	}
	return nil, &RebindError{Case: c.Name(), Reason: fmt.Sprintf("a case of type %T, not made by trace", c)}
}

// rebindFunc returns p's function that is f in the program f belongs to:
// a package-level function, or a method of a named type, found by package
// path and name.
func (p *Program) rebindFunc(f *ssa.Function) (*ssa.Function, error) {
	switch {
	case f == nil:
		return nil, errors.New("the test has no function")
	case f.Parent() != nil:
		return nil, fmt.Errorf("its function %s is a function literal", f)
	case f.Synthetic != "" || f.Object() == nil || f.Pkg == nil:
		return nil, fmt.Errorf("its function %s is not declared in a package (%s)", f, cmp.Or(f.Synthetic, "no declaration"))
	case f.Origin() != nil || f.TypeParams().Len() > 0 || len(f.TypeArgs()) > 0:
		return nil, fmt.Errorf("its function %s is generic or an instance of a generic function", f)
	}
	name := f.Name()
	if recv := f.Signature.Recv(); recv != nil {
		t, ptr := types.Unalias(recv.Type()), false
		if pt, ok := t.(*types.Pointer); ok {
			t, ptr = types.Unalias(pt.Elem()), true
		}
		named, ok := t.(*types.Named)
		if !ok {
			return nil, fmt.Errorf("its method %s has a receiver of unnamed type %s", f, recv.Type())
		}
		if ptr {
			name = "(*" + named.Obj().Name() + ")." + name
		} else {
			name = named.Obj().Name() + "." + name
		}
	}
	path := f.Pkg.Pkg.Path()
	g := p.Func(path, name)
	if g == nil {
		return nil, fmt.Errorf("no function %s in package %s of the program", name, path)
	}
	if want, got := types.TypeString(f.Signature, types.RelativeTo(f.Pkg.Pkg)), types.TypeString(g.Signature, types.RelativeTo(g.Pkg.Pkg)); want != got {
		return nil, fmt.Errorf("function %s of package %s has signature %s in the program, not %s", name, path, got, want)
	}
	return g, nil
}

// RebindError reports a case that [Program.Rebind] cannot find in
// another program: Reason says why.
type RebindError struct {
	Case   string // the case's name ("" for a nil case)
	Reason string
}

// Error formats the error, naming the case.
func (e *RebindError) Error() string {
	return fmt.Sprintf("trace: case %q cannot be found in another program: %s", e.Case, e.Reason)
}

// rejectedResults returns the assertions of a run whose results t's
// oracle rejected: one at the defining event of each result that differs
// from t.Want, or, when a predicate rejected the run or it returned when
// it should have panicked, one at the entry function's Return.
func rejectedResults(res *Result, t Test) []Assertion {
	tr := res.Trace
	ret := tr.EntryReturn()
	if ret == NoEvent {
		return nil
	}
	pos := tr.Pos(ret)
	var out []Assertion
	if t.Want != nil && !t.WantPanic && len(t.Want) == len(res.Returns) {
		for i, w := range t.Want {
			if Equal(res.Returns[i], w) {
				continue
			}
			e := tr.ResultEvent(i)
			out = append(out, Assertion{Test: t.Name, Event: e, Cond: NoEvent, Pos: tr.Pos(e), Message: fmt.Sprintf("result %d = %v, want %v", i, res.Returns[i], w)})
		}
	}
	if len(out) == 0 {
		// A predicate judged the results together: each is a criterion.
		for i := range res.Returns {
			e := tr.ResultEvent(i)
			out = append(out, Assertion{Test: t.Name, Event: e, Cond: NoEvent, Pos: tr.Pos(e), Message: res.Failure})
		}
	}
	if len(out) == 0 {
		out = append(out, Assertion{Test: t.Name, Event: ret, Cond: NoEvent, Pos: pos, Message: res.Failure})
	}
	return out
}

// EntryReturn returns the Return event of the run's entry function: the
// last Return executed by the root frame that ran last (package
// initializers run before the entry function). It returns NoEvent if the
// entry did not return.
func (t *Trace) EntryReturn() EventID {
	var entry *ssa.Function
	for e := EventID(t.Len() - 1); e >= 0; e-- {
		if t.CallOf(e) != NoEvent {
			continue
		}
		if entry == nil {
			entry = t.Func(e)
		} else if t.Func(e) != entry {
			break
		}
		if _, ok := t.Instr(e).(*ssa.Return); ok {
			return e
		}
	}
	return NoEvent
}

// ResultEvent returns the event that defined result i of the run's entry
// function (in naive form, the load of the result variable). When no
// event defines it (a constant), it returns the Return event itself, so
// that a slice from it holds what decided that this return was reached;
// NoEvent if the entry did not return or has no result i.
func (t *Trace) ResultEvent(i int) EventID {
	ret := t.EntryReturn()
	if ret == NoEvent {
		return NoEvent
	}
	r := t.Instr(ret).(*ssa.Return)
	if i < 0 || i >= len(r.Results) {
		return NoEvent
	}
	for _, d := range t.Deps(ret, nil) {
		if t.SSAValue(d) == r.Results[i] {
			return d
		}
	}
	return ret
}

// ExampleOutput is the output of an Example, printed and expected.
type ExampleOutput struct {
	// Got is what the example printed to standard output.
	Got string
	// Want is the text of its output comment (after "Output:" or
	// "Unordered output:").
	Want string
	// Unordered reports an "Unordered output:" comment: the lines may come
	// in any order.
	Unordered bool
}

// Assertion is a failed assertion of an interpreted test: a call of
// t.Error, t.Errorf, t.Fatal, t.Fatalf, t.Fail or t.FailNow.
type Assertion struct {
	// Event is the call event of the assertion (in the test code: a call
	// through a method wrapper such as a testing.TB interface is reported
	// at its call site); NoEvent if the run was not traced.
	Event EventID
	// Pos is the position of that call.
	Pos token.Position
	// Message is the message the call logged ("" for Fail and FailNow).
	Message string
	// Cond is the failing condition's instance: the branch (an If event)
	// the call is control dependent on, as [Trace.ControlParent] finds it;
	// NoEvent if the call is not under a branch of its function or the run
	// was not traced.
	Cond EventID
	// Fatal reports whether the call stopped the test (Fatal*, FailNow).
	Fatal bool
	// Test is the full name of the test or subtest that failed.
	Test string
}

// TestError reports that a test function could not be interpreted: it
// wraps the interpreter's error (an *UnsupportedError, *BridgeError,
// *InternalError or a context error) with the test's name.
type TestError struct {
	Test string // the test function's name
	Err  error  // the interpreter's error
}

// Error formats the error, naming what went wrong and where.
func (e *TestError) Error() string { return "trace: " + e.Test + ": " + e.Err.Error() }

// Unwrap returns the interpreter's error.
func (e *TestError) Unwrap() error { return e.Err }

// NoTestError reports that a package has no test function of the given
// name, or that the named subtest did not run: its parent ran without
// starting it (go test -run reports "no tests to run").
type NoTestError struct {
	Pkg  string // the package's import path
	Name string // the test function's name, or the subtest's full name
	why  string // why the case did not run, if the function exists
}

// Error formats the error, naming what went wrong and where.
func (e *NoTestError) Error() string {
	switch {
	case strings.Contains(e.Name, "/"):
		return fmt.Sprintf("trace: test case %s of %s did not run: %s", e.Name, e.Pkg, e.why)
	case e.why != "":
		return fmt.Sprintf("trace: test function %s of %s did not run: %s", e.Name, e.Pkg, e.why)
	}
	return fmt.Sprintf("trace: no test function %s in the test variant of %s", e.Name, e.Pkg)
}
