package slicing

import (
	"errors"
	"fmt"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// ErrNoOutput is returned (wrapped) by [Output] when the run has no such
// result: the entry function did not return (it panicked, or the budget ran
// out), or has fewer results.
var ErrNoOutput = errors.New("slicing: no such output in the run")

// EntryReturn returns the Return event of the run's entry function
// ([trace.Trace.EntryReturn]), NoEvent if the entry did not return.
func EntryReturn(t *trace.Trace) trace.EventID { return t.EntryReturn() }

// Output returns the slicing criterion for result i of the run's entry
// function ([trace.Trace.ResultEvent]): the event that defined the
// returned value (in naive form, the load of the result variable), or the
// Return event itself when the value is a constant, which no event
// defines, so the slice holds what decided that this return was reached.
func Output(t *trace.Trace, i int) (trace.EventID, error) {
	ret := t.EntryReturn()
	if ret == trace.NoEvent {
		return trace.NoEvent, fmt.Errorf("%w: the entry function did not return", ErrNoOutput)
	}
	e := t.ResultEvent(i)
	if e == trace.NoEvent {
		return trace.NoEvent, fmt.Errorf("%w: result %d of %d", ErrNoOutput, i, len(t.Instr(ret).(*ssa.Return).Results))
	}
	return e, nil
}

// FailedOutputs returns the slicing criteria of a failed run of a test
// case ([trace.CaseResult.FailureEvents]): its failed assertions (for a
// test given as data, the events that defined the results its oracle
// rejects), and, for a run that panicked, the panicking event (or, for a
// run-time error the trace has no event for, the events of the faulting
// frame at the panic's line). A run with none of them (it passed, or ran
// out of budget, or was run without a trace) yields [ErrNoOutput].
func FailedOutputs(r *trace.CaseResult) ([]trace.EventID, error) {
	if r == nil || r.Result == nil || r.Trace == nil {
		return nil, fmt.Errorf("%w: no trace", ErrNoOutput)
	}
	if c := r.FailureEvents(); len(c) > 0 {
		return c, nil
	}
	return nil, fmt.Errorf("%w: the run shows no failure", ErrNoOutput)
}
