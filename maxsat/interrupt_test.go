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

// TestDoneInterruptsSetEngine: changing the engine asserts every
// constraint anew, which Done stops; the Solver then keeps its engine
// and constraints.
func TestDoneInterruptsSetEngine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		close  bool // Done closed before SetEngine
		want   error
		engine Engine // after SetEngine
	}{
		{"Done open", false, nil, BVEngine},
		{"Done closed", true, ErrInterrupted, SMTEngine},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			s := newSolver(t, &Options{Done: done})
			x := BVVar("x", 32)
			for i := range 8 {
				if err := s.AddHard(ULT(BV(uint64(i), 32), x)); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.AddSoft(ULT(x, BV(5, 32)), 1, "small"); err != nil {
				t.Fatal(err)
			}
			if tc.close {
				close(done)
			}
			err := s.SetEngine(BVEngine)
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("SetEngine = %v, want %v", err, tc.want)
			}
			if got := s.Engine(); got != tc.engine {
				t.Errorf("engine %v after SetEngine, want %v", got, tc.engine)
			}
			// The constraints are all there: x > 7 refutes x < 5.
			m, err := s.NextMCS(context.Background(), Bounds{})
			if err != nil || len(m.Groups) != 1 || m.Groups[0] != "small" {
				t.Errorf("NextMCS after SetEngine = %v, %v; want the correction set {small}", m, err)
			}
		})
	}
}
