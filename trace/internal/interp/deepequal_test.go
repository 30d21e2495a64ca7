package interp

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestDeepEqualBounds runs trace/testdata/bridgework's cases, whose
// reflect.DeepEqual calls compare cyclic graphs and millions of values:
// the bridge must give reflect's results, end on cycles, stop at the
// step budget, and end soon after the run's context, as must a loop of
// large copies.
func TestDeepEqualBounds(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/bridgework"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/bridgework")
	if err != nil {
		t.Fatal(err)
	}
	// run runs a case within ctx, failing the test if it has not
	// returned within wait of its start.
	run := func(ctx context.Context, name string, opts *RunOptions, wait time.Duration) (*CaseResult, error, time.Duration) {
		type ran struct {
			res *CaseResult
			err error
		}
		done := make(chan ran, 1)
		start := time.Now()
		go func() {
			res, err := p.RunGoTest(ctx, pkg, name, opts)
			done <- ran{res, err}
		}()
		select {
		case r := <-done:
			return r.res, r.err, time.Since(start)
		case <-time.After(wait):
			t.Fatalf("%s: still running %v after its start", name, wait)
			return nil, nil, 0
		}
	}

	// Cycles: reflect's results, at once.
	ctx, cancel := context.WithTimeout(bgContext, 30*time.Second)
	res, err, took := run(ctx, "TestCycles", &RunOptions{NoTrace: true}, time.Minute)
	cancel()
	if err != nil || res.Failed || res.Outcome != Returned {
		t.Errorf("TestCycles: %v, %v; want it to pass\n%s", res, err, res.Log)
	} else {
		t.Logf("TestCycles: %v, %d steps", took, res.Steps)
	}

	// The comparison's work counts: 1100000 ints over a budget of
	// 500000 steps.
	res, err, _ = run(bgContext, "TestArrays", &RunOptions{NoTrace: true, MaxSteps: 500_000}, time.Minute)
	if err != nil || !res.Failed || res.Outcome != BudgetExceeded || res.Steps != 500_000 {
		t.Errorf("TestArrays, 500000 steps: %v, %v; want the budget exceeded", res, err)
	}
	res, err, _ = run(bgContext, "TestArrays", &RunOptions{NoTrace: true, MaxSteps: 2_000_000}, time.Minute)
	if err != nil || res.Failed || res.Steps < 1_100_000 {
		t.Errorf("TestArrays, 2000000 steps: %v, %v; want it to pass after more than 1100000 steps", res, err)
	}

	// The context's end stops soon after a comparison of 9300000 ints,
	// which takes seconds, and a loop of 2000 copies of 524288 ints, which
	// takes seconds in fewer steps than those between two checks of the
	// context by tick.
	if testing.Short() {
		return
	}
	const deadline = 100 * time.Millisecond
	for _, name := range []string{"TestLargeArrays", "TestCopies"} {
		for _, opts := range []*RunOptions{{NoTrace: true, MaxSteps: 100_000_000}, {MaxSteps: 100_000_000}} {
			ctx, cancel := context.WithTimeout(bgContext, deadline)
			res, err, took := run(ctx, name, opts, time.Minute)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%s, NoTrace %v: %v, %v; want the deadline's error", name, opts.NoTrace, res, err)
			}
			if took > deadline+time.Second {
				t.Errorf("%s, NoTrace %v: returned %v after its start, %v after its deadline", name, opts.NoTrace, took, took-deadline)
			}
		}
	}
}
