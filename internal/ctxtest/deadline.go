package ctxtest

import (
	"context"
	"sync"
)

// deadlineCtx is a context whose deadline passes when pass is called:
// Err is then context.DeadlineExceeded and Cause the cause given, as
// for a context.WithDeadlineCause whose time came. Its Done differs
// from its inner context's, so that the contexts derived from it take
// its Err.
type deadlineCtx struct {
	context.Context // cancelled with the cause as the deadline passes
	done            chan struct{}
}

func (c *deadlineCtx) Done() <-chan struct{} { return c.done }

func (c *deadlineCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// Deadline returns a context derived from parent and the function that
// passes its deadline, with cause as its context.Cause; calls after the
// first do nothing. The function also serves as the context's
// CancelFunc.
func Deadline(parent context.Context, cause error) (context.Context, func()) {
	inner, cancel := context.WithCancelCause(parent)
	c := &deadlineCtx{Context: inner, done: make(chan struct{})}
	var once sync.Once
	return c, func() {
		once.Do(func() {
			cancel(cause)
			close(c.done)
		})
	}
}
