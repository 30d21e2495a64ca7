package localize

import (
	"fmt"
	"runtime/debug"
)

// StagePanicError is a stage's panic, recovered at the stage's boundary
// by [Guard]: a bug of that stage (ours or a caller's), reported so that
// it costs the stage's evidence and not the report.
type StagePanicError struct {
	Stage string // the stage's name ([StageName])
	Value any    // what it panicked with
	Stack string // the panicking goroutine's stack
}

// Error names the stage and the panic's value; the stack is in Stack.
func (e *StagePanicError) Error() string {
	return fmt.Sprintf("localize: %s panicked (a bug; please report it with its stack): %v", e.Stage, e.Value)
}

// Guard calls f and returns its error, or a [*StagePanicError] naming
// stage when f panics. The pipeline calls every stage through it; a
// panic in a goroutine a stage starts is not recovered, unless the stage
// raises it again in its own goroutine as a [*RaisedPanic].
func Guard(stage string, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			pe := &StagePanicError{Stage: stage, Value: v, Stack: string(debug.Stack())}
			if r, ok := v.(*RaisedPanic); ok {
				pe.Value, pe.Stack = r.Value, r.Stack
			}
			err = pe
		}
	}()
	return f()
}

// RaisedPanic is a panic of a goroutine that a call started for part of
// its work, recovered there and raised again in the call's goroutine
// (the steps of a search that its context may give up run so), where
// [Guard] sees it.
type RaisedPanic struct {
	Value any    // what the goroutine panicked with
	Stack string // the goroutine's stack where it panicked
}

// Error gives the panic's value and the stack of the goroutine it
// happened in, for a program that does not recover it.
func (r *RaisedPanic) Error() string {
	return fmt.Sprintf("%v\n\nraised again from the panic of another goroutine:\n%s", r.Value, r.Stack)
}
