package trace

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// This file runs real `go test` functions, TestXxx(t *testing.T), under
// the interpreter. The *testing.T a test receives is a zero testing.T in
// interpreted memory; the methods of testing.T (and of testing.common,
// whose methods T promotes) have no interpreted body, so calls to them
// reach the bridges below, which keep the state of each test in a
// goTest found by the address of the T's common field. Fuzz targets are in
// testrun_fuzz.go, examples in testrun_example.go, TestMain and the flag
// package in testrun_main.go.

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
		return fmt.Sprintf("trace: no test function %s in the test variant of %s: %s", e.Name, e.Pkg, e.why)
	}
	return fmt.Sprintf("trace: no test function %s in the test variant of %s", e.Name, e.Pkg)
}

// TestFuncs returns the TestXxx(t *testing.T) functions of the test
// variant of package pkgPath (load with Config.Tests), in the order go test
// runs them: the package's own tests, then those of its external _test
// package, each in source order (files by name, then by position).
func (p *Program) TestFuncs(pkgPath string) []*ssa.Function {
	return p.testFuncs(pkgPath, "Test", "T")
}

// FuzzFuncs returns the fuzz targets FuzzXxx(f *testing.F) of the test
// variant of package pkgPath, in the order of [Program.TestFuncs]. go test
// runs them after the tests, on their seed corpus only.
func (p *Program) FuzzFuncs(pkgPath string) []*ssa.Function {
	return p.testFuncs(pkgPath, "Fuzz", "F")
}

// goTestFuncs returns what go test runs: the tests, the fuzz targets,
// then the examples.
func (p *Program) goTestFuncs(pkgPath string) []*ssa.Function {
	return append(append(p.TestFuncs(pkgPath), p.FuzzFuncs(pkgPath)...), p.exampleFuncs(pkgPath)...)
}

func (p *Program) testFuncs(pkgPath, prefix, param string) []*ssa.Function {
	var out []*ssa.Function
	for _, path := range []string{pkgPath, pkgPath + "_test"} {
		pk := p.Package(path)
		if pk == nil {
			continue
		}
		var fns []*ssa.Function
		for _, m := range pk.Members {
			fn, ok := m.(*ssa.Function)
			if ok && isTestFunc(fn, prefix, param) {
				fns = append(fns, fn)
			}
		}
		sort.Slice(fns, func(i, j int) bool {
			a, b := p.Fset.Position(fns[i].Pos()), p.Fset.Position(fns[j].Pos())
			if a.Filename != b.Filename {
				return a.Filename < b.Filename
			}
			return a.Offset < b.Offset
		})
		out = append(out, fns...)
	}
	return out
}

// isTestFunc reports whether fn is a go test function in a _test.go file:
// prefix+Xxx(t *testing.param) (Test and T, or Fuzz and F), or
// prefix+Xxx() if param is "" (Example).
func isTestFunc(fn *ssa.Function, prefix, param string) bool {
	name := fn.Name()
	if !strings.HasPrefix(name, prefix) || fn.Signature.Recv() != nil || fn.Signature.Results().Len() != 0 {
		return false
	}
	if len(name) > len(prefix) {
		if c := name[len(prefix)]; c >= 'a' && c <= 'z' {
			return false
		}
	}
	if !strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, "_test.go") {
		return false
	}
	ps := fn.Signature.Params()
	if param == "" { // an example
		return ps.Len() == 0
	}
	return ps.Len() == 1 && isTesting(ps.At(0).Type(), param)
}

// isTesting reports whether t is *testing.name.
func isTesting(t types.Type, name string) bool {
	if name == "" {
		return false
	}
	pt, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := pt.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == name
}

// testFunc returns the test, fuzz target or example (with an output
// comment) named name of the test variant of pkgPath, or nil.
func (p *Program) testFunc(pkgPath, name string) *ssa.Function {
	for _, path := range []string{pkgPath, pkgPath + "_test"} {
		pk := p.Package(path)
		if pk == nil {
			continue
		}
		fn := pk.Func(name)
		if fn == nil {
			continue
		}
		if isTestFunc(fn, "Test", "T") || isTestFunc(fn, "Fuzz", "F") {
			return fn
		}
		if isTestFunc(fn, "Example", "") {
			if _, ok := p.exampleSpec(fn); ok {
				return fn
			}
		}
	}
	return nil
}

// ListTests returns the test cases of package pkgPath, in go test's
// order: those found by running every test function of
// [Program.TestFuncs], then every fuzz target of [Program.FuzzFuncs],
// under the interpreter (the leaf subtests, and the tests that run no
// subtest, in the order they started), then the examples with an output
// comment (listed without running them). Runs are not traced (opts.NoTrace is forced); opts' budget,
// hooks and seed apply. A test that cannot be interpreted, or whose run
// exhausts a budget after starting subtests (later ones would not be
// found), adds a
// *TestError to the returned error (an errors.Join), and listing goes on
// with the next test function; the cases found are returned regardless.
// A program loaded without its tests (Config.Tests) has none to list: an
// error. With opts.EarlierTests each test function runs after those
// before it, as RunGoTest runs a case with it, so that the subtests it
// starts are those go test sees (quadratic in the number of test
// functions).
func (p *Program) ListTests(ctx context.Context, pkgPath string, opts *RunOptions) ([]string, error) {
	return p.ListTestsOf(ctx, pkgPath, nil, opts)
}

// ListTestsOf is [Program.ListTests] for the test functions, fuzz targets
// and examples whose name keep accepts (nil: all), as go test -run runs
// only the top-level tests whose name matches its pattern's first level:
// the others are neither run nor listed.
func (p *Program) ListTestsOf(ctx context.Context, pkgPath string, keep func(name string) bool, opts *RunOptions) ([]string, error) {
	switch {
	case !p.tests:
		return nil, fmt.Errorf("trace: ListTests: %s: the program was loaded without its tests (set Config.Tests)", pkgPath)
	case p.Package(pkgPath) == nil && p.Package(pkgPath+"_test") == nil:
		return nil, fmt.Errorf("trace: ListTests: no in-scope package %s", pkgPath)
	}
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	o.NoTrace = true
	var names []string
	var errs []error
	for _, fn := range p.goTestFuncs(pkgPath) {
		if err := ctx.Err(); err != nil {
			return names, err
		}
		if keep != nil && !keep(fn.Name()) {
			continue
		}
		if _, ok := p.exampleSpec(fn); ok {
			names = append(names, fn.Name())
			continue
		}
		var earlier []*ssa.Function
		if o.EarlierTests {
			earlier = p.earlierTests(pkgPath, fn) // testrun_order.go
		}
		g, res, err := p.runGoTest(ctx, fn, fn.Name(), earlier, &o)
		var tests []*goTest // fn's, not the earlier tests'
		for _, t := range g.tests {
			if t.within(fn.Name()) {
				tests = append(tests, t)
			}
		}
		if err != nil {
			errs = append(errs, &TestError{Test: fn.Name(), Err: err})
		} else if res != nil && res.Outcome == BudgetExceeded && len(tests) > 1 {
			// go test has no budget: subtests this run did not reach
			// may have run after those it started.
			errs = append(errs, &TestError{Test: fn.Name(), Err: fmt.Errorf("listing may be incomplete: the run ran out of budget (%s) after starting %d subtests", res.Failure, len(tests)-1)})
		}
		for _, t := range tests {
			if !t.hasSub {
				names = append(names, t.name)
			}
		}
	}
	return names, errors.Join(errs...)
}

// RunGoTest runs the test case name of package pkgPath: "TestX" runs the
// test function TestX with all its subtests; "TestX/a/b" runs TestX, but
// each t.Run call runs its function only if its subtest is on the path to
// TestX/a/b or below it, like go test -run '^TestX$/^a$/^b$'. Fuzz targets
// are named the same way ("FuzzX/seed#0" is an f.Add seed, "FuzzX/file" a
// testdata/fuzz file); an example "ExampleX" fails if its output differs
// from its output comment (Result.Failure is go test's got/want message;
// there are no Assertions). If the package has a TestMain, it is the
// entry of the run and its m.Run runs the named case. The result is that
// of the named case (see [CaseResult]). Instance keys of a run
// are stable between runs of the same case: a subtest's frames are named
// by the t.Run call that started it, whichever other subtests ran.
//
// The error is non-nil if pkgPath has no such test function (a
// *NoTestError), or if the case did not run although nothing steered the
// run (no Hooks values, branches or substitutions, no Presets): its parent
// ran without starting it, as go test -run reports "no tests to run" (a
// *NoTestError, with the result, Ran false); or for failures of the
// interpreter, as for [Program.Run]. The result, with its partial trace,
// is returned when a run was started.
func (p *Program) RunGoTest(ctx context.Context, pkgPath, name string, opts *RunOptions) (*CaseResult, error) {
	gr, err := p.runGoTestCase(ctx, pkgPath, name, opts)
	if err == nil && gr != nil && gr.Result != nil && gr.Result.coverAgain {
		// A coverage-only run that left a block midway (cover.go): the
		// whole case again, recorded.
		gr, err = p.runGoTestCase(ctx, pkgPath, name, opts.recordCover())
	}
	return gr, err
}

// runGoTestCase is RunGoTest without a coverage-only run's repetition.
func (p *Program) runGoTestCase(ctx context.Context, pkgPath, name string, opts *RunOptions) (*CaseResult, error) {
	top, _, _ := strings.Cut(name, "/")
	fn := p.testFunc(pkgPath, top)
	if fn == nil {
		nt := &NoTestError{Pkg: pkgPath, Name: top}
		if !p.tests {
			nt.why = "the program was loaded without its tests (Config.Tests)"
		}
		return nil, nt
	}
	if spec, ok := p.exampleSpec(fn); ok {
		if name != top {
			return &CaseResult{Result: &Result{}, Name: name}, &NoTestError{Pkg: pkgPath, Name: name, why: "examples have no subtests"}
		}
		return p.runExample(ctx, fn, spec, opts)
	}
	var earlier []*ssa.Function
	if opts != nil && opts.EarlierTests {
		earlier = p.earlierTests(pkgPath, fn) // testrun_order.go
	}
	g, res, err := p.runGoTest(ctx, fn, name, earlier, opts)
	if res == nil {
		return nil, err
	}
	gr := &CaseResult{Result: res, Name: name}
	var st *goTest
	for _, t := range g.tests {
		if t.name == name {
			st = t
			break
		}
	}
	if st == nil || !st.started {
		if err == nil && !steered(opts, res) {
			err = &NoTestError{Pkg: pkgPath, Name: name, why: g.notStarted(name, res)}
		}
		return gr, err
	}
	gr.Ran = true
	gr.Failed, gr.Skipped = st.failed, st.skipped
	for _, a := range g.asserts {
		if a.Test == name || strings.HasPrefix(a.Test, name+"/") {
			gr.Assertions = append(gr.Assertions, a)
		}
	}
	var log strings.Builder
	for _, c := range g.out {
		if c.test == name || strings.HasPrefix(c.test, name+"/") {
			log.WriteString(c.text)
		}
	}
	gr.Log = log.String()
	switch {
	case res.Outcome == Stopped && (!st.done || st.aborted):
		// Ended at Hooks.StopAt: failed if it had failed by then.
	case res.Outcome != Returned && (!st.done || st.aborted):
		// Panicked, BudgetExceeded or Exited while the case was running
		// fails it, as it fails go test; the outcome says how.
		gr.Failed = true
	case st.failed:
		res.Outcome = AssertionFailed
		var msgs []string
		for _, a := range gr.Assertions {
			if a.Message != "" {
				msgs = append(msgs, a.Message)
			}
		}
		res.Failure = strings.Join(msgs, "; ")
		if res.Failure == "" {
			res.Failure = name + " failed"
		}
	default:
		// Passed (or skipped), even if the run went on to panic after
		// the case ended.
		res.Outcome = Returned
	}
	return gr, err
}

// steered reports whether a run may have taken another path than go
// test's: hooks that change values or branches, presets, or a stop.
func steered(opts *RunOptions, res *Result) bool {
	if res.Outcome == Stopped {
		return true
	}
	if opts == nil {
		return false
	}
	h := opts.Hooks
	return len(opts.Presets) > 0 || h != nil && (len(h.Values) > 0 || len(h.Branches) > 0 || h.Substitute != nil)
}

// notStarted says how the deepest test on the path to name ended
// without starting the next one.
func (g *goTestRun) notStarted(name string, res *Result) string {
	var last *goTest
	for _, t := range g.tests {
		if t.started && strings.HasPrefix(name, t.name+"/") && (last == nil || len(t.name) > len(last.name)) {
			last = t
		}
	}
	if last == nil {
		return "the run ended before its test started (" + res.String() + ")"
	}
	how := "passed"
	switch {
	case last.aborted || !last.done:
		return fmt.Sprintf("the run ended (%s) in %s before it started", res, last.name)
	case last.skipped:
		how = "was skipped"
	case last.failed:
		how = "failed"
	}
	return fmt.Sprintf("%s %s without starting it (go test -run reports no tests to run)", last.name, how)
}

// goTests maps the address of the common field of an interpreted
// testing.T to its state.
var goTests sync.Map // unsafe.Pointer -> *goTest

// goTestRun is the state of one run of a top-level test function.
type goTestRun struct {
	p        *Program
	target   string
	tests    []*goTest // in start order
	subNames map[string]int
	out      []outChunk
	lastName string
	asserts  []Assertion
	tType    types.Type      // testing.T, or testing.F for a fuzz target
	dir      string          // the directory of the test function's file
	earlier  []*ssa.Function // RunOptions.EarlierTests: the tests to run before (testrun_order.go)
}

// testingType returns the type testing.name.
func (g *goTestRun) testingType(name string) types.Type {
	return g.tType.(*types.Named).Obj().Pkg().Scope().Lookup(name).Type()
}

type outChunk struct {
	test, text string
}

// goTest is the state of one test or subtest.
type goTest struct {
	g        *goTestRun
	name     string
	parent   *goTest
	tv       Value // the *testing.T
	common   unsafe.Pointer
	failed   bool
	skipped  bool
	started  bool // its function was called
	done     bool // its function and cleanups have ended
	aborted  bool // the run ended (a panic...) while it was running
	hasSub   bool
	helpers  map[*ssa.Function]bool
	env      []func()           // restore what t.Setenv changed, last first
	corpus   []fuzzEntry        // a fuzz target's f.Add seeds
	ctx      context.Context    // Context when context runs natively
	cancel   context.CancelFunc // and its cancel, called when the test ends
	ictx     Value              // Context when context is interpreted (contextFuncs)
	icancel  Value              // and its interpreted cancel, called before the cleanups
	cleanups []Value
	caller   *frame // the frame that called t.Run (nil for a top-level test)
	path     uint64
}

// within reports whether t is the case name or one of its subtests.
func (t *goTest) within(name string) bool {
	return t.name == name || strings.HasPrefix(t.name, name+"/")
}

// goexit is the panic value that unwinds a test stopped by t.FailNow,
// t.SkipNow (and their callers) or runtime.Goexit: deferred calls run, but
// recover returns nil.
type goexit struct{ t *goTest }

func (goexit) Error() string { return "runtime.Goexit" }

// isGoexit reports whether the interpreted panic value v unwinds a Goexit.
func isGoexit(v Value) bool {
	if v.k != KindInterface || v.p == nil {
		return false
	}
	_, ok := (*iface)(v.p).nat.(goexit)
	return ok
}

func (p *Program) runGoTest(ctx context.Context, fn *ssa.Function, target string, earlier []*ssa.Function, opts *RunOptions) (*goTestRun, *Result, error) {
	g := &goTestRun{p: p, target: target, subNames: map[string]int{}, tType: fn.Signature.Params().At(0).Type().(*types.Pointer).Elem(),
		dir: filepath.Dir(p.Fset.Position(fn.Pos()).Filename), earlier: earlier}
	defer func() {
		for _, t := range g.tests {
			t.restoreEnv()
			goTests.Delete(t.common)
			goTests.Delete(t.tv.p)
		}
	}()
	top := g.newTest(fn.Name(), nil, g.tType)
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	o.dir = g.dir // go test runs a package's tests in its directory
	var res *Result
	var err error
	if tm := p.testMain(fn); tm != nil {
		// TestMain(m) runs as the entry; m.Run runs the test (see mRun).
		res, err = p.runMain(ctx, tm, &mainRun{fn: fn, top: top}, &o)
		if res != nil && res.Outcome == Exited && top.done {
			res.Outcome = Returned // TestMain's os.Exit(m.Run())
		}
	} else {
		// The entry runs the test function like testing's tRunner: a
		// Goexit (t.FailNow, t.SkipNow) ends it, then its cleanups run.
		o.entry = func(r *run, c *fnCode, args []Value) Value {
			g.runEarlier(r) // testrun_order.go
			top.path = mix(0, -2, 0)
			g.start(top)
			g.captureStdout(r, func() {
				top.body(r, nil, func() { r.root(c, args, top.path) })
				top.runCleanups(r, nil, nil)
			})
			g.finish(top)
			return Value{}
		}
		res, err = p.runOnce(ctx, fn, []Value{top.tv}, &o)
	}
	if err != nil || res == nil {
		return g, res, err
	}
	switch res.Outcome {
	case Panicked:
		if msg := res.Panic.Message; strings.HasPrefix(msg, "fatal error: ") {
			g.failAll(msg + "\n")
		} else {
			g.failAll("panic: " + msg + " [recovered, repanicked]\n")
		}
	case BudgetExceeded:
		g.failAll("trace: budget exceeded\n")
	case Exited:
		g.failAll(fmt.Sprintf("trace: os.Exit(%d) during test\n", res.ExitCode))
	}
	return g, res, err
}

// newTest allocates the interpreted *testing.T of a new test.
func (g *goTestRun) newTest(name string, parent *goTest, typ types.Type) *goTest {
	st := typ.Underlying().(*types.Struct)
	ci := 0
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "common" {
			ci = i
		}
	}
	c := &cell{v: g.p.zero(typ), st: NoEvent}
	t := &goTest{g: g, name: name, parent: parent, tv: Value{k: KindPointer, p: ptrOf(c)}, common: ptrOf(&c.v.cells()[ci])}
	goTests.Store(t.common, t)
	goTests.Store(t.tv.p, t)
	g.tests = append(g.tests, t)
	return t
}

func (g *goTestRun) emit(test, text string) {
	g.out = append(g.out, outChunk{test: test, text: text})
}

// captureStdout makes what the program prints while f runs part of the
// output of the test go test last named, as go test -json attributes a
// test binary's standard output (what a test prints with fmt.Println
// shows in its log).
func (g *goTestRun) captureStdout(r *run, f func()) {
	old := r.out
	w := goTestStdout{g}
	if old == io.Discard {
		r.out = runOut{r, w}
	} else {
		r.out = runOut{r, io.MultiWriter(old, w)}
	}
	defer func() { r.out = old }()
	f()
}

// goTestStdout writes into the output of the test go test last named.
type goTestStdout struct{ g *goTestRun }

func (w goTestStdout) Write(p []byte) (int, error) {
	w.g.emit(w.g.lastName, string(p))
	return len(p), nil
}

// start prints the "=== RUN" line of t.
func (g *goTestRun) start(t *goTest) {
	t.started = true
	g.update(t.name, "=== RUN   %s\n", t.name)
}

// update prints a status line of test (testing's chattyPrinter.Updatef).
func (g *goTestRun) update(test, format string, args ...any) {
	g.lastName = test
	g.emit(test, fmt.Sprintf(format, args...))
}

// printf prints output of test (testing's chattyPrinter.Printf).
func (g *goTestRun) printf(test, text string) {
	// go test -v prints "=== NAME  test" first if another test printed
	// last; go test -json turns that line into the event's Test field.
	g.lastName = test
	g.emit(test, text)
}

// selects reports whether the subtest name runs when the target case runs:
// on its path or below it, or in an earlier test (run whole).
func (g *goTestRun) selects(name string) bool {
	t := g.target
	if top, _, _ := strings.Cut(name, "/"); !strings.HasPrefix(t+"/", top+"/") {
		return true
	}
	return name == t || strings.HasPrefix(t, name+"/") || strings.HasPrefix(name, t+"/")
}

// fail marks t and its parents failed (testing's common.Fail).
func (t *goTest) fail() {
	for ; t != nil; t = t.parent {
		t.failed = true
	}
}

// finish ends t: it prints its "---" line.
func (g *goTestRun) finish(t *goTest) {
	t.done = true
	t.restoreEnv()
	if t.cancel != nil {
		t.cancel()
	}
	status := "PASS"
	if t.failed {
		status = "FAIL"
	} else if t.skipped {
		status = "SKIP"
	}
	g.update(t.name, "--- %s: %s (0.00s)\n", status, t.name)
}

// failAll ends the tests still running when a panic (or another end of
// the run) stops them all, innermost first, and prints msg as the top
// test's output (go test prints a panic's goroutine stacks after it; the
// interpreter does not).
func (g *goTestRun) failAll(msg string) {
	for i := len(g.tests) - 1; i >= 0; i-- {
		if t := g.tests[i]; t.started && !t.done {
			t.aborted = true
			t.fail()
			g.finish(t)
		}
	}
	if g.tests[0].started {
		g.emit(g.tests[0].name, msg)
	}
}

// goexited handles the end of t by a Goexit with value v: a FailNow or
// SkipNow of t itself ends it normally; anything else (runtime.Goexit, or
// FailNow of a parent called in a subtest) fails it, as go test does.
func (g *goTestRun) goexited(t *goTest, v Value) {
	if ge := (*iface)(v.p).nat.(goexit); ge.t != t {
		t.fail()
		g.printf(t.name, indent+"test executed panic(nil) or runtime.Goexit: subtest may have called FailNow on a parent test\n")
	}
}

const indent = "    "

// unique returns the full name of a subtest of parent named sub (testing's
// matcher.unique: duplicates get a "#NN" suffix).
func (g *goTestRun) unique(parent, sub string) string {
	base := parent + "/" + sub
	for {
		n := g.subNames[base]
		g.subNames[base] = n + 1
		if n == 0 && sub != "" {
			prefix, nn := parseSubtestNumber(base)
			if len(prefix) < len(base) && nn < int32(g.subNames[prefix]) {
				continue
			}
			return base
		}
		name := fmt.Sprintf("%s#%02d", base, n)
		if g.subNames[name] != 0 {
			continue
		}
		return name
	}
}

// parseSubtestNumber splits a name into a prefix and a "#NN" suffix
// (testing's function of the same name).
func parseSubtestNumber(s string) (string, int32) {
	i := strings.LastIndex(s, "#")
	if i < 0 {
		return s, 0
	}
	prefix, suffix := s[:i], s[i+1:]
	if len(suffix) < 2 || (len(suffix) > 2 && suffix[0] == '0') {
		return s, 0
	}
	if suffix == "00" && !strings.HasSuffix(prefix, "/") {
		return s, 0
	}
	n, err := strconv.ParseInt(suffix, 10, 32)
	if err != nil || n < 0 {
		return s, 0
	}
	return prefix, int32(n)
}

// rewriteName makes a subtest name printable and free of white space
// (testing's rewrite).
func rewriteName(s string) string {
	var b []byte
	for _, r := range s {
		switch {
		case isTestSpace(r):
			b = append(b, '_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b = append(b, q[1:len(q)-1]...)
		default:
			b = append(b, string(r)...)
		}
	}
	return string(b)
}

func isTestSpace(r rune) bool {
	if r < 0x2000 {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680:
			return true
		}
		return false
	}
	if r <= 0x200a {
		return true
	}
	switch r {
	case 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return false
}

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

// callSite returns the call event (NoEvent if none was recorded) and the
// position of the call of a testing method that is being bridged, seen
// from the test code: calls through method wrappers (a testing.TB
// interface) are reported at the wrapper's call site.
func (r *run) callSite(fr *frame, in *ins) (EventID, token.Position) {
	ev := NoEvent
	if r.tr != nil && r.tr.Len() > 0 {
		if last := EventID(r.tr.Len() - 1); r.tr.Static(last) == in.sid {
			ev = last
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

// setenv sets an environment variable of the process (the interpreter's
// os.Getenv reads the real environment) until t ends, as t.Setenv does.
func (t *goTest) setenv(key, value string) {
	prev, had := os.LookupEnv(key)
	t.env = append(t.env, func() {
		if had {
			os.Setenv(key, prev)
		} else {
			os.Unsetenv(key)
		}
	})
	os.Setenv(key, value)
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
	r.throw(fr, in, Value{k: KindInterface, p: ptrOf(&iface{nat: goexit{t}, t: typeRef{id: -1}})}, NoEvent)
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
			t.setenv(args[1].Str(), args[2].Str())
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
