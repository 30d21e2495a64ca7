package maxsat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// greeting adds to s a formula like TestStringMCS's: out = prefix ++ sep
// ++ name must read "hello;; bob", the statements soft (two correction
// sets of size one: the prefix's and the separator's).
func greeting(t *testing.T, s *Solver) {
	t.Helper()
	prefix, sep, name, out := StringVar("prefix"), StringVar("sep"), StringVar("name"), StringVar("out")
	for i, c := range []*Term{Eq(prefix, Str("hello")), Eq(sep, Str("; ")), Eq(name, Str("bob"))} {
		if err := s.AddSoft(c, 1, fmt.Sprint("L", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []*Term{Eq(out, StrConcat(prefix, sep, name)), Eq(out, Str("hello;; bob"))} {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
}

// bvSum adds a bit-vector formula of the same shape: out = a + b + c must
// be 7, the statements giving 1, 1 and 1 soft.
func bvSum(t *testing.T, s *Solver) {
	t.Helper()
	a, b, c, out := BVVar("a", 8), BVVar("b", 8), BVVar("c", 8), BVVar("out", 8)
	for i, x := range []*Term{Eq(a, BV(1, 8)), Eq(b, BV(1, 8)), Eq(c, BV(1, 8))} {
		if err := s.AddSoft(x, 1, fmt.Sprint("L", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []*Term{Eq(out, Add(a, Add(b, c))), Eq(out, BV(7, 8))} {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
}

// mcses enumerates the correction sets of size at most 2 to the end, each
// blocked after it is found, and returns them sorted (the order depends on
// the models Z3 finds); stale, when set, marks the Z3 solver stale
// after the first (as an unfinished check would) and inside says whether
// the inside scope was open then.
func mcses(t *testing.T, s *Solver, stale bool) (sets []string, inside bool) {
	t.Helper()
	var got []string
	for {
		m, err := s.NextMCS(context.Background(), Bounds{MaxSize: 2})
		if errors.Is(err, ErrExhausted) {
			slices.Sort(got)
			return got, inside
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join(m.Groups, "+"))
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
		if stale && len(got) == 1 {
			s.stale, inside = true, s.in.open
		}
	}
}

// TestRenewAfterUnfinished: a check of a formula with strings that ends
// unfinished (here its context is cancelled) makes the Solver check on a
// new Z3 solver from then on, with the same assertions and inside scope:
// the correction sets enumerated are those of a Solver never stopped. A
// formula without strings keeps its Z3 solver.
func TestRenewAfterUnfinished(t *testing.T) {
	for _, tc := range []struct {
		name    string
		formula func(*testing.T, *Solver)
		renews  bool
	}{
		{"strings", greeting, true},
		{"bit-vectors", bvSum, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ref := newSolver(t, nil)
			tc.formula(t, ref)
			want, _ := mcses(t, ref, false)
			if len(want) < 2 {
				t.Fatalf("reference enumeration %v: want at least two sets", want)
			}

			s := newSolver(t, nil)
			tc.formula(t, s)
			old := s.sv
			cancelled, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := s.NextMCS(cancelled, Bounds{MaxSize: 2}); !errors.Is(err, context.Canceled) {
				t.Fatalf("NextMCS with a cancelled context: %v", err)
			}
			if s.stale != tc.renews {
				t.Errorf("stale after an unfinished check = %v, want %v", s.stale, tc.renews)
			}
			if got, _ := mcses(t, s, false); !slices.Equal(got, want) {
				t.Errorf("after an unfinished check: %v, want %v", got, want)
			}
			if renewed := s.sv != old; renewed != tc.renews {
				t.Errorf("Z3 solver renewed = %v, want %v", renewed, tc.renews)
			}

			// Renewed in the midst of an enumeration, the inside scope open.
			s2 := newSolver(t, nil)
			tc.formula(t, s2)
			got, inside := mcses(t, s2, true)
			if !slices.Equal(got, want) {
				t.Errorf("renewed after the first set: %v, want %v", got, want)
			}
			if !inside {
				t.Error("the inside scope was not open when the solver went stale: the test does not cover renewing it")
			}
		})
	}
}
