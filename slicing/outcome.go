package slicing

import (
	"context"
	"errors"
	"fmt"
)

// Outcome is the result of one test of a configuration in delta debugging.
type Outcome int

const (
	// Unresolved means the test could not decide (the input was invalid,
	// the program did not get far enough). It is the zero value, so a
	// callback that returns early without deciding is never taken as a
	// pass or a failure.
	Unresolved Outcome = iota
	// Pass means the failure did not occur.
	Pass
	// Fail means the failure occurred.
	Fail
)

// String returns "unresolved", "pass" or "fail".
func (o Outcome) String() string {
	switch o {
	case Unresolved:
		return "unresolved"
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// Probe runs the program on a configuration (a subset of the input, or of
// the changes, in their original order) and reports the outcome. The slice
// is freshly allocated for each call and may be retained. When
// [DDOptions.Parallel] is above one, calls may run concurrently. A Probe should
// return promptly once ctx is done; its result is then ignored. Delta
// debugging checks ctx between tests but cannot interrupt a call in
// progress: a Probe that never returns hangs it, so bound the program's run
// (trace.RunOptions.MaxSteps, a timeout) inside the Probe.
type Probe[T any] func(ctx context.Context, config []T) Outcome

// Stats counts the work of a delta-debugging run.
type Stats struct {
	Tests      int // calls of the test callback, including the final recheck
	Cached     int // configurations answered from the cache instead of a call
	Pass       int // calls that returned Pass
	Fail       int // calls that returned Fail
	Unresolved int // calls that returned Unresolved (or an out-of-range Outcome), or panicked
}

// ErrTestBudget is returned (wrapped) when [DDOptions.MaxTests] calls have been
// made before delta debugging finished; the result then holds the best
// configuration found so far.
var ErrTestBudget = errors.New("slicing: test budget exhausted")

// OutcomeError reports that a configuration delta debugging relies on did
// not have the outcome it needs: the input given to [DDMin] must fail; for
// [DD], the empty set of changes must pass and the full set must fail.
type OutcomeError struct {
	Config string  // "input", "empty changes" or "all changes"
	Got    Outcome // what the test returned
	Want   Outcome // what delta debugging needs
}

// Error formats the error with the package prefix.
func (e *OutcomeError) Error() string {
	return fmt.Sprintf("slicing: delta debugging needs the %s to %s, the test returned %s", e.Config, e.Want, e.Got)
}

// PanicError reports that the test callback panicked. Delta debugging stops
// and returns the best result found so far with this error.
type PanicError struct {
	Size  int    // number of elements in the configuration being tested
	Value any    // the value passed to panic
	Stack string // the goroutine's stack at the panic
}

// Error formats the error with the package prefix.
func (e *PanicError) Error() string {
	return fmt.Sprintf("slicing: test callback panicked on a configuration of %d elements: %v", e.Size, e.Value)
}

// Unwrap returns the panic value if it is an error, so that errors.Is and
// errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// FlakyError reports that the test callback is not deterministic: the final
// configuration, tested again without the cache, gave a different outcome
// from the first time. The result returned with it is what delta debugging
// computed from the first outcomes, and cannot be trusted.
type FlakyError struct {
	Size          int     // number of elements in the configuration tested twice
	First, Second Outcome // its outcomes
}

// Error formats the error with the package prefix.
func (e *FlakyError) Error() string {
	return fmt.Sprintf("slicing: test callback is not deterministic: a configuration of %d elements gave %s, then %s", e.Size, e.First, e.Second)
}
