package repair

import (
	"context"
	"time"
)

// boundGrace is how long after its context is done Repair waits for a
// stage of the search to return before it goes on without it (see
// bounded).
const boundGrace = time.Second

// bounded returns f's result and true, or, when ctx is done and f has
// not returned boundGrace later, the zero value and false: f goes on in
// its own goroutine, its result dropped, and its caller goes on as if
// ctx had cut it. An interpreted run checks its context between
// instructions but not within a call of native code (a regular
// expression compiled from a mutant's 35 MB pattern takes minutes), so
// a stage can outlive its context by the length of such a call; a
// repair's deadline does not wait for it. The abandoned stage shares
// only what is safe for concurrent runs (the program).
func bounded[T any](ctx context.Context, f func() T) (T, bool) {
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case r := <-done:
		return r, true
	case <-ctx.Done():
	}
	t := time.NewTimer(boundGrace)
	defer t.Stop()
	select {
	case r := <-done:
		return r, true
	case <-t.C:
		var zero T
		return zero, false
	}
}

// stageResult is a stage's result and error, for bounded.
type stageResult[T any] struct {
	v   T
	err error
}

// boundedErr is bounded for a stage with an error: an abandoned stage
// gives ctx's cause.
func boundedErr[T any](ctx context.Context, f func() (T, error)) (T, error) {
	r, ok := bounded(ctx, func() stageResult[T] {
		v, err := f()
		return stageResult[T]{v, err}
	})
	if !ok {
		return r.v, context.Cause(ctx)
	}
	return r.v, r.err
}
