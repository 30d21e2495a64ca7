package interp

import (
	"strings"
	"testing"
	"time"
)

// TestStepBudget checks the step budget's rules (stepbudget.go) on
// trace/testdata/gotestbudget: TestLong passes natively and needs more
// than the default budget, TestForever never ends.
func TestStepBudget(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestbudget"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/gotestbudget")
	if err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { growTime = d }(growTime)
	var out strings.Builder
	tests := []struct {
		name     string
		test     string
		opts     *RunOptions
		grow     time.Duration // growTime
		maxSteps int64         // SetMaxSteps
		// want: passed, or else the budget's message and steps
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
		{name: "exact bound", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000}, grow: GrowTime, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "exact bound, native time", test: "TestLong", opts: &RunOptions{NoTrace: true, MaxSteps: 1_000_000, NativeTime: time.Second}, grow: GrowTime, failure: "1000000 steps executed", steps: 1_000_000},
		{name: "process bound", test: "TestLong", opts: &RunOptions{NoTrace: true}, grow: GrowTime, maxSteps: 2_000_000, failure: "2000000 steps executed", steps: 2_000_000},
		{name: "never ends", test: "TestForever", opts: &RunOptions{NoTrace: true}, grow: 100 * time.Millisecond, failure: "10000000 steps executed", steps: DefaultMaxSteps},
		// not grown again: a day to grow would not end the test
		{name: "never ends, again", test: "TestForever", opts: &RunOptions{NoTrace: true}, grow: 24 * time.Hour, failure: "10000000 steps executed", steps: DefaultMaxSteps},
		{name: "never ends, recorded", test: "TestForever", opts: nil, grow: 100 * time.Millisecond, failure: "10000000 steps executed", steps: DefaultMaxSteps},
	}
	for _, tt := range tests {
		growTime = tt.grow
		SetMaxSteps(tt.maxSteps)
		out.Reset()
		t0 := time.Now()
		res, err := p.RunGoTest(bgContext, pkg, tt.test, tt.opts)
		t.Logf("%s: %v, %d steps", tt.name, time.Since(t0), res.Steps)
		SetMaxSteps(0)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.passed {
			if res.Failed || res.Outcome != Returned || res.Steps <= DefaultMaxSteps {
				t.Errorf("%s: failed %v, outcome %v (%s), %d steps; want it to pass after more than %d steps", tt.name, res.Failed, res.Outcome, res.Failure, res.Steps, DefaultMaxSteps)
			}
		} else if !res.Failed || res.Outcome != BudgetExceeded || res.Failure != tt.failure || res.Steps != tt.steps {
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
