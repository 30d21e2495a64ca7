// Package quota is a subject of the repair and localization tests:
// Check tells whether n items fit a plan's limits, and exceeds, two
// calls down, dereferences the limits a plan may leave nil for none (a
// nil dereference that Check's deferred recover turns into an error).
// The fix is a guard before the statement that panics, a line every
// passing test runs.
package quota

import (
	"errors"
	"fmt"
)

// Plan is a plan of a service; Limits nil: no limits.
type Plan struct {
	Name   string
	Limits *Limits
}

// Limits bounds the items of a plan.
type Limits struct{ Max int }

// ErrOver is the error of a count over a plan's limit.
var ErrOver = errors.New("quota: over the plan's limit")

// Check returns ErrOver if n items exceed p's limits.
func Check(p *Plan, n int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = planError(p, r)
		}
	}()
	if over(p, n) {
		return ErrOver
	}
	return nil
}

// planError is the error of a panic r while checking p.
func planError(p *Plan, r any) error {
	if e, ok := r.(error); ok {
		return fmt.Errorf("quota: plan %s: %w", p.Name, e)
	}
	return fmt.Errorf("quota: plan %s: %v", p.Name, r)
}

// over reports whether n items exceed p's limits.
func over(p *Plan, n int) bool {
	return exceeds(p.Limits, n)
}

// exceeds reports whether n is over l's maximum.
func exceeds(l *Limits, n int) bool {
	//fault: missing guard: if l == nil { return false }
	return n > l.Max
}
