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

// EntryReturn returns the Return event of the run's entry function: the last
// Return executed by a root frame (package initializers run before the
// entry function and return first). It returns NoEvent if the entry did not
// return.
func EntryReturn(t *trace.Trace) trace.EventID {
	for e := trace.EventID(t.Len() - 1); e >= 0; e-- {
		if _, ok := t.Instr(e).(*ssa.Return); ok && t.CallOf(e) == trace.NoEvent {
			return e
		}
		if t.CallOf(e) == trace.NoEvent && t.Func(e) != nil && t.Func(e).Name() == "init" {
			break // the entry returned nothing we can see
		}
	}
	return trace.NoEvent
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
