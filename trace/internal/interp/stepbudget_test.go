package interp

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestStepBudget checks the step budget's rules (stepbudget.go) on
// trace/testdata/gotestbudget: TestLong passes natively and needs more
// than the default budget, TestDeep more than the default depth,
// TestForever never ends.
func TestStepBudget(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestbudget"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/gotestbudget")
	if err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration, n int64) { growTime, nativeSlowdown = d, n }(growTime, nativeSlowdown)
	var out strings.Builder
	tests := []struct {
		name     string
		test     string
		opts     *RunOptions
		grow     time.Duration // growTime; 0: no growth at all
		maxSteps int64         // SetMaxSteps
		progMax  int64         // p.SetMaxSteps
		program  time.Duration // the case's time given to SetNativeTimes
		// want: passed, or else the budget's message and steps (-1: any)
		passed  bool
		failure string
		steps   int64
	}{
		{name: "default, unrecorded", test: "TestLong", opts: &RunOptions{NoTrace: true}, grow: GrowTime, passed: true},
		{name: "default, recorded", test: "TestLong", opts: nil, grow: GrowTime, passed: true},
		{name: "default, coverage", test: "TestLong", opts: &RunOptions{CoverOnly: true}, grow: GrowTime, passed: true},
		{name: "default, output held", test: "TestLong", opts: &RunOptions{NoTrace: true, Stdout: &out}, grow: GrowTime, passed: true},
		{name: "no growth", test: "TestLong", opts: &RunOptions{NoTrace: true}, failure: "10000000 steps executed", steps: DefaultMaxSteps},
		{name: "native time", test: "TestLong", opts: &RunOptions{NoTrace: true, NativeTime: time.Millisecond}, passed: true},
		{name: "native time from the program", test: "TestLong", opts: &RunOptions{NoTrace: true}, program: time.Millisecond, passed: true},
		{name: "native time from the program, recorded", test: "TestLong", opts: nil, program: time.Millisecond, passed: true},
		{name: "exact bound, native time from the program", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000}, program: time.Second, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "exact bound", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000}, grow: GrowTime, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "exact bound, native time", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000, NativeTime: time.Second}, grow: GrowTime, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "process bound", test: "TestLong", opts: &RunOptions{NoTrace: true}, grow: GrowTime, maxSteps: 2_000_000, failure: "2000000 steps executed", steps: 2_000_000},
		{name: "program bound", test: "TestLong", opts: &RunOptions{NoTrace: true}, grow: GrowTime, progMax: 1_500_000, failure: "1500000 steps executed", steps: 1_500_000},
		{name: "program bound before the process's", test: "TestLong", opts: &RunOptions{NoTrace: true}, grow: GrowTime, maxSteps: 2_000_000, progMax: 1_500_000, failure: "1500000 steps executed", steps: 1_500_000},
		{name: "exact bound before the program's", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000}, grow: GrowTime, progMax: 1_500_000, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "deep, no native time", test: "TestDeep", opts: &RunOptions{NoTrace: true}, grow: GrowTime, failure: "call depth over 10000", steps: -1},
		{name: "deep, native time", test: "TestDeep", opts: &RunOptions{NoTrace: true, NativeTime: time.Millisecond}, grow: GrowTime, passed: true},
		{name: "deep, native time from the program, recorded", test: "TestDeep", opts: nil, program: time.Millisecond, grow: GrowTime, passed: true},
		{name: "deep, exact depth", test: "TestDeep", opts: &RunOptions{NoTrace: true, NativeTime: time.Millisecond, MaxDepth: 12_000}, grow: GrowTime, failure: "call depth over 12000", steps: -1},
		{name: "never ends", test: "TestForever", opts: &RunOptions{NoTrace: true}, grow: 100 * time.Millisecond, failure: "10000000 steps executed", steps: DefaultMaxSteps},
		// not grown again: a day to grow would not end the test
		{name: "never ends, again", test: "TestForever", opts: &RunOptions{NoTrace: true}, grow: 24 * time.Hour, failure: "10000000 steps executed", steps: DefaultMaxSteps},
		{name: "never ends, recorded", test: "TestForever", opts: nil, grow: 100 * time.Millisecond, failure: "10000000 steps executed", steps: DefaultMaxSteps},
	}
	for _, tt := range tests {
		growTime = tt.grow
		nativeSlowdown = NativeSlowdown
		if tt.grow == 0 {
			nativeSlowdown = 0 // no growth, native evidence or not
		}
		SetMaxSteps(tt.maxSteps)
		p.SetMaxSteps(tt.progMax)
		p.SetNativeTimes(pkg, map[string]time.Duration{tt.test: tt.program})
		out.Reset()
		t0 := time.Now()
		res, err := p.RunGoTest(bgContext, pkg, tt.test, tt.opts)
		t.Logf("%s: %v, %d steps", tt.name, time.Since(t0), res.Steps)
		SetMaxSteps(0)
		p.SetMaxSteps(0)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.passed && tt.test == "TestDeep" {
			if res.Failed || res.Outcome != Returned {
				t.Errorf("%s: failed %v, outcome %v (%s); want it to pass", tt.name, res.Failed, res.Outcome, res.Failure)
			}
		} else if tt.passed {
			if res.Failed || res.Outcome != Returned || res.Steps <= DefaultMaxSteps {
				t.Errorf("%s: failed %v, outcome %v (%s), %d steps; want it to pass after more than %d steps", tt.name, res.Failed, res.Outcome, res.Failure, res.Steps, DefaultMaxSteps)
			}
		} else if !res.Failed || res.Outcome != BudgetExceeded || res.Failure != tt.failure || tt.steps >= 0 && res.Steps != tt.steps {
			t.Errorf("%s: failed %v, outcome %v (%s), %d steps; want budget exceeded (%s) after %d steps", tt.name, res.Failed, res.Outcome, res.Failure, res.Steps, tt.failure, tt.steps)
		}
		recorded := tt.opts == nil || !tt.opts.NoTrace && !tt.opts.CoverOnly
		if (res.Trace != nil) != recorded || tt.opts != nil && tt.opts.CoverOnly && len(res.Covered) == 0 {
			t.Errorf("%s: trace %v, %d covered; want a trace %v", tt.name, res.Trace != nil, len(res.Covered), recorded)
		}
		if tt.opts != nil && tt.opts.Stdout != nil && out.String() != "long\n" {
			t.Errorf("%s: stdout %q, want the case's output once", tt.name, out.String())
		}
	}
}

// TestGrowWindow checks how long a go test case's budget may grow: for
// GrowTime without native evidence, and with it for NativeSlowdown times
// its native time (10 ms at least) when that is longer.
func TestGrowWindow(t *testing.T) {
	if growTime != GrowTime || nativeSlowdown != NativeSlowdown {
		t.Fatalf("growTime %v, nativeSlowdown %d: want the defaults", growTime, nativeSlowdown)
	}
	for _, tt := range []struct {
		native, want time.Duration
	}{
		{0, GrowTime},
		{-time.Second, GrowTime},
		{time.Microsecond, 10 * time.Second},
		{time.Millisecond, 10 * time.Second},
		{20 * time.Millisecond, 20 * time.Second},
		{time.Second, 1000 * time.Second},
		{math.MaxInt64 / 10, math.MaxInt64},
	} {
		if got := growWindow(tt.native); got != tt.want {
			t.Errorf("growWindow(%v) = %v, want %v", tt.native, got, tt.want)
		}
	}
}

// TestNativeTimes checks the times SetNativeTimes records: a case's own,
// or the sum of its subtests', per package; 0 forgets one.
func TestNativeTimes(t *testing.T) {
	p := &Program{}
	p.SetNativeTimes("a", map[string]time.Duration{"TestX/one": 2 * time.Millisecond, "TestX/two/deep": 3 * time.Millisecond, "TestXY": 7 * time.Millisecond, "TestZ": 4 * time.Millisecond})
	p.SetNativeTimes("b", map[string]time.Duration{"TestX": time.Second})
	p.SetNativeTimes("a", map[string]time.Duration{"TestZ": 0, "TestX": -1})
	for _, tt := range []struct {
		pkg, name string
		want      time.Duration
	}{
		{"a", "TestX", 5 * time.Millisecond}, // not TestXY's
		{"a", "TestX/two", 3 * time.Millisecond},
		{"a", "TestX/one", 2 * time.Millisecond},
		{"a", "TestXY", 7 * time.Millisecond},
		{"a", "TestZ", 0},
		{"a", "TestW", 0},
		{"b", "TestX", time.Second},
		{"c", "TestX", 0},
	} {
		if got := p.NativeTime(tt.pkg, tt.name); got != tt.want {
			t.Errorf("NativeTime(%s, %s) = %v, want %v", tt.pkg, tt.name, got, tt.want)
		}
	}
}

// TestAllocBudget checks that the allocation budget follows the step
// budget's rules (stepbudget.go) on trace/testdata/gotestbudget's
// TestGarbage, which allocates 32 MB of interpreted cells and keeps
// none, under a default budget lowered to 1 MiB: native evidence raises
// the default, a go test case that runs out of it runs again with a
// growing one, and a bound the caller sets is exact. It runs in a
// process of its own (alone): each doubling of a budget collects the
// process's heap, which in this test binary holds every program the
// tests before it loaded and shared.
func TestAllocBudget(t *testing.T) {
	if alone(t) {
		return
	}
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestbudget"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/gotestbudget")
	if err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration, n, a int64) { growTime, nativeSlowdown, defaultMaxAlloc = d, n, a }(growTime, nativeSlowdown, defaultMaxAlloc)
	defaultMaxAlloc = 1 << 20
	const over = "allocations over 1048576 bytes"
	tests := []struct {
		name    string
		opts    *RunOptions
		grow    bool          // growth as by default; else none
		program time.Duration // the case's time given to SetNativeTimes
		passed  bool          // else: budget exceeded, failure over
	}{
		{name: "growth, unrecorded", opts: &RunOptions{NoTrace: true}, grow: true, passed: true},
		{name: "growth, recorded", grow: true, passed: true},
		{name: "growth, coverage", opts: &RunOptions{CoverOnly: true}, grow: true, passed: true},
		{name: "native time, no growth", opts: &RunOptions{NoTrace: true, NativeTime: time.Millisecond}, passed: true},
		{name: "native time from the program, no growth, recorded", program: time.Millisecond, passed: true},
		{name: "exact bound", opts: &RunOptions{NoTrace: true, MaxAlloc: 1 << 20, NativeTime: time.Second}, grow: true},
		// last: the Program does not grow this case's budget again
		{name: "no growth", opts: &RunOptions{NoTrace: true}},
	}
	for _, tt := range tests {
		// (a window wide enough for a loaded machine: each doubling
		// collects the process's heap)
		growTime, nativeSlowdown = time.Minute, NativeSlowdown
		if !tt.grow {
			growTime, nativeSlowdown = 0, 0
		}
		p.SetNativeTimes(pkg, map[string]time.Duration{"TestGarbage": tt.program})
		res, err := p.RunGoTest(bgContext, pkg, "TestGarbage", tt.opts)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		t.Logf("%s: %d steps, %d bytes", tt.name, res.Steps, res.Alloc)
		if tt.passed {
			if res.Failed || res.Outcome != Returned || res.Alloc <= 1<<20 {
				t.Errorf("%s: failed %v, outcome %v (%s), %d bytes; want it to pass after more than 1 MiB", tt.name, res.Failed, res.Outcome, res.Failure, res.Alloc)
			}
		} else if !res.Failed || res.Outcome != BudgetExceeded || res.Failure != over {
			t.Errorf("%s: failed %v, outcome %v (%s); want budget exceeded (%s)", tt.name, res.Failed, res.Outcome, res.Failure, over)
		}
		recorded := tt.opts == nil || !tt.opts.NoTrace && !tt.opts.CoverOnly
		if (res.Trace != nil) != recorded {
			t.Errorf("%s: trace %v, want %v", tt.name, res.Trace != nil, recorded)
		}
	}
}

// TestBudgetErrorNativePass checks that a go test case with native
// evidence (a time of a passing native run) that runs out of its default
// allocation budget, grown as far as the rules let it, is a *BudgetError
// (no verdict), not a failure; without the evidence it fails by budget.
func TestBudgetErrorNativePass(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestbudget"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/gotestbudget")
	if err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration, n, a int64, per float64) {
		growTime, nativeSlowdown, defaultMaxAlloc, allocPerNativeSecond = d, n, a, per
	}(growTime, nativeSlowdown, defaultMaxAlloc, allocPerNativeSecond)
	growTime, nativeSlowdown, defaultMaxAlloc, allocPerNativeSecond = 0, 0, 1<<20, 1<<20
	const over = "allocations over 1048576 bytes"

	res, err := p.RunGoTest(bgContext, pkg, "TestGarbage", &RunOptions{NoTrace: true})
	if err != nil || !res.Failed || res.Outcome != BudgetExceeded || res.Failure != over {
		t.Fatalf("no native evidence: %v; want the case to fail by budget (%s)", err, over)
	}
	p.SetNativeTimes(pkg, map[string]time.Duration{"TestGarbage": time.Millisecond})
	res, err = p.RunGoTest(bgContext, pkg, "TestGarbage", &RunOptions{NoTrace: true})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("native evidence: error %v; want a *BudgetError", err)
	}
	if be.Failure != over || be.NativeTime != time.Millisecond || be.Result == nil || res == nil || res.Outcome != BudgetExceeded {
		t.Errorf("native evidence: %+v, result %v; want %q after a native millisecond, with the run's result", be, res, over)
	}
	if !be.Pos.IsValid() || !strings.Contains(be.Pos.Filename, "gotestbudget") {
		t.Errorf("native evidence: stopped at %v; want a position in the package", be.Pos)
	}
	if msg := err.Error(); !strings.Contains(msg, "cannot run a case that passes natively") || !strings.Contains(msg, over) {
		t.Errorf("native evidence: message %q", msg)
	}
	// An exact bound stays a verdict: the caller asked for it.
	res, err = p.RunGoTest(bgContext, pkg, "TestGarbage", &RunOptions{NoTrace: true, MaxAlloc: 1 << 20})
	if err != nil || res.Outcome != BudgetExceeded {
		t.Errorf("exact bound: %v, %v; want budget exceeded", err, res)
	}
}

// aloneEnv, in a child process's environment, names the test that
// process runs alone (see alone).
const aloneEnv = "FAULTLOC_INTERP_ALONE"

// alone runs test t in a child process of this test binary that runs
// nothing else, its heap holding only what t loads, and reports true,
// failing t if the child fails; in that child it reports false, and t
// runs there.
func alone(t *testing.T) bool {
	t.Helper()
	if os.Getenv(aloneEnv) == t.Name() {
		return false
	}
	args := []string{"-test.run=^" + t.Name() + "$", "-test.count=1", "-test.v"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), aloneEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s in a process of its own: %v\n%s", t.Name(), err, out)
	}
	if !bytes.Contains(out, []byte("--- PASS: "+t.Name()+" ")) {
		t.Fatalf("%s in a process of its own did not pass:\n%s", t.Name(), out)
	}
	if testing.Verbose() {
		t.Logf("%s in a process of its own:\n%s", t.Name(), out)
	}
	return true
}
