package localize

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// verdict is the outcome of one run of a subject.
type verdict struct {
	result  *trace.CaseResult
	res     *trace.Result // result.Result
	passed  bool
	avoid   []trace.EventID // failed assertions
	failure string
	until   int // the events to encode, when not all (Options.FirstFailure)
	// expect is the oracle of a failing Example: the values its output
	// comment expects (outputOracle); noOracle why there is none.
	expect   []encode.Expectation
	noOracle error
	output   bool // the oracle is an Example's output comment
	// test is set for a test given as data: its oracle is test.Want,
	// and events are the events of the results it rejects.
	test   *trace.Test
	events []trace.EventID
}

// release hands v's trace back to package trace for later runs to reuse
// its memory (trace.Trace.Release): v's trace must not be read afterwards.
func (v *verdict) release() {
	if v != nil && v.res != nil {
		v.res.Trace.Release()
	}
}

// FailureText describes how a run failed, for Report.Failure.
func FailureText(res *trace.Result) string {
	switch res.Outcome {
	case trace.AssertionFailed:
		return res.Failure
	case trace.Panicked:
		if res.Panic != nil {
			return "panic: " + res.Panic.Message
		}
	case trace.BudgetExceeded:
		if res.Failure != "" {
			return "budget exceeded: " + res.Failure
		}
	}
	return res.Outcome.String()
}

// ErrNoOracle is returned (wrapped, with the case's name and the reason)
// when a failing case gives localize nothing to make true: no failed
// assertion, no panic, and, for a Go Example whose printed output differs
// from its output comment, output that the oracle cannot read back into
// values of the run (see the package documentation).
var ErrNoOracle = errors.New("localize: the failing case has no oracle")

// oracle returns an error wrapping ErrNoOracle if the failing run v has
// no failed assertion and no panic to avoid: with an empty oracle every
// formula is satisfiable and the empty set of statements would "fix" it.
func (g *subject) oracle(v *verdict) error {
	if v.test != nil {
		return nil // its expected results (encode.New says if they cannot be encoded)
	}
	if len(v.avoid) > 0 || len(v.expect) > 0 || (v.res.Outcome == trace.Panicked && v.res.Panic != nil) {
		return nil
	}
	why := "it failed with no failed assertion and no panic (" + v.failure + ")"
	if v.noOracle != nil {
		why = "its output differs from its output comment, and " + v.noOracle.Error()
	}
	return fmt.Errorf("%w: %s: %s", ErrNoOracle, g.c.Name(), why)
}

// subject is the case being localized, with the oracle localize reads
// from its runs: a Go test's failed assertions (or, with
// Options.FirstFailure, its first failed check), an Example's output
// comment, a test given as data's expected results, and a panic.
type subject struct {
	prog *trace.Program
	c    trace.Case

	// firstOnly is Options.FirstFailure. The first run, the failing one,
	// sets target (nil if its first failure is not an assertion under a
	// branch, which leaves the whole case as the oracle) and seen.
	firstOnly bool
	seen      bool
	// exampleLines is, for an Example with FirstFailure, the number of
	// output lines that count: up to the first wrong one in the failing
	// run (0: all).
	exampleLines int
	target       *check
}

// check is the instance of a branch that decides a check of a test, and
// the side that led to the failed assertion.
type check struct {
	key    trace.InstanceKey
	failed bool
}

func (g *subject) name() string { return g.c.Name() }

// criteria returns the events of a failed run that show its failure, for
// slicing: the failed assertions that count, the events of an Example's
// expectations (outputOracle), the events that defined the results a
// test given as data rejects, and the panic's event if the case panicked.
func (g *subject) criteria(v *verdict) []trace.EventID {
	crit := slices.Clone(v.avoid)
	for _, x := range v.expect {
		crit = append(crit, x.Event)
	}
	if v.test != nil {
		crit = append(crit, v.events...)
	}
	if p := v.res.Panic; p != nil && p.Event != trace.NoEvent {
		crit = append(crit, p.Event)
	}
	return crit
}

// run runs the case once with opts and reads its oracle.
func (g *subject) run(ctx context.Context, opts *trace.RunOptions) (*verdict, error) {
	if g.target != nil && opts != nil && opts.Hooks != nil {
		// A re-run with FirstFailure counts up to the target check
		// (firstFailure): it ends there, without the rows after it.
		o, h := *opts, *opts.Hooks
		h.StopAt = &g.target.key
		o.Hooks = &h
		opts = &o
	}
	r, err := g.c.Run(ctx, opts)
	if err != nil {
		return nil, err
	}
	if r == nil || r.Result == nil {
		return nil, fmt.Errorf("case %s gave no result", g.c.Name())
	}
	// A case its parent no longer runs has not passed.
	v := &verdict{res: r.Result, result: r, passed: r.Passed()}
	if r.Test != nil {
		// A test given as data: its oracle is its expected results,
		// encoded by encode.New, not assertions to avoid.
		v.test, v.failure, v.events = r.Test, FailureText(r.Result), r.FailureEvents()
		v.avoid = endless(r, v)
		return v, nil
	}
	asserts := r.Assertions
	if r.Example != nil && r.Failed && r.Outcome == trace.AssertionFailed && r.Trace != nil {
		// The output differs from the comment: the oracle is the
		// comment (outputOracle). With FirstFailure, its lines up to
		// the first wrong one in the failing run.
		limit := 0
		if g.firstOnly {
			if !g.seen {
				g.seen = true
				if i, _, _ := firstDiff(r.Example); i >= 0 && !r.Example.Unordered {
					g.exampleLines = i + 1
				}
			}
			limit = g.exampleLines
			if limit > 0 && firstLinesAgree(r.Example, limit) {
				v.passed = true
			}
		}
		v.expect, v.avoid, v.until, v.noOracle = outputOracle(g.prog, r.Trace, r.Example, limit)
		v.output = true
		v.failure = outputDiff(r.Example)
		return v, nil
	}
	if g.firstOnly {
		asserts, v.passed, v.until = g.firstFailure(r)
	}
	for _, a := range asserts {
		v.avoid = append(v.avoid, a.Event)
		if v.failure == "" {
			v.failure = fmt.Sprintf("%s:%d: %s", filepath.Base(a.Pos.Filename), a.Pos.Line, a.Message)
		}
	}
	if t := r.Trace; r.Outcome == trace.Stopped && !v.passed && t != nil && t.Len() > 0 {
		// Stopped at the target check (StopAt, above) before its failed
		// assertion: the check's decision, when it is the failing one,
		// is what the formula must avoid.
		if last := trace.EventID(t.Len() - 1); t.Key(last) == g.target.key && t.Value(last).Bool() == g.target.failed {
			v.avoid = append(v.avoid, last)
		}
	}
	if v.failure == "" {
		v.failure = FailureText(r.Result)
		if !r.Ran {
			v.failure = "the case did not run"
		}
	}
	if len(v.avoid) == 0 && len(v.expect) == 0 {
		v.avoid = endless(r, v)
	}
	return v, nil
}

// endless returns the oracle of a failing run that neither failed a
// check nor panicked but ran out of its step budget (a loop that does not
// end) or called os.Exit: its last event may not be reached along the
// same path, so a candidate must end the loop or skip the exit; nil for
// other runs.
func endless(r *trace.CaseResult, v *verdict) []trace.EventID {
	if v.passed || r.Trace == nil || r.Trace.Len() == 0 || (r.Outcome != trace.BudgetExceeded && r.Outcome != trace.Exited) {
		return nil
	}
	return []trace.EventID{trace.EventID(r.Trace.Len() - 1)}
}

// firstFailure applies Options.FirstFailure to a run: it returns the
// failed assertions that count (those of the target check and of the
// checks before it), whether the run passes the target check, and how
// many of its events to encode (0: all). The first run, the failing one,
// chooses the target: the branch instance its first failed assertion is
// control dependent on (in a table-driven test, the check of the first
// failing row, whose instance key names the row by its occurrence). A
// later run passes when that instance goes the other way and no assertion
// failed and nothing panicked before it; what happens after it does not
// count, and is not encoded.
func (g *subject) firstFailure(r *trace.CaseResult) (_ []trace.Assertion, passed bool, until int) {
	passed = r.Ran && !r.Failed
	t := r.Trace
	if !g.seen {
		g.seen = true
		if len(r.Assertions) > 0 && t != nil {
			if a := r.Assertions[0]; a.Cond != trace.NoEvent && a.Event != trace.NoEvent {
				g.target = &check{key: t.Key(a.Cond), failed: t.Value(a.Cond).Bool()}
				return r.Assertions[:1], passed, int(a.Event) + 1
			}
		}
		return r.Assertions, passed, 0
	}
	if g.target == nil || t == nil {
		return r.Assertions, passed, 0
	}
	at := trace.NoEvent
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if t.Key(e) == g.target.key {
			at = e
			break
		}
	}
	if at == trace.NoEvent {
		// The check was not reached: it did not pass.
		return r.Assertions, false, 0
	}
	var counted []trace.Assertion
	end := at
	for _, a := range r.Assertions {
		if a.Event < at || a.Cond == at {
			counted = append(counted, a)
			end = max(end, a.Event)
		}
	}
	panicked := r.Outcome == trace.Panicked && r.Panic != nil && r.Panic.Event != trace.NoEvent && r.Panic.Event < at
	return counted, len(counted) == 0 && !panicked && t.Value(at).Bool() != g.target.failed, int(end) + 1
}
