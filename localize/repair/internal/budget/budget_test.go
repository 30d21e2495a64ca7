package budget

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestShareFrom checks a phase's share of a deadline: it ends at the
// share of the time from its start to the deadline, saying why, and a
// context without a deadline gives the phase no bound.
func TestShareFrom(t *testing.T) {
	const why = "the search took its share (%.0f%%)"
	start := time.Now()
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(10*time.Second))
	defer cancel()
	sctx, scancel := ShareFrom(ctx, start, 0.7, why)
	defer scancel()
	dl, ok := sctx.Deadline()
	if want := start.Add(7 * time.Second); !ok || !dl.Equal(want) {
		t.Fatalf("search deadline %v, %v; want %v", dl, ok, want)
	}
	// A repair started 10 s before a deadline 1 s away: its search's
	// share is over.
	late, cancelLate := context.WithDeadline(context.Background(), time.Now().Add(time.Second))
	defer cancelLate()
	s2, c2 := ShareFrom(late, time.Now().Add(-10*time.Second), 0.7, why)
	defer c2()
	<-s2.Done()
	if cause := context.Cause(s2); cause == nil || !strings.Contains(cause.Error(), "its share (70%)") {
		t.Errorf("cause %v, want the search's share", cause)
	}
	if late.Err() != nil {
		t.Errorf("the repair's own context ended with its search's share")
	}
	free, c3 := ShareFrom(context.Background(), start, 0.7, why)
	defer c3()
	if _, ok := free.Deadline(); ok {
		t.Errorf("a search without a deadline got one")
	}
}
