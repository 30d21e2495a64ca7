package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"
)

// The step budget of a run. A bound the caller sets is exact: a run with
// RunOptions.MaxSteps, or, when that is 0, with the process's bound
// (SetMaxSteps), executes at most that many instructions. Without one,
// the budget is the default, and the default is only where a go test
// case starts: a test that passes natively must not fail interpreted for
// want of steps.
//
//   - Native evidence: RunOptions.NativeTime, the case's time in a native
//     go test run, raises the default to StepsPerNativeSecond times that
//     time (at least go test's 10 ms resolution).
//   - Growth: a go test case (RunGoTest, ListGoTest, FuzzCase) that runs
//     out of the default budget runs again, unrecorded, with a budget
//     that doubles each time it is reached as long as the run has taken
//     less than GrowTime (5 s) of wall-clock time (and its context is not
//     done). If that run ends, the case's result is its (the case run
//     once more with exactly the steps it needed, recorded, when the
//     caller asked for a trace or for coverage); if not, the first run's
//     result stands, so that a case that does not end reports the same
//     default budget on every machine, and the Program does not grow
//     that case's budget again (a caller such as localize runs a failing
//     case many times).

// DefaultMaxSteps is the step budget of a run for which nothing sets
// another (see the package's step budget rules above).
const DefaultMaxSteps = 10_000_000

// StepsPerNativeSecond converts a case's native time (RunOptions.
// NativeTime) into a step budget: ten billion interpreted instructions a
// native second, above what natively compiled code executes in a second
// (about one to four SSA instructions a nanosecond).
const StepsPerNativeSecond = 10_000_000_000

// GrowTime bounds, in wall-clock time, the run of a go test case whose
// default budget grows.
const GrowTime = 5 * time.Second

// growTime is GrowTime; tests shorten it.
var growTime = GrowTime

// maxGrownRecord bounds the steps of a case run recorded after its
// budget grew: a trace costs about 20 bytes an event.
const maxGrownRecord = 100_000_000

var processMaxSteps atomic.Int64

// SetMaxSteps sets the step budget of the runs whose RunOptions.MaxSteps
// is 0, an exact bound as MaxSteps is (no growth, NativeTime ignored),
// and returns the previous one; 0 restores the default rules.
func SetMaxSteps(n int64) int64 { return processMaxSteps.Swap(max(n, 0)) }

// stepBudget returns the step budget of a run with options o and whether
// it is the default one, which a go test case may exceed.
func stepBudget(o *RunOptions) (budget int64, dflt bool) {
	if o.MaxSteps > 0 {
		return o.MaxSteps, false
	}
	if n := processMaxSteps.Load(); n > 0 {
		return n, false
	}
	budget = DefaultMaxSteps
	if o.NativeTime > 0 {
		t := max(o.NativeTime, 10*time.Millisecond)
		if s := t.Seconds() * StepsPerNativeSecond; s < math.MaxInt64/2 {
			budget = max(budget, int64(s))
		} else {
			budget = math.MaxInt64 / 2
		}
	}
	return budget, true
}

// grow is called by tick when the run has executed its budget: it
// doubles a growing run's budget if the run's time allows, and reports
// whether it did.
func (r *run) grow() bool {
	if r.growUntil.IsZero() || r.max >= math.MaxInt64/2 || time.Now().After(r.growUntil) {
		return false
	}
	r.max *= 2
	return true
}

// outOfDefaultSteps reports whether res ended at its default step budget.
func outOfDefaultSteps(res *CaseResult) bool {
	return res != nil && res.Result != nil && res.Outcome == BudgetExceeded && res.defaultSteps
}

// growCase runs a go test case by run under the step budget rules: once
// with opts, and, if it runs out of the default budget, again with a
// growing one (see above). Output to opts.Stdout is held until it is
// known which run's result is returned, and then written once.
func growCase(ctx context.Context, p *Program, key string, opts *RunOptions, run func(*RunOptions) (*CaseResult, error)) (*CaseResult, error) {
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	if _, dflt := stepBudget(&o); !dflt || o.Hooks != nil {
		// An exact bound, or hooks (which would see the case twice).
		return run(opts)
	}
	first := o
	var held bytes.Buffer
	if o.Stdout != nil {
		first.Stdout = &held
	}
	res, err := run(&first)
	if _, endless := p.endless.Load(key); endless || !outOfDefaultSteps(res) || ctx.Err() != nil {
		return res, flush(o.Stdout, &held, err)
	}
	recorded := !o.NoTrace || o.CoverOnly
	grown := o
	grown.NoTrace, grown.CoverOnly, grown.growTime = true, false, growTime
	var grownOut bytes.Buffer
	if o.Stdout != nil {
		grown.Stdout = &grownOut
	}
	res2, err2 := run(&grown)
	switch {
	case outOfDefaultSteps(res2) || ctx.Err() != nil || errors.Is(err2, context.DeadlineExceeded) || errors.Is(err2, context.Canceled):
		// It did not end in time: the first run's result stands.
		if outOfDefaultSteps(res2) {
			p.endless.Store(key, true)
		}
		return res, flush(o.Stdout, &held, err)
	case !recorded || res2 == nil || res2.Result == nil:
		// (or it ended in an error of its own, such as a construct the
		// interpreter cannot run, reached after the default budget)
		return res2, flush(o.Stdout, &grownOut, err2)
	case res2.Steps > maxGrownRecord:
		res.Failure = fmt.Sprintf("%s; the case ends after %d steps, too many to record", res.Failure, res2.Steps)
		return res, flush(o.Stdout, &held, err)
	}
	exact := o
	exact.MaxSteps = res2.Steps + res2.Steps/8 + 1000
	return run(&exact)
}

// flush writes what a run held for w to w, returning err.
func flush(w io.Writer, held *bytes.Buffer, err error) error {
	if w != nil && held.Len() > 0 {
		w.Write(held.Bytes())
	}
	return err
}
