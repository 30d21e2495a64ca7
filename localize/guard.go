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
// panic in a goroutine a stage starts is not recovered.
func Guard(stage string, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &StagePanicError{Stage: stage, Value: v, Stack: string(debug.Stack())}
		}
	}()
	return f()
}
