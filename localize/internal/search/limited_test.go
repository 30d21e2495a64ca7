package search

import (
	"context"
	"testing"
	"time"

	"github.com/faultloc/faultloc/maxsat"
)

// TestLimited: a guess or preference check of a formula with strings,
// which the resource limit does not bound, gets its share of the time
// left to the context's deadline (a tenth); one of a bit-vector formula,
// which its resource limit bounds, or one with no deadline to share,
// gets the context as it is.
func TestLimited(t *testing.T) {
	for _, tt := range []struct {
		name     string
		hard     *maxsat.Term
		deadline bool
		bounded  bool // the check's context gets a deadline of its own
	}{
		{"bit-vectors", maxsat.Eq(maxsat.BVVar("x", 32), maxsat.BV(3, 32)), true, false},
		{"strings", maxsat.Eq(maxsat.StringVar("s"), maxsat.Str("ab")), true, true},
		{"strings without a deadline", maxsat.Eq(maxsat.StringVar("s"), maxsat.Str("ab")), false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := maxsat.NewSolver(nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.AddHard(tt.hard); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if tt.deadline {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, time.Hour)
				defer cancel()
			}
			lctx, cancel := Checker{Solver: s}.limited(ctx)
			defer cancel()
			dl, ok := lctx.Deadline()
			parent, _ := ctx.Deadline()
			switch {
			case !tt.bounded && lctx != ctx:
				t.Errorf("a context of its own (deadline %v), want the caller's", dl)
			case tt.bounded && (!ok || !dl.Before(parent.Add(-50*time.Minute))):
				t.Errorf("deadline %v (%v), want a tenth of the hour to %v", dl, ok, parent)
			}
		})
	}
}
