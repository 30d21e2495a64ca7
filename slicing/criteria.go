package slicing

import (
	"errors"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// ErrNoOutput is returned (wrapped) by [Output] when the run has no such
// result: the entry function did not return (it panicked, or the budget ran
// out), or has fewer results.
var ErrNoOutput = errors.New("slicing: no such output in the run")

// EntryReturn returns the Return event of the run's entry function: the last
// Return executed by the root frame that ran last (package initializers run
// before the entry function). It returns NoEvent if the entry did not
// return.
func EntryReturn(t *trace.Trace) trace.EventID {
	var entry *ssa.Function
	for e := trace.EventID(t.Len() - 1); e >= 0; e-- {
		if t.CallOf(e) != trace.NoEvent {
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
	return trace.NoEvent
}

// panicCriteria returns the criteria of a panic: its event if the trace
// has one, else (run-time errors such as a division by zero are not
// recorded as events) the trailing events of the last frame at the panic's
// line: the operands of the faulting instruction.
func panicCriteria(r *trace.Result) []trace.EventID {
	if r.Panic.Event >= 0 {
		return []trace.EventID{r.Panic.Event}
	}
	t := r.Trace
	last := trace.EventID(t.Len() - 1)
	if last < 0 {
		return nil
	}
	var out []trace.EventID
	for e := last; e >= 0 && t.CallOf(e) == t.CallOf(last) && t.Pos(e).Line == r.Panic.Pos.Line && t.Pos(e).Filename == r.Panic.Pos.Filename; e-- {
		out = append(out, e)
	}
	if len(out) == 0 {
		out = append(out, last)
	}
	slices.Reverse(out)
	return out
}

// Output returns the slicing criterion for result i of the run's entry
// function: the event that defined the returned value (in naive form, the
// load of the result variable). When the value is a constant, which no event
// defines, the criterion is the Return event itself, so the slice holds what
// decided that this return was reached.
func Output(t *trace.Trace, i int) (trace.EventID, error) {
	ret := EntryReturn(t)
	if ret == trace.NoEvent {
		return trace.NoEvent, fmt.Errorf("%w: the entry function did not return", ErrNoOutput)
	}
	r := t.Instr(ret).(*ssa.Return)
	if i < 0 || i >= len(r.Results) {
		return trace.NoEvent, fmt.Errorf("%w: result %d of %d", ErrNoOutput, i, len(r.Results))
	}
	for _, d := range t.Deps(ret, nil) {
		if t.SSAValue(d) == r.Results[i] {
			return d, nil
		}
	}
	return ret, nil
}

// FailedOutputs returns the slicing criteria of a failed test run (see
// [trace.Program.RunTest]): for a run that panicked, the panicking event (or,
// for a run-time error the trace has no event for, the events of the
// faulting frame at the panic's line, which are the faulting instruction's
// operands);
// for a run whose results the test's Want rejects, the defining events of
// the results that differ from Want ([Output] of each); otherwise (a Check
// predicate failed, or no Want) the events of all results. A run that
// neither returned nor panicked (budget exhausted) yields [ErrNoOutput].
func FailedOutputs(r *trace.Result, test trace.Test) ([]trace.EventID, error) {
	if r == nil || r.Trace == nil {
		return nil, fmt.Errorf("%w: no trace", ErrNoOutput)
	}
	if r.Panic != nil && r.Outcome == trace.Panicked {
		if c := panicCriteria(r); len(c) > 0 {
			return c, nil
		}
	}
	var out []trace.EventID
	for i := range r.Returns {
		if test.Want != nil && len(test.Want) == len(r.Returns) && trace.Equal(r.Returns[i], test.Want[i]) {
			continue
		}
		e, err := Output(r.Trace, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		ret := EntryReturn(r.Trace)
		if ret == trace.NoEvent {
			return nil, fmt.Errorf("%w: the entry function did not return", ErrNoOutput)
		}
		out = append(out, ret)
	}
	return out, nil
}
