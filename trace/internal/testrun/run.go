package testrun

import (
	"context"
	"fmt"
	"go/types"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// This file runs real `go test` functions, TestXxx(t *testing.T), under
// the interpreter. The *testing.T a test receives is a zero testing.T in
// interpreted memory; the methods of testing.T (and of testing.common,
// whose methods T promotes) have no interpreted body, so calls to them
// reach the bridges of testing.go, which keep the state of each test in
// a goTest found by the address of the T's common field. Finding and
// listing tests is in list.go, fuzz targets in fuzz.go, examples in
// example.go, TestMain in main.go, the tests run before a case in
// order.go.

// emulation is the interp.GoTester that Program's go test methods call.
type emulation struct{}

func init() { interp.RegisterGoTester(emulation{}) }

func (emulation) RunGoTest(ctx context.Context, p *interp.Program, pkgPath, name string, opts *interp.RunOptions) (*interp.CaseResult, error) {
	gr, _, err := runGoTestCovered(ctx, p, pkgPath, name, nil, opts)
	return gr, err
}

// runGoTestCovered is RunGoTest, of a fuzz target on input too if it is
// not nil (FuzzCase), that also returns the run's state (its subtests:
// nil if no run started).
func runGoTestCovered(ctx context.Context, p *interp.Program, pkgPath, name string, input *fuzzEntry, opts *interp.RunOptions) (*interp.CaseResult, *goTestRun, error) {
	gr, g, err := runGoTestCase(ctx, p, pkgPath, name, input, opts)
	if err == nil && gr != nil && gr.Result != nil {
		if o, again := interp.CoverAgain(gr.Result, opts); again {
			// A coverage-only run that left a block midway: the whole
			// case again, recorded.
			gr, g, err = runGoTestCase(ctx, p, pkgPath, name, input, o)
		}
	}
	return gr, g, err
}

// runGoTestCase is RunGoTest without a coverage-only run's repetition;
// it also returns the run's state (nil if no test function ran).
func runGoTestCase(ctx context.Context, p *interp.Program, pkgPath, name string, input *fuzzEntry, opts *interp.RunOptions) (*interp.CaseResult, *goTestRun, error) {
	// The case runs as under go test -run with its name: code that reads
	// os.Args sees the flag (a suite may select its own work by it).
	opts = interp.WithArgs(opts, "-test.run="+name)
	top, _, _ := strings.Cut(name, "/")
	fn := testFunc(p, pkgPath, top)
	if fn == nil {
		why := ""
		if !loadedWithTests(p) {
			why = "the program was loaded without its tests (Config.Tests)"
		}
		return nil, nil, interp.NewNoTestError(pkgPath, top, why)
	}
	if spec, ok := exampleSpecOf(p, fn); ok {
		if name != top {
			return &interp.CaseResult{Result: &interp.Result{}, Name: name}, nil, interp.NewNoTestError(pkgPath, name, "examples have no subtests")
		}
		gr, err := runExample(ctx, p, fn, spec, opts)
		return gr, nil, err
	}
	var earlier []*ssa.Function
	if opts != nil && opts.EarlierTests {
		earlier = earlierTests(p, pkgPath, fn, opts.EarlierOnly) // order.go
	}
	g, res, err := runGoTest(ctx, p, fn, name, earlier, input, opts)
	if res == nil {
		return nil, g, err
	}
	gr := &interp.CaseResult{Result: res, Name: name}
	var st *goTest
	for _, t := range g.tests {
		if t.name == name {
			st = t
			break
		}
	}
	if st == nil || !st.started {
		if err == nil && !steered(opts, res) {
			err = interp.NewNoTestError(pkgPath, name, g.notStarted(name, res))
		}
		return gr, g, err
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
	case res.Outcome == interp.Stopped && (!st.done || st.aborted):
		// Ended at Hooks.StopAt: failed if it had failed by then.
	case res.Outcome != interp.Returned && (!st.done || st.aborted):
		// Panicked, BudgetExceeded or Exited while the case was running
		// fails it, as it fails go test; the outcome says how.
		gr.Failed = true
	case st.failed:
		res.Outcome = interp.AssertionFailed
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
		res.Outcome = interp.Returned
	}
	return gr, g, err
}

// steered reports whether a run may have taken another path than go
// test's: hooks that change values or branches, presets, or a stop.
func steered(opts *interp.RunOptions, res *interp.Result) bool {
	if res.Outcome == interp.Stopped {
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
func (g *goTestRun) notStarted(name string, res *interp.Result) string {
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
	p        *interp.Program
	target   string
	tests    []*goTest // in start order
	subNames map[string]int
	out      []outChunk
	lastName string
	asserts  []interp.Assertion
	tType    types.Type      // testing.T, or testing.F for a fuzz target
	dir      string          // the directory of the test function's file
	earlier  []*ssa.Function // RunOptions.EarlierTests: the tests to run before (order.go)
	// earlierSubs (RunOptions.EarlierTests): the subtests go test runs
	// before the case, of the tests on its path, run too (order.go)
	earlierSubs bool
	input       *fuzzEntry // FuzzCase's input (fuzz.go)
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
	tv       interp.Value   // the *testing.T
	common   unsafe.Pointer // the address of its common field
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
	ictx     interp.Value       // Context when context is interpreted (contextFuncs)
	icancel  interp.Value       // and its interpreted cancel, called before the cleanups
	cleanups []interp.Value
	caller   interp.Call // the call of t.Run (the zero Call for a top-level test)
	path     uint64
	earlier  bool // an earlier subtest, run quietly and whole (order.go)
}

// within reports whether t is the case name or one of its subtests.
func (t *goTest) within(name string) bool {
	return t.name == name || strings.HasPrefix(t.name, name+"/")
}

func runGoTest(ctx context.Context, p *interp.Program, fn *ssa.Function, target string, earlier []*ssa.Function, input *fuzzEntry, opts *interp.RunOptions) (*goTestRun, *interp.Result, error) {
	g := &goTestRun{p: p, target: target, subNames: map[string]int{}, tType: fn.Signature.Params().At(0).Type().(*types.Pointer).Elem(),
		dir: filepath.Dir(p.Fset.Position(fn.Pos()).Filename), earlier: earlier, input: input,
		earlierSubs: opts != nil && opts.EarlierTests}
	defer func() {
		for _, t := range g.tests {
			t.restoreEnv()
			goTests.Delete(t.common)
			goTests.Delete(interp.Addr(t.tv))
		}
	}()
	top := g.newTest(fn.Name(), nil, g.tType)
	// go test runs a package's tests in its directory (g.dir).
	var res *interp.Result
	var err error
	if tm := testMain(p, fn); tm != nil {
		// TestMain(m) runs as the entry; m.Run runs the test (see mRun).
		res, err = runMain(ctx, p, tm, &mainRun{fn: fn, top: top}, opts, g.dir)
		if res != nil && res.Outcome == interp.Exited && top.done {
			res.Outcome = interp.Returned // TestMain's os.Exit(m.Run())
		}
	} else {
		// The entry runs the test function like testing's tRunner: a
		// Goexit (t.FailNow, t.SkipNow) ends it, then its cleanups run.
		res, err = interp.RunWith(ctx, p, fn, []interp.Value{top.tv}, opts, g.dir, func(c interp.Call, args []interp.Value) interp.Value {
			startFlags(c)   // flags.go
			g.runEarlier(c) // order.go
			top.path = interp.Mix(0, -2, 0)
			g.start(top)
			g.captureStdout(c, func() {
				top.body(c, func() { c.CallSSA(fn, args, interp.NoEvent, top.path) })
				top.runCleanups(c)
			})
			g.finish(top)
			return interp.Value{}
		})
	}
	if err != nil || res == nil {
		return g, res, err
	}
	switch res.Outcome {
	case interp.Panicked:
		if msg := res.Panic.Message; strings.HasPrefix(msg, "fatal error: ") {
			g.failAll(msg + "\n")
		} else {
			g.failAll("panic: " + msg + " [recovered, repanicked]\n")
		}
	case interp.BudgetExceeded:
		g.failAll("trace: budget exceeded\n")
	case interp.Exited:
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
	tv := interp.NewValue(g.p, typ)
	t := &goTest{g: g, name: name, parent: parent, tv: tv, common: interp.Addr(interp.FieldAddr(tv, ci))}
	goTests.Store(t.common, t)
	goTests.Store(interp.Addr(t.tv), t)
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
func (g *goTestRun) captureStdout(c interp.Call, f func()) {
	w := goTestStdout{g}
	to := func(old io.Writer) io.Writer {
		if old == io.Discard {
			return w
		}
		return io.MultiWriter(old, w)
	}
	defer c.SetStdout(to(c.Stdout()))()
	defer c.SetStderr(to(c.Stderr()))()
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

// goexited handles the end of t by a Goexit of owner (see Call.Goexit):
// a FailNow or SkipNow of t itself ends it normally; anything else
// (runtime.Goexit, or FailNow of a parent called in a subtest) fails it,
// as go test does.
func (g *goTestRun) goexited(t *goTest, owner any) {
	if owner != t {
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
