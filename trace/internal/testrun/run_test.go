package testrun

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// goTestPkgs are the packages whose interpreted tests are compared with
// go test -json.
var goTestPkgs = []string{
	"./examples/triangle", "./examples/zune", "./examples/foo", "./examples/max3", "./examples/loops",
	"./trace/testdata/gotest", "./trace/testdata/gotestmain", "./trace/testdata/gotestlog", "./trace/testdata/gotestfiles", "./trace/testdata/gotestflags", panicPattern,
}

// panicPattern's test panics: go test stops there, so only the cases it ran
// are compared, and its output only up to the panic's goroutine stacks.
const panicPattern = "./trace/testdata/gotestpanic"

const modPath = "github.com/faultloc/faultloc/"

// goTestProgram loads goTestPkgs with their tests once.
var goTestProgram = sync.OnceValues(func() (*interp.Program, error) {
	return interp.Load(bgContext, &interp.Config{
		Dir:        modRoot,
		Tests:      true,
		BuildFlags: []string{"-tags=" + examples.Tag},
		Scope:      func(path string) bool { return strings.HasPrefix(path, modPath+"examples/") },
	}, goTestPkgs...)
})

func loadGoTests(t *testing.T) *interp.Program {
	t.Helper()
	p, err := goTestProgram()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testEvent is an event of go test -json (cmd/test2json).
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// goTestJSON is what go test -json reports per package and test.
type goTestJSON struct {
	action map[string]string      // "pkg test" -> pass, fail, skip
	output map[string][]testEvent // pkg -> output events in order
	order  map[string][]string    // pkg -> tests in order of their first event
}

var durations = regexp.MustCompile(`\(\d+\.\d+s\)`)

// runGoTestJSON runs the real go test -json on goTestPkgs once.
var runGoTestJSON = sync.OnceValues(func() (*goTestJSON, error) {
	cmd := exec.Command("go", append([]string{"test", "-json", "-tags=" + examples.Tag}, goTestPkgs...)...)
	cmd.Dir = modRoot
	cmd.Stderr = os.Stderr
	out, _ := cmd.Output() // failing tests make go test exit 1
	return parseGoTestJSON(out)
})

// parseGoTestJSON reads the output of go test -json.
func parseGoTestJSON(out []byte) (*goTestJSON, error) {
	j := &goTestJSON{action: map[string]string{}, output: map[string][]testEvent{}, order: map[string][]string{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var e testEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, err
		}
		if e.Test == "" {
			continue
		}
		k := e.Package + " " + e.Test
		switch e.Action {
		case "run":
			j.order[e.Package] = append(j.order[e.Package], e.Test)
		case "pass", "fail", "skip":
			j.action[k] = e.Action
		case "output":
			e.Output = durations.ReplaceAllString(e.Output, "(0.00s)")
			j.output[e.Package] = append(j.output[e.Package], e)
		}
	}
	if len(j.action) == 0 {
		return nil, errors.New("go test -json reported no test result (no go command, a build failure, or no test)")
	}
	return j, sc.Err()
}

// leaves returns the cases of pkg that go test ran, in the order they
// started: the tests that ran no subtest and the leaf subtests. (A
// parallel test's subtests start after the tests that follow it.)
func (j *goTestJSON) leaves(pkg string) []string {
	all := j.order[pkg]
	parent := map[string]bool{}
	for _, n := range all {
		for i := strings.LastIndexByte(n, '/'); i >= 0; i = strings.LastIndexByte(n[:i], '/') {
			parent[n[:i]] = true
		}
	}
	var leaves []string
	for _, n := range all {
		if !parent[n] {
			leaves = append(leaves, n)
		}
	}
	return leaves
}

// TestGoTestMatchesGoTest checks that every interpreted test case of the
// subjects has the outcome and output that go test -json reports for it.
func TestGoTestMatchesGoTest(t *testing.T) {
	p := loadGoTests(t)
	j, err := runGoTestJSON()
	if err != nil {
		t.Skipf("go test -json: %v", err)
	}
	total, failed := 0, 0
	for _, pattern := range goTestPkgs {
		pkg := modPath + strings.TrimPrefix(pattern, "./")
		t.Run(strings.TrimPrefix(pattern, "./"), func(t *testing.T) {
			cases, err := p.ListTests(bgContext, pkg, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The listed cases are go test's leaves, in order.
			leaves := j.leaves(pkg)
			all := j.order[pkg]
			partial := pattern == panicPattern
			if partial && len(cases) > len(leaves) {
				cases = cases[:len(leaves)] // the cases after the panic
			}
			if strings.Join(cases, " ") != strings.Join(leaves, " ") {
				t.Errorf("ListTests:\n%q\ngo test:\n%q", cases, leaves)
			}
			for _, name := range all {
				res, err := p.RunGoTest(bgContext, pkg, name, nil)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				total++
				want := j.action[pkg+" "+name]
				got := "pass"
				if res.Failed {
					got = "fail"
					failed++
				} else if res.Skipped {
					got = "skip"
				}
				if got != want || !res.Ran {
					t.Errorf("%s: interpreted %s (ran %v), go test %s", name, got, res.Ran, want)
				}
				wantLog := j.log(pkg, name)
				if strings.Contains(wantLog, "=== PAUSE") {
					// Parallel subtests run when they call t.Parallel, not
					// after their parent's function: compare the lines only.
					wantLog, res.Log = sortedLines(wantLog), sortedLines(res.Log)
				}
				if res.Log != wantLog && !(partial && strings.HasPrefix(wantLog, res.Log)) {
					t.Errorf("%s: log:\n%s\ngo test -json:\n%s", name, res.Log, wantLog)
				}
				if (res.Outcome == interp.AssertionFailed || res.Outcome == interp.Panicked) != res.Failed {
					t.Errorf("%s: outcome %v, failed %v", name, res.Outcome, res.Failed)
				}
			}
		})
	}
	t.Logf("%d test cases agree with go test -json (%d fail by design)", total, failed)
}

func sortedLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "")
}

// log returns the output go test -json attributes to test name of pkg and
// to its subtests.
func (j *goTestJSON) log(pkg, name string) string {
	var sb strings.Builder
	for _, e := range j.output[pkg] {
		if e.Test == name || strings.HasPrefix(e.Test, name+"/") {
			sb.WriteString(e.Output)
		}
	}
	return sb.String()
}

const gotestPkg = modPath + "trace/testdata/gotest"

// lineIn returns the line of file (relative to the module root) that
// contains s.
func lineIn(t *testing.T, file, s string) int {
	t.Helper()
	data, err := os.ReadFile(modRoot + "/" + file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line contains %q", file, s)
	return 0
}

// TestRunGoTestAssertions checks outcomes, assertion points, Fatal and Skip
// semantics of single cases.
func TestRunGoTestAssertions(t *testing.T) {
	p := loadGoTests(t)
	const file = "trace/testdata/gotest/gotest_test.go"
	type assert struct {
		at    string // text of the assertion's line
		fatal bool
		msg   string
	}
	tests := []struct {
		name            string
		failed, skipped bool
		asserts         []assert
		logHas, logNot  string
	}{
		{name: "TestPass", logHas: fmt.Sprintf("gotest_test.go:%d: hello 1 2\n", lineIn(t, file, `t.Log("hello"`))},
		{name: "TestFatal", failed: true, asserts: []assert{{`t.Fatalf("stop`, true, "stop at 1"}},
			logHas: "deferred call ran", logNot: "not reached"},
		{name: "TestSkip", skipped: true, logHas: "not now", logNot: "not reached"},
		{name: "TestSkipAfterError", failed: true, skipped: true, asserts: []assert{{`t.Error("first")`, false, "first"}}},
		// The assertion is the t.Errorf call in the helper; go test's log
		// line names the helper's caller.
		{name: "TestHelper", failed: true, asserts: []assert{{`t.Errorf("Abs(%d)`, false, "Abs(2) = 2, want -2"}},
			logHas: fmt.Sprintf("gotest_test.go:%d: Abs(2)", lineIn(t, file, "checkAbs(t, 2, -2)"))},
		// A call through testing.TB is reported at its call site, not in
		// the method wrapper.
		{name: "TestTB", failed: true, asserts: []assert{{`tb.Errorf(`, false, "via TB: multi\nline"}},
			logHas: "via TB: multi\n        line\n"},
		{name: "TestSubtests/a_b", logHas: "in TestSubtests/a_b"},
		{name: "TestSubtests/dup#01", logHas: "in TestSubtests/dup#01"},
		{name: "TestSubtests/outer", failed: true, asserts: []assert{{`t.Error("inner fails")`, false, "inner fails"}}},
		{name: "TestSubtests/outer/sibling"},
		{name: "TestFailNow", failed: true, asserts: []assert{{`t.FailNow()`, true, ""}}},
		{name: "TestCleanup/sub", logHas: fmt.Sprintf("body\n    gotest_test.go:%d: cleanup 2\n    gotest_test.go:%d: cleanup 1\n",
			lineIn(t, file, `t.Log("cleanup 2")`), lineIn(t, file, `t.Log("cleanup 1")`))},
		{name: "TestTopCleanup", failed: true, asserts: []assert{{`t.Fatal("fatal at top")`, true, "fatal at top"}}, logHas: "top cleanup"},
		{name: "TestGoroutine", failed: true, asserts: []assert{{`t.Error("from goroutine")`, false, "from goroutine"}}, logHas: "after wait"},
		{name: "TestCleanup/fails", failed: true, asserts: []assert{{`t.Error("cleanup fails")`, false, "cleanup fails"}}},
		{name: "TestTable/-5", failed: true, asserts: []assert{{`t.Fatalf("Abs(%d)`, true, "Abs(-5) = 5, want 4"}}},
		{name: "TestTable/0"},
		{name: "TestStringerFailure", failed: true, asserts: []assert{{`t.Errorf("%v is too cold"`, false, "-3.0°C is too cold"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := p.RunGoTest(bgContext, gotestPkg, tt.name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Ran || res.Failed != tt.failed || res.Skipped != tt.skipped {
				t.Errorf("ran %v, failed %v, skipped %v; want failed %v, skipped %v", res.Ran, res.Failed, res.Skipped, tt.failed, tt.skipped)
			}
			if len(res.Assertions) != len(tt.asserts) {
				t.Fatalf("assertions %+v, want %d", res.Assertions, len(tt.asserts))
			}
			for i, a := range res.Assertions {
				w := tt.asserts[i]
				if line := lineIn(t, file, w.at); a.Pos.Line != line || filepath.Base(a.Pos.Filename) != "gotest_test.go" {
					t.Errorf("assertion %d at %v, want line %d", i, a.Pos, line)
				}
				if a.Fatal != w.fatal || a.Message != w.msg {
					t.Errorf("assertion %d = %+v, want fatal %v, message %q", i, a, w.fatal, w.msg)
				}
				if a.Event == interp.NoEvent || res.Trace.Pos(a.Event) != a.Pos {
					t.Errorf("assertion %d: event %d at %v, want at %v", i, a.Event, res.Trace.Pos(a.Event), a.Pos)
				} else if _, ok := res.Trace.Instr(a.Event).(ssa.CallInstruction); !ok {
					t.Errorf("assertion %d: event is %v, want a call", i, res.Trace.Instr(a.Event))
				}
			}
			if !strings.Contains(res.Log, tt.logHas) || tt.logNot != "" && strings.Contains(res.Log, tt.logNot) {
				t.Errorf("log:\n%s\nwant it to contain %q and not %q", res.Log, tt.logHas, tt.logNot)
			}
			if want := map[bool]interp.Outcome{false: interp.Returned, true: interp.AssertionFailed}[tt.failed]; res.Outcome != want {
				t.Errorf("outcome %v, want %v", res.Outcome, want)
			}
		})
	}
}

// TestRunGoTestExamples checks the assertion points of the subjects'
// failing cases: the t.Errorf line of the failing subtest.
func TestRunGoTestExamples(t *testing.T) {
	p := loadGoTests(t)
	tests := []struct{ pkg, name, file, msg string }{
		{"triangle", "TestClassify/T8", "examples/triangle/triangle_test.go", "Classify(26, 26, 7) = 4, want 2"},
		{"foo", "TestFoo/testFoo", "examples/foo/foo_test.go", "Foo(3, 5) = 8, want 2"},
		{"zune", "TestYear/T6", "examples/zune/zune_test.go", ""},
		{"max3", "TestMax3", "examples/max3/max3_test.go", "Max3(3, 2, 1) = 1, want 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := p.RunGoTest(bgContext, modPath+"examples/"+tt.pkg, tt.name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Failed || res.Outcome != interp.AssertionFailed || len(res.Assertions) != 1 {
				t.Fatalf("failed %v, outcome %v, assertions %+v", res.Failed, res.Outcome, res.Assertions)
			}
			a := res.Assertions[0]
			if a.Pos.Line != lineIn(t, tt.file, "t.Errorf(") || !strings.HasSuffix(a.Pos.Filename, tt.file) {
				t.Errorf("assertion at %v", a.Pos)
			}
			// The failing condition is the test's got != want.
			if a.Cond == interp.NoEvent || res.Trace.Pos(a.Cond).Line != a.Pos.Line-1 || res.Trace.Value(a.Cond).Bool() != true {
				t.Errorf("condition %d at %v", a.Cond, res.Trace.Pos(a.Cond))
			}
			if tt.msg != "" && a.Message != tt.msg {
				t.Errorf("message %q, want %q", a.Message, tt.msg)
			}
			if res.Trace.Pos(a.Event) != a.Pos || res.Failure != a.Message {
				t.Errorf("event at %v, failure %q", res.Trace.Pos(a.Event), res.Failure)
			}
		})
	}
}

// TestRunGoTestHooks re-runs foo's failing case with the angelic value of
// the faulty assignment a = x (foo.go:14): with a = 5 the case passes. The
// instance key taken from the case's run is the same in a run of the whole
// test, whose other subtests run too.
func TestRunGoTestHooks(t *testing.T) {
	p := loadGoTests(t)
	pkg := modPath + "examples/foo"
	line := lineIn(t, "examples/foo/foo.go", "a = x")
	storeAt := func(res *interp.CaseResult) (interp.InstanceKey, bool) {
		tr := res.Trace
		for e := interp.EventID(0); int(e) < tr.Len(); e++ {
			if _, ok := tr.Instr(e).(*ssa.Store); ok && tr.Pos(e).Line == line && strings.HasSuffix(tr.Pos(e).Filename, "foo.go") {
				return tr.Key(e), true
			}
		}
		return interp.InstanceKey{}, false
	}
	res, err := p.RunGoTest(bgContext, pkg, "TestFoo/testFoo", nil)
	if err != nil || !res.Failed {
		t.Fatalf("testFoo: %v, %v", res, err)
	}
	key, ok := storeAt(res)
	if !ok {
		t.Fatal("no store at foo.go:", line)
	}
	whole, err := p.RunGoTest(bgContext, pkg, "TestFoo", nil)
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := storeAt(whole); k != key {
		t.Errorf("key in the whole test %v, in the case %v", k, key)
	}
	fixed, err := p.RunGoTest(bgContext, pkg, "TestFoo/testFoo", &interp.RunOptions{Hooks: &interp.Hooks{Values: map[interp.InstanceKey]interp.Value{key: interp.Int(5)}}})
	if err != nil {
		t.Fatal(err)
	}
	if fixed.Failed || fixed.Outcome != interp.Returned || len(fixed.Assertions) != 0 {
		t.Errorf("with a = 5: failed %v, outcome %v, assertions %+v", fixed.Failed, fixed.Outcome, fixed.Assertions)
	}
	if k, _ := storeAt(fixed); k != key {
		t.Errorf("re-run key %v, want %v", k, key)
	}
	// Substituting a = 4 keeps it failing (a >= y is false, Foo returns 8).
	still, err := p.RunGoTest(bgContext, pkg, "TestFoo/testFoo", &interp.RunOptions{Hooks: &interp.Hooks{Values: map[interp.InstanceKey]interp.Value{key: interp.Int(4)}}})
	if err != nil || !still.Failed {
		t.Errorf("with a = 4: %v, %v", still, err)
	}
}

// TestRunGoTestErrors checks the errors of RunGoTest and an unreached case.
func TestRunGoTestErrors(t *testing.T) {
	p := loadGoTests(t)
	_, err := p.RunGoTest(bgContext, gotestPkg, "TestNope", nil)
	var nt *interp.NoTestError
	if !errors.As(err, &nt) || nt.Name != "TestNope" {
		t.Errorf("err = %v, want a *NoTestError", err)
	}
	// A case its parent does not start did not run, as go test -run
	// reports "no tests to run": a *NoTestError naming it, with the
	// parent's run; unless hooks or presets steered the run.
	for _, tt := range []struct {
		name string
		opts *interp.RunOptions
		why  string // in the error; "" for no error
	}{
		{"TestTable/7", nil, "TestTable passed without starting it"},
		{"TestSubtests/nosuch", nil, "TestSubtests passed without starting it"},
		{"TestSubtests/outer/nosuch", nil, "TestSubtests/outer passed without starting it"},
		{"TestSubtests/nosuch", &interp.RunOptions{CoverOnly: true}, "TestSubtests passed without starting it"},
		{"Example/sub", nil, "examples have no subtests"},
		{"TestTable/7", &interp.RunOptions{Hooks: &interp.Hooks{Branches: map[interp.InstanceKey]bool{{Occ: -1}: true}}}, ""},
	} {
		res, err := p.RunGoTest(bgContext, gotestPkg, tt.name, tt.opts)
		if res == nil || res.Ran || res.Failed || res.Name != tt.name {
			t.Errorf("%s: %+v, %v; want a result that did not run", tt.name, res, err)
			continue
		}
		var nt *interp.NoTestError
		switch {
		case tt.why == "" && err != nil:
			t.Errorf("%s, steered: %v, want no error", tt.name, err)
		case tt.why != "" && (!errors.As(err, &nt) || nt.Name != tt.name || !strings.Contains(err.Error(), tt.why) || !strings.Contains(err.Error(), "did not run")):
			t.Errorf("%s: %v, want a *NoTestError saying %q", tt.name, err, tt.why)
		}
	}
	// A program loaded without its tests has none.
	plain := load(t, "./trace/testdata/gotest")
	if cases, err := plain.ListTests(bgContext, gotestPkg, nil); err == nil || !strings.Contains(err.Error(), "Config.Tests") {
		t.Errorf("ListTests without tests: %q, %v; want an error", cases, err)
	}
	if _, err := plain.RunGoTest(bgContext, gotestPkg, "TestTable", nil); !errors.As(err, &nt) || !strings.Contains(err.Error(), "Config.Tests") {
		t.Errorf("RunGoTest without tests: %v, want a *NoTestError about Config.Tests", err)
	}
	if cases, err := p.ListTests(bgContext, "example.com/nosuch", nil); err == nil {
		t.Errorf("ListTests of no package: %q, %v; want an error", cases, err)
	}
	if fz := p.FuzzFuncs(gotestPkg); len(fz) != 1 || fz[0].Name() != "FuzzAbs" {
		t.Errorf("FuzzFuncs = %v, want [FuzzAbs]", fz)
	}
	if got := len(p.TestFuncs(gotestPkg)); got != 23 {
		t.Errorf("TestFuncs: %d functions, want 23", got)
	}
}

// TestRunGoTestPanic checks a panicking subtest: it fails with the panic,
// with its parent; other cases run on their own are not affected, and
// ListTests goes on with the next test function.
func TestRunGoTestPanic(t *testing.T) {
	p := loadGoTests(t)
	pkg := modPath + strings.TrimPrefix(panicPattern, "./")
	cases, err := p.ListTests(bgContext, pkg, nil)
	if err != nil || strings.Join(cases, " ") != "TestPanic/ok TestPanic/boom TestAfter TestPanicLate/ok TestDeadlock TestForever" {
		t.Errorf("ListTests = %q, %v", cases, err)
	}
	tests := []struct {
		name    string
		outcome interp.Outcome
	}{
		{"TestPanic", interp.Panicked},
		{"TestPanic/ok", interp.Returned},
		{"TestPanic/boom", interp.Panicked},
		{"TestPanic/never", interp.Returned},
		{"TestAfter", interp.Returned},
		{"TestPanicLate", interp.Panicked},
		{"TestPanicLate/ok", interp.Returned},
		{"TestDeadlock", interp.Panicked},
		{"TestForever", interp.BudgetExceeded},
	}
	goroutines := runtime.NumGoroutine()
	for _, tt := range tests {
		res, err := p.RunGoTest(bgContext, pkg, tt.name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != tt.outcome || res.Failed != (tt.outcome != interp.Returned) || !res.Ran {
			t.Errorf("%s: outcome %v, failed %v, ran %v; want %v", tt.name, res.Outcome, res.Failed, res.Ran, tt.outcome)
		}
		if tt.outcome == interp.Panicked && (res.Panic == nil || !strings.Contains(res.Panic.Message, "assignment to entry in nil map") && res.Panic.Message != "late" && !strings.Contains(res.Panic.Message, "deadlock")) {
			t.Errorf("%s: panic %+v", tt.name, res.Panic)
		}
	}
	if n := runtime.NumGoroutine(); n > goroutines {
		t.Errorf("%d goroutines left running, %d before", n, goroutines)
	}
}

// TestRunGoTestExample checks an example whose output comment is wrong.
func TestRunGoTestExample(t *testing.T) {
	p := loadGoTests(t)
	var names []string
	for _, fn := range exampleFuncs(p, gotestPkg) {
		names = append(names, fn.Name())
	}
	if strings.Join(names, " ") != "Example ExampleAbs ExampleAbs_unordered ExampleAbs_writers ExampleCallers" {
		t.Errorf("exampleFuncs = %v", names)
	}
	res, err := p.RunGoTest(bgContext, gotestPkg, "ExampleAbs", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Failed || res.Outcome != interp.AssertionFailed || !strings.HasPrefix(res.Failure, "got:\n-1 1\n0 0\n1 1\nwant:") || len(res.Assertions) != 0 {
		t.Errorf("failed %v, outcome %v, failure %q, assertions %v", res.Failed, res.Outcome, res.Failure, res.Assertions)
	}
	for _, tt := range []struct {
		name string
		want interp.ExampleOutput
	}{
		{"ExampleAbs", interp.ExampleOutput{Got: "-1 1\n0 0\n1 1\n", Want: "-1 1\n0 0\n1 -1\n"}},
		{"ExampleAbs_unordered", interp.ExampleOutput{Got: "3\n2\n1\n", Want: "1\n2\n3\n", Unordered: true}},
	} {
		res, err := p.RunGoTest(bgContext, gotestPkg, tt.name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Example == nil || *res.Example != tt.want {
			t.Errorf("%s: Example = %+v, want %+v", tt.name, res.Example, tt.want)
		}
	}
	res, err = p.RunGoTest(bgContext, modPath+"examples/foo", "TestFoo/testFoo", nil)
	if err != nil || res.Example != nil {
		t.Errorf("a test's Example = %+v (%v), want nil", res.Example, err)
	}
}

// TestRunGoTestExampleStdout runs examples with RunOptions.Stdout set:
// what an example prints is its output and also goes to Stdout (it once
// deadlocked the process: the capture wrapped Stdout's writer twice),
// including what native writers given os.Stdout print (a logger, an
// encoder), which never reach the process's own standard output; what
// the package's initializer prints goes to Stdout too, not in any
// example's output.
func TestRunGoTestExampleStdout(t *testing.T) {
	p := loadGoTests(t)
	for _, tt := range []struct{ name, stdout string }{
		{"Example", "initialised\n2\n"},
		{"ExampleAbs_writers", "initialised\nabs: 3\n{\"abs\":4}\ndone\nnot part of the output\n"},
	} {
		var out strings.Builder
		res, err := p.RunGoTest(bgContext, gotestPkg, tt.name, &interp.RunOptions{Stdout: &out, NoTrace: true})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Failed || res.Outcome != interp.Returned || out.String() != tt.stdout {
			t.Errorf("%s: failed %v, outcome %v, failure %q, stdout %q; want it to pass, stdout %q", tt.name, res.Failed, res.Outcome, res.Failure, out.String(), tt.stdout)
		}
	}
}

// TestRunGoTestMain checks that a package's TestMain runs around the case:
// its setup before m.Run, its teardown and os.Exit after.
func TestRunGoTestMain(t *testing.T) {
	p := loadGoTests(t)
	pkg := modPath + "trace/testdata/gotestmain"
	for _, tt := range []struct {
		name   string
		failed bool
	}{{"TestReady", false}, {"TestFails", true}, {"TestFails/sub", true}} {
		var out strings.Builder
		res, err := p.RunGoTest(bgContext, pkg, tt.name, &interp.RunOptions{Stdout: &out})
		if err != nil {
			t.Fatal(err)
		}
		code := map[bool]int{false: 0, true: 1}[tt.failed]
		if res.Failed != tt.failed || !res.Ran || out.String() != fmt.Sprintf("teardown, code %d\n", code) {
			t.Errorf("%s: failed %v, ran %v, stdout %q", tt.name, res.Failed, res.Ran, out.String())
		}
	}
}

// TestGoTestGolden records, for every case of goTestPkgs in ListTests
// order, its verdict, its assertions (position, failing condition's line,
// message) and its output, in testdata/gotest.golden (-update rewrites
// it). Unlike TestGoTestMatchesGoTest it needs no go command, and it pins
// the assertions, which go test does not report.
func TestGoTestGolden(t *testing.T) {
	p := loadGoTests(t)
	var buf strings.Builder
	for _, pattern := range goTestPkgs {
		pkg := modPath + strings.TrimPrefix(pattern, "./")
		cases, err := p.ListTests(bgContext, pkg, nil)
		fmt.Fprintf(&buf, "# %s: %d cases, error %v\n", pattern, len(cases), err)
		for _, name := range cases {
			res, err := p.RunGoTest(bgContext, pkg, name, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			fmt.Fprintf(&buf, "%s: failed %v, skipped %v, %v\n", name, res.Failed, res.Skipped, res.Outcome)
			for _, a := range res.Assertions {
				cond := "-"
				if a.Cond != interp.NoEvent {
					cond = fmt.Sprint(res.Trace.Pos(a.Cond).Line)
				}
				fmt.Fprintf(&buf, "  assert %s:%d cond %s fatal %v: %q\n", filepath.Base(a.Pos.Filename), a.Pos.Line, cond, a.Fatal, a.Message)
			}
			for _, l := range strings.SplitAfter(res.Log, "\n") {
				if l != "" {
					buf.WriteString("  | " + l)
				}
			}
		}
	}
	golden(t, "gotest.golden", []byte(buf.String()))
}

// TestListTestsBudget checks that a listing run that exhausts its budget
// after starting subtests is reported as possibly incomplete, with the
// cases found, and that one without subtests is not.
func TestListTestsBudget(t *testing.T) {
	p := loadGoTests(t)
	full, err := p.ListTests(bgContext, gotestPkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var subtests int
	for _, c := range full {
		if strings.HasPrefix(c, "TestSubtests/") {
			subtests++
		}
	}
	// A budget that TestSubtests exhausts midway: its run takes more
	// steps than this, its first subtests fewer.
	for _, steps := range []int64{200, 400, 800} {
		cases, err := p.ListTests(bgContext, gotestPkg, &interp.RunOptions{MaxSteps: steps})
		var te *interp.TestError
		found := 0
		for _, c := range cases {
			if strings.HasPrefix(c, "TestSubtests/") {
				found++
			}
		}
		if found > 0 && found < subtests {
			if !errors.As(err, &te) || !strings.Contains(err.Error(), "TestSubtests: listing may be incomplete") {
				t.Errorf("MaxSteps %d: %d of %d subtests listed, error %v; want a *TestError for TestSubtests", steps, found, subtests, err)
			}
			return
		}
	}
	t.Fatal("no budget stopped TestSubtests midway")
}

// TestSetenvStaysInRun: t.Setenv sets the variable for the interpreted
// test alone (its os.Getenv sees it, testdata/gotest's TestSetenv checks),
// never in faultloc's own environment, which concurrent runs share.
func TestSetenvStaysInRun(t *testing.T) {
	p := loadGoTests(t)
	const key = "FAULTLOC_GOTEST"
	leaked := 0
	hooks := &interp.Hooks{Observe: func(*interp.Trace, interp.EventID) {
		if _, ok := os.LookupEnv(key); ok {
			leaked++
		}
	}}
	res, err := p.RunGoTest(bgContext, gotestPkg, "TestSetenv", &interp.RunOptions{Hooks: hooks})
	if err != nil || res.Failed {
		t.Fatalf("TestSetenv: %v, %v", res, err)
	}
	if leaked > 0 {
		t.Errorf("%s was set in the process's environment during %d events of the run", key, leaked)
	}
}
