package maxsat

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestAgxFaultsLoop replays AgxFaults' Algorithm 1 on the paper's foo
// (DESIGN.md): the trace formula starts with the executed path only, the
// unexplored branch sides are angelic (free values); an MCS whose model
// takes an unexplored side is not reported but refined (that side's
// statement is encoded and added to the same solver), and an MCS that stays
// on explored code is reported and blocked. The reported MCSes must be the
// paper's five MFCs, and {L2} alone must not be among them.
func TestAgxFaultsLoop(t *testing.T) {
	const w = 32
	ctx := context.Background()
	x, y := BVVar("x", w), BVVar("y", w)
	b1, a1, a2, a3, b2, b3 := BVVar("b1", w), BVVar("a1", w), BVVar("a2", w), BVVar("a3", w), BVVar("b2", w), BVVar("b3", w)
	g1, g2, ret := BoolVar("g1"), BoolVar("g2"), BVVar("ret", w)
	ab := func(n string) *Term { return BoolVar("ab_" + n) }
	s := newSolver(t, nil)
	add := func(hard []*Term, softs ...string) {
		for _, h := range hard {
			if err := s.AddHard(h); err != nil {
				t.Fatal(err)
			}
		}
		for _, l := range softs {
			if err := s.AddSoft(Not(ab(l)), 1, l); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Test input and oracle, then the executed path of foo(3, 5): L1, L2
	// (taken: x < y), L3, L6 (not taken: a < y), L8, with the phis.
	add([]*Term{Eq(x, BV(3, w)), Eq(y, BV(5, w)), Eq(ret, BV(2, w))})
	add([]*Term{
		Or(ab("L1"), Eq(b1, Add(x, y))),
		Or(ab("L2"), Iff(g1, SLT(x, y))),
		Or(ab("L3"), Eq(a1, x)),
		Eq(a3, Ite(g1, a1, a2)), // a2: L4 unexplored, angelic
		Or(ab("L6"), Iff(g2, SGE(a3, y))),
		Eq(b3, Ite(g2, b2, b1)), // b2: L7 unexplored, angelic
		Or(ab("L8"), Eq(ret, b3)),
	}, "L1", "L2", "L3", "L6", "L8")
	explored := map[string]bool{}
	var reported []string
	for iter := 0; iter < 50; iter++ {
		m, err := s.NextMCS(ctx, Bounds{MaxSize: 3})
		if errors.Is(err, ErrExhausted) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		g1v, _ := m.Model.Bool(g1)
		g2v, _ := m.Model.Bool(g2)
		switch {
		case !g1v && !explored["L4"]:
			explored["L4"] = true
			add([]*Term{Or(ab("L4"), Eq(a2, Sub(y, x)))}, "L4")
		case g2v && !explored["L7"]:
			explored["L7"] = true
			add([]*Term{Or(ab("L7"), Eq(b2, Sub(y, x)))}, "L7")
		default:
			reported = append(reported, join(m.Groups))
			if err := s.Block(m.Groups); err != nil {
				t.Fatal(err)
			}
		}
	}
	slices.Sort(reported)
	want := []string{"L1", "L2+L4", "L3", "L6", "L8"}
	if !slices.Equal(reported, want) {
		t.Fatalf("reported %v, want the paper's MFCs %v", reported, want)
	}
}
