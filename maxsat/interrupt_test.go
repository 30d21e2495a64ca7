package maxsat

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// sum is a Bool term of about 2n distinct nodes: x_0 + … + x_n-1 = 0,
// summed as a balanced tree (a deep chain is slow for Z3 to free).
func sum(n int) *Term {
	var add func(lo, hi int) *Term
	add = func(lo, hi int) *Term {
		if hi-lo == 1 {
			return BVVar(fmt.Sprint("x", lo), 32)
		}
		mid := (lo + hi) / 2
		return Add(add(lo, mid), add(mid, hi))
	}
	return Eq(add(0, n), BV(0, 32))
}

func TestDoneInterruptsTranslation(t *testing.T) {
	closed := make(chan struct{})
	close(closed)
	for _, tc := range []struct {
		name string
		done <-chan struct{}
		want error // nil: added
	}{
		{"no Done", nil, nil},
		{"Done open", make(chan struct{}), nil},
		{"Done closed", closed, ErrInterrupted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSolver(t, &Options{Done: tc.done})
			big := sum(3 * interruptEvery)
			err := s.AddHard(big)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("AddHard of %d nodes = %v, want %v", 3*interruptEvery, err, tc.want)
			}
			if tc.want == nil {
				if got := s.Stats().Z3Terms; got < 3*interruptEvery {
					t.Errorf("Z3Terms = %d after a term of at least %d nodes", got, 3*interruptEvery)
				}
				return
			}
			if st := s.Stats(); st.Hard != 0 || st.Z3Terms >= interruptEvery {
				t.Errorf("an interrupted AddHard translated %d terms and added %d constraints", st.Z3Terms, st.Hard)
			}
			// Soft constraints and checks given terms are interrupted too;
			// the solver stays usable.
			if err := s.AddSoft(BoolVar("p"), 1, "g"); !errors.Is(err, ErrInterrupted) {
				t.Errorf("AddSoft after Done = %v, want ErrInterrupted", err)
			}
			if st, err := s.Check(context.Background()); err != nil || st != Sat {
				t.Errorf("Check of the empty formula after an interruption = %v, %v", st, err)
			}
		})
	}
}
