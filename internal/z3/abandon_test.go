//go:build cgo

package z3

import (
	"context"
	"errors"
	"testing"
	"time"
)

// closed is a closed channel: the whole work's end has passed.
var closed = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// TestAbandonedCheck: a check that does not heed its interrupt (the
// hook holds it before Z3 starts) ends checkGrace after its context,
// once AbandonWhen's channel is closed, with ErrAbandoned and the
// context's error; the context is closed to every later use, and
// deleted once the check returns.
func TestAbandonedCheck(t *testing.T) {
	release, freed := make(chan struct{}), make(chan struct{})
	checkHook = func() { <-release }
	freeHook = func() { close(freed) }
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	c.AbandonWhen(closed)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	p := must[AST](t)(c.Const("p", must[Sort](t)(c.BoolSort())))
	if err := s.Assert(p); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	r, err := s.Check(ctx, []AST{p})
	if r != Unknown || !errors.Is(err, ErrAbandoned) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("check = %v, %v; want unknown, ErrAbandoned and the deadline", r, err)
	}
	if _, err := c.NewSolver(SimpleSolver); !errors.Is(err, ErrClosed) {
		t.Errorf("NewSolver after an abandoned check: %v, want ErrClosed", err)
	}
	if _, err := c.App(OpNot, 0, 0, p); !errors.Is(err, ErrClosed) {
		t.Errorf("App after an abandoned check: %v, want ErrClosed", err)
	}
	if _, err := s.Check(context.Background(), nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Check after an abandoned check: %v, want ErrClosed", err)
	}
	s.Close()
	c.Close()
	select {
	case <-freed:
		t.Fatal("the context was deleted while its check ran")
	default:
	}
	close(release) // the check runs now, and returns
	select {
	case <-freed:
	case <-time.After(time.Minute):
		t.Fatal("the abandoned check's context was not deleted after it returned")
	}
	checkHook, freeHook = nil, nil
}

// TestCheckWithinGrace: a check that returns soon after its interrupt
// is not abandoned; its context stays usable.
func TestCheckWithinGrace(t *testing.T) {
	release := make(chan struct{})
	checkHook = func() { <-release }
	defer func() { checkHook = nil }()
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	p := must[AST](t)(c.Const("p", must[Sort](t)(c.BoolSort())))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	go func() {
		<-ctx.Done()
		close(release)
	}()
	if _, err := s.Check(ctx, []AST{p}); errors.Is(err, ErrAbandoned) {
		t.Fatalf("check returning within the grace: %v", err)
	}
	checkHook = nil
	if r, err := s.Check(context.Background(), []AST{p}); r != Sat || err != nil {
		t.Fatalf("check after = %v, %v; want sat", r, err)
	}
}

// TestNotAbandonedBeforeTheWholeEnds: a check past its own context's end
// is waited for while AbandonWhen's channel stays open (one check's
// bound, not the whole work's), and abandoned as soon as it closes.
func TestNotAbandonedBeforeTheWholeEnds(t *testing.T) {
	release := make(chan struct{})
	checkHook = func() { <-release }
	defer func() { checkHook = nil }()
	whole := make(chan struct{})
	c := newCtx(t)
	c.AbandonWhen(whole)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	p := must[AST](t)(c.Const("p", must[Sort](t)(c.BoolSort())))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	type result struct {
		r   Result
		err error
	}
	out := make(chan result, 1)
	go func() {
		r, err := s.Check(ctx, []AST{p})
		out <- result{r, err}
	}()
	select {
	case res := <-out:
		t.Fatalf("check returned %v, %v while it ran and the whole work's channel was open", res.r, res.err)
	case <-time.After(4 * checkGrace):
	}
	close(whole)
	res := <-out
	if !errors.Is(res.err, ErrAbandoned) {
		t.Fatalf("check after the whole work's end: %v, %v; want ErrAbandoned", res.r, res.err)
	}
	close(release)
}
