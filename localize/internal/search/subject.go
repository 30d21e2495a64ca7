package search

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// Verdict is the outcome of one run of a subject.
type Verdict struct {
	Result  *trace.CaseResult
	Res     *trace.Result // result.Result
	Passed  bool
	Avoid   []trace.EventID // failed assertions
	Failure string
	Until   int // the events to encode, when not all (Options.FirstFailure)
	// expect is the oracle of a failing Example: the values its output
	// comment expects (outputOracle); noOracle why there is none.
	Expect   []encode.Expectation
	NoOracle error
	Output   bool // the oracle is an Example's output comment
	// test is set for a test given as data: its oracle is test.Want,
	// and events are the events of the results it rejects.
	Test   *trace.Test
	events []trace.EventID
	// givenUp: a step that read the trace was given up (Owner.Step),
	// whose goroutine releases it.
	givenUp bool
}

// Release hands v's trace back to package trace for later runs to reuse
// its memory (trace.Trace.Release): v's trace must not be read afterwards.
// The trace of a verdict that a step given up read (Owner.Step) is left
// to that step's goroutine.
func (v *Verdict) Release() {
	if v != nil && v.Res != nil && !v.givenUp {
		v.Res.Trace.Release()
	}
}

// Oracle returns an error wrapping localize.ErrNoOracle if the failing run v has
// no failed assertion and no panic to avoid: with an empty oracle every
// formula is satisfiable and the empty set of statements would "fix" it.
func (g *Subject) Oracle(v *Verdict) error {
	if v.Test != nil {
		return nil // its expected results (encode.New says if they cannot be encoded)
	}
	if len(v.Avoid) > 0 || len(v.Expect) > 0 || (v.Res.Outcome == trace.Panicked && v.Res.Panic != nil) {
		return nil
	}
	why := "it failed with no failed assertion and no panic (" + v.Failure + ")"
	if v.NoOracle != nil {
		why = "its output differs from its output comment, and " + v.NoOracle.Error()
	}
	return fmt.Errorf("%w: %s: %s", localize.ErrNoOracle, g.Case.Name(), why)
}

// Subject is the case being localized, with the oracle localize reads
// from its runs: a Go test's failed assertions (or, with
// Options.FirstFailure, its first failed check), an Example's output
// comment, a test given as data's expected results, and a panic.
type Subject struct {
	Prog *trace.Program
	Case trace.Case

	// firstOnly is Options.FirstFailure. The first run, the failing one,
	// sets target (nil if its first failure is not an assertion under a
	// branch, which leaves the whole case as the oracle) and seen.
	FirstOnly bool
	seen      bool
	// exampleLines is, for an Example with FirstFailure, the number of
	// output lines that count: up to the first wrong one in the failing
	// run (0: all).
	exampleLines int
	Target       *Check
}

// Check is the instance of a branch that decides a check of a test, and
// the side that led to the failed assertion.
type Check struct {
	Key    trace.InstanceKey
	failed bool
}

func (g *Subject) Name() string { return g.Case.Name() }

// Criteria returns the events of a failed run that show its failure, for
// slicing: the failed assertions that count, the events of an Example's
// expectations (outputOracle), the events that defined the results a
// test given as data rejects, and the panic's event if the case panicked.
func (g *Subject) Criteria(v *Verdict) []trace.EventID {
	crit := slices.Clone(v.Avoid)
	for _, x := range v.Expect {
		crit = append(crit, x.Event)
	}
	if v.Test != nil {
		crit = append(crit, v.events...)
	}
	if p := v.Res.Panic; p != nil && p.Event != trace.NoEvent {
		crit = append(crit, p.Event)
	}
	return crit
}

// Run runs the case once with opts and reads its oracle.
func (g *Subject) Run(ctx context.Context, opts *trace.RunOptions) (*Verdict, error) {
	if g.Target != nil && opts != nil && opts.Hooks != nil {
		// A re-run with FirstFailure counts up to the target check
		// (firstFailure): it ends there, without the rows after it.
		o, h := *opts, *opts.Hooks
		h.StopAt = &g.Target.Key
		o.Hooks = &h
		opts = &o
	}
	r, err := g.Case.Run(ctx, opts)
	if err != nil {
		return nil, err
	}
	if r == nil || r.Result == nil {
		return nil, fmt.Errorf("case %s gave no result", g.Case.Name())
	}
	// A case its parent no longer runs has not passed.
	v := &Verdict{Res: r.Result, Result: r, Passed: r.Passed()}
	if r.Test != nil {
		// A test given as data: its oracle is its expected results,
		// encoded by encode.New, not assertions to avoid.
		v.Test, v.Failure, v.events = r.Test, localize.FailureText(r.Result), r.FailureEvents()
		v.Avoid = Endless(r, v)
		return v, nil
	}
	asserts := r.Assertions
	if r.Example != nil && r.Failed && r.Outcome == trace.AssertionFailed && r.Trace != nil {
		// The output differs from the comment: the oracle is the
		// comment (outputOracle). With FirstFailure, its lines up to
		// the first wrong one in the failing run.
		limit := 0
		if g.FirstOnly {
			if !g.seen {
				g.seen = true
				if i, _, _ := firstDiff(r.Example); i >= 0 && !r.Example.Unordered {
					g.exampleLines = i + 1
				}
			}
			limit = g.exampleLines
			if limit > 0 && firstLinesAgree(r.Example, limit) {
				v.Passed = true
			}
		}
		v.Expect, v.Avoid, v.Until, v.NoOracle = outputOracle(g.Prog, r.Trace, r.Example, limit)
		v.Output = true
		v.Failure = outputDiff(r.Example)
		return v, nil
	}
	if g.FirstOnly {
		asserts, v.Passed, v.Until = g.firstFailure(r)
	}
	for _, a := range asserts {
		v.Avoid = append(v.Avoid, a.Event)
		if v.Failure == "" {
			v.Failure = fmt.Sprintf("%s:%d: %s", filepath.Base(a.Pos.Filename), a.Pos.Line, a.Message)
		}
	}
	if t := r.Trace; r.Outcome == trace.Stopped && !v.Passed && t != nil && t.Len() > 0 {
		// Stopped at the target check (StopAt, above) before its failed
		// assertion: the check's decision, when it is the failing one,
		// is what the formula must avoid.
		if last := trace.EventID(t.Len() - 1); t.Key(last) == g.Target.Key && t.Value(last).Bool() == g.Target.failed {
			v.Avoid = append(v.Avoid, last)
		}
	}
	if v.Failure == "" {
		v.Failure = localize.FailureText(r.Result)
		if !r.Ran {
			v.Failure = "the case did not run"
		}
	}
	if len(v.Avoid) == 0 && len(v.Expect) == 0 {
		v.Avoid = Endless(r, v)
	}
	return v, nil
}

// Endless returns the oracle of v's run r when v failed and r is a run
// that never ends or exits ([localize.Endless]); nil otherwise.
func Endless(r *trace.CaseResult, v *Verdict) []trace.EventID {
	if v.Passed {
		return nil
	}
	return localize.Endless(r)
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
func (g *Subject) firstFailure(r *trace.CaseResult) (_ []trace.Assertion, passed bool, until int) {
	passed = r.Ran && !r.Failed
	t := r.Trace
	if !g.seen {
		g.seen = true
		if len(r.Assertions) > 0 && t != nil {
			if a := r.Assertions[0]; a.Cond != trace.NoEvent && a.Event != trace.NoEvent {
				g.Target = &Check{Key: t.Key(a.Cond), failed: t.Value(a.Cond).Bool()}
				return r.Assertions[:1], passed, int(a.Event) + 1
			}
		}
		return r.Assertions, passed, 0
	}
	if g.Target == nil || t == nil {
		return r.Assertions, passed, 0
	}
	at := trace.NoEvent
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if t.Key(e) == g.Target.Key {
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
	return counted, len(counted) == 0 && !panicked && t.Value(at).Bool() != g.Target.failed, int(end) + 1
}

// SortLines sorts lines by file and line.
func SortLines(ls []trace.Line) {
	slices.SortFunc(ls, func(a, b trace.Line) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
}
