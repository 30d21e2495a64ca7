package maxsat

import (
	"context"
	"errors"
	"testing"
)

func newSolver(t testing.TB, opts *Options) *Solver {
	t.Helper()
	s, err := NewSolver(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// TestFoo is AgxFaults' running example (DESIGN.md): foo(3, 5) returns 8
// but 2 is expected; its five MFCs are the five MCSes of the trace formula
// (program formula, both branch sides encoded).
func TestFoo(t *testing.T) {
	s, a1 := fooSolver(t)
	got, err := s.AllMCS(context.Background(), Bounds{MaxSize: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range got {
		names = append(names, join(m.Groups))
	}
	want := []string{"L1", "L3", "L6", "L8", "L2+L4"}
	if !sameSet(names[:4], want[:4]) || len(names) != 5 || names[4] != want[4] {
		t.Fatalf("MCSes = %v, want %v (singletons first)", names, want)
	}
	for _, m := range got {
		if join(m.Groups) == "L3" {
			v, err := m.Model.Eval(a1)
			if err != nil || v.Int64() < 5 {
				t.Fatalf("angelic a1 = %v, %v; want >= 5 (so that a >= y)", v, err)
			}
		}
	}
	if _, err := s.NextMCS(context.Background(), Bounds{MaxSize: 3}); !errors.Is(err, ErrExhausted) {
		t.Fatalf("after enumeration: %v, want ErrExhausted", err)
	}
}

// TestCancelPartialAndResume: a cancelled enumeration returns the MCSes
// found so far with the context's error, and a later call resumes where it
// stopped, so that together they find every MCS once.
func TestCancelPartialAndResume(t *testing.T) {
	s, _ := fooSolver(t)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	first, err := s.AllMCS(ctx, Bounds{MaxSize: 3}, func(*MCS) bool {
		n++
		if n == 2 {
			cancel()
		}
		return true
	})
	if !errors.Is(err, context.Canceled) || len(first) != 2 {
		t.Fatalf("cancelled AllMCS = %d MCSes, %v; want 2 and context.Canceled", len(first), err)
	}
	rest, err := s.AllMCS(context.Background(), Bounds{MaxSize: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range append(first, rest...) {
		names = append(names, join(m.Groups))
	}
	if !sameSet(names, []string{"L1", "L3", "L6", "L8", "L2+L4"}) {
		t.Fatalf("MCSes before and after the cancellation: %v", names)
	}
}

// fooSolver loads AgxFaults' foo (program formula) and returns the solver
// and the variable a1 of L3.
func fooSolver(t *testing.T) (*Solver, *Term) {
	const w = 32
	x, y := BVVar("x", w), BVVar("y", w)
	b1, a1, a2, a3, b2, b3 := BVVar("b1", w), BVVar("a1", w), BVVar("a2", w), BVVar("a3", w), BVVar("b2", w), BVVar("b3", w)
	g1, g2 := BoolVar("g1"), BoolVar("g2")
	ret := BVVar("ret", w)
	ab := func(n string) *Term { return BoolVar("ab_" + n) }
	s := newSolver(t, nil)
	hard := []*Term{
		Eq(x, BV(3, w)), Eq(y, BV(5, w)), // input
		Or(ab("L1"), Eq(b1, Add(x, y))),   // L1: b := x + y
		Or(ab("L2"), Iff(g1, SLT(x, y))),  // L2: if x < y
		Or(ab("L3"), Eq(a1, x)),           // L3: a = x (fault: 2*x)
		Or(ab("L4"), Eq(a2, Sub(y, x))),   // L4: a = y - x
		Eq(a3, Ite(g1, a1, a2)),           // phi
		Or(ab("L6"), Iff(g2, SGE(a3, y))), // L6: if a >= y
		Or(ab("L7"), Eq(b2, Sub(y, x))),   // L7: b = y - x
		Eq(b3, Ite(g2, b2, b1)),           // phi
		Or(ab("L8"), Eq(ret, b3)),         // L8: return b
		Eq(ret, BV(2, w)),                 // oracle
	}
	for _, h := range hard {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range []string{"L1", "L2", "L3", "L4", "L6", "L7", "L8"} {
		if err := s.AddSoft(Not(ab(l)), 1, l); err != nil {
			t.Fatal(err)
		}
	}
	return s, a1
}

func join(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += "+"
		}
		out += s
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return true
}

// TestWeightChangeBetweenCalls: adding a soft to an existing group raises
// its weight; the next NextMCS must use the new weights (a bound built for
// the old ones must not be reused).
func TestWeightChangeBetweenCalls(t *testing.T) {
	ctx := context.Background()
	a, b := BoolVar("a"), BoolVar("b")
	for i := 0; i < 2; i++ {
		s := newSolver(t, nil)
		s.AddHard(Not(And(a, b)))
		s.AddSoft(a, 1, "A")
		s.AddSoft(b, 1, "B")
		if i == 1 {
			s.AddHard(Or(a, b))
		}
		if _, err := s.NextMCS(ctx, Bounds{}); err != nil {
			t.Fatal(err)
		}
		s.AddSoft(Or(a, BoolVar("c")), 5, "A") // A now costs 6
		for k := 0; k < 2; k++ {
			m, err := s.NextMCS(ctx, Bounds{})
			if err != nil || join(m.Groups) != "B" || m.Cost != 1 {
				t.Fatalf("after the weight change: %+v, %v; want {B} at cost 1", m, err)
			}
		}
	}
}

// TestMCSOutsideCore: level search narrows its probes to the groups of an
// unsat core first, so MCSes with groups outside that core must still be
// found. Two independent conflicts (p against ¬p, q against ¬q) make every
// MCS take one group from each, so each has a group outside any one core;
// a third conflict (r against ¬r), whose groups are new and outside the
// core taken earlier, makes every correction set contain a blocked pair.
func TestMCSOutsideCore(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t, nil)
	p, q, r := BoolVar("p"), BoolVar("q"), BoolVar("r")
	for _, sf := range []struct {
		t *Term
		g string
	}{{p, "a"}, {Not(p), "b"}, {q, "c"}, {Not(q), "d"}} {
		if err := s.AddSoft(sf.t, 1, sf.g); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.AllMCS(ctx, Bounds{MaxSize: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range got {
		names = append(names, join(m.Groups))
	}
	if want := []string{"a+c", "a+d", "b+c", "b+d"}; !sameSet(names, want) {
		t.Fatalf("MCSes = %v, want %v", names, want)
	}
	if err := s.AddSoft(r, 1, "e"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSoft(Not(r), 1, "f"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.NextMCS(ctx, Bounds{MaxSize: 3}); !errors.Is(err, ErrExhausted) {
		t.Fatalf("after blocking every pair and adding r against ¬r: %v, want ErrExhausted", err)
	}
	// A fresh solver on the final problem has the eight triples.
	f := newSolver(t, nil)
	for _, sf := range []struct {
		t *Term
		g string
	}{{p, "a"}, {Not(p), "b"}, {q, "c"}, {Not(q), "d"}, {r, "e"}, {Not(r), "f"}} {
		if err := f.AddSoft(sf.t, 1, sf.g); err != nil {
			t.Fatal(err)
		}
	}
	got, err = f.AllMCS(ctx, Bounds{MaxSize: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names = names[:0]
	for _, m := range got {
		names = append(names, join(m.Groups))
	}
	want := []string{"a+c+e", "a+c+f", "a+d+e", "a+d+f", "b+c+e", "b+c+f", "b+d+e", "b+d+f"}
	if !sameSet(names, want) {
		t.Fatalf("MCSes = %v, want %v", names, want)
	}
}
