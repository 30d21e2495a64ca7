package slicing

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomCore returns a seeded random dependence graph of n events; with
// plain set, no event has flags (pure reachability semantics).
func randomCore(r *rand.Rand, n int, plain bool) *core {
	c := &core{}
	for e := range n {
		ctrl := int32(-1)
		if e > 0 && r.IntN(4) != 0 {
			ctrl = int32(r.IntN(e))
		}
		var fl uint8
		if !plain {
			if ctrl >= 0 && r.IntN(3) == 0 {
				fl |= flagCtrlIsCall
			}
			if r.IntN(3) == 0 {
				fl |= flagStaticCall
			}
		}
		c.addEvent(ctrl, fl)
		if e > 0 {
			for range r.IntN(4) {
				c.dep = append(c.dep, int32(r.IntN(e)))
			}
		}
		c.seal()
	}
	return c
}

func (c *core) deps(e int32) []int32 { return c.dep[c.off[e]:c.off[e+1]] }

// reach returns the events reachable from start over the dependence and
// control edges (e -> its deps and its control parent).
func (c *core) reach(start []int32) map[int32]bool {
	seen := map[int32]bool{}
	work := slices.Clone(start)
	for _, e := range start {
		seen[e] = true
	}
	for len(work) > 0 {
		e := work[len(work)-1]
		work = work[:len(work)-1]
		next := slices.Clone(c.deps(e))
		if c.ctrl[e] >= 0 {
			next = append(next, c.ctrl[e])
		}
		for _, d := range next {
			if !seen[d] {
				seen[d] = true
				work = append(work, d)
			}
		}
	}
	return seen
}

func members(b bitset) []int32 {
	var out []int32
	b.each(func(e int32) { out = append(out, e) })
	return out
}

// TestCorePlainOracle checks slices on flag-free graphs against plain graph
// reachability: the backward slice is what the criteria reach; an event is in
// the forward slice iff it reaches a source.
func TestCorePlainOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for iter := range 500 {
		n := 1 + r.IntN(60)
		c := randomCore(r, n, true)
		var crit []int32
		for range 1 + r.IntN(3) {
			crit = append(crit, int32(r.IntN(n)))
		}
		want := c.reach(crit)
		got := members(c.backward(crit, false))
		if len(got) != len(want) {
			t.Fatalf("iter %d: backward %v, want %d events %v", iter, got, len(want), want)
		}
		for _, e := range got {
			if !want[e] {
				t.Fatalf("iter %d: backward has %d, not reachable", iter, e)
			}
		}
		fwd := c.forward(crit)
		for e := range int32(n) {
			reaches := false
			for s := range c.reach([]int32{e}) {
				reaches = reaches || slices.Contains(crit, s)
			}
			if fwd.has(e) != reaches {
				t.Fatalf("iter %d: forward has(%d) = %v, reaches a source = %v", iter, e, fwd.has(e), reaches)
			}
		}
	}
}

// TestCoreFlagsOracle checks the call-aware rules against a fixpoint
// computation of their declarative definition.
func TestCoreFlagsOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for iter := range 500 {
		n := 1 + r.IntN(60)
		c := randomCore(r, n, false)
		var crit []int32
		for range 1 + r.IntN(3) {
			crit = append(crit, int32(r.IntN(n)))
		}
		viaCall := func(e int32) bool {
			return c.ctrl[e] >= 0 && c.flags[e]&flagCtrlIsCall != 0 && c.flags[c.ctrl[e]]&flagStaticCall != 0
		}
		// Backward: need/exec by worklist.
		need, exec := map[int32]bool{}, map[int32]bool{}
		for _, e := range crit {
			need[e] = true
		}
		for changed := true; changed; {
			changed = false
			set := func(m map[int32]bool, e int32) {
				if !m[e] {
					m[e] = true
					changed = true
				}
			}
			for e := range int32(n) {
				if need[e] {
					for _, d := range c.deps(e) {
						set(need, d)
					}
				}
				if (need[e] || exec[e]) && c.ctrl[e] >= 0 {
					if viaCall(e) {
						set(exec, c.ctrl[e])
					} else {
						set(need, c.ctrl[e])
					}
				}
			}
		}
		got := c.backward(crit, false)
		for e := range int32(n) {
			if got.has(e) != (need[e] || exec[e]) {
				t.Fatalf("iter %d: backward has(%d) = %v, want %v", iter, e, got.has(e), need[e] || exec[e])
			}
		}
		// Forward: mark/exAff by fixpoint.
		mark, aff := map[int32]bool{}, map[int32]bool{}
		for _, e := range crit {
			mark[e] = true
		}
		for changed := true; changed; {
			changed = false
			for e := range int32(n) {
				if p := c.ctrl[e]; p >= 0 && !aff[e] {
					if (viaCall(e) && aff[p]) || (!viaCall(e) && mark[p]) {
						aff[e], mark[e], changed = true, true, true
					}
				}
				if !mark[e] {
					for _, d := range c.deps(e) {
						if mark[d] {
							mark[e], changed = true, true
							break
						}
					}
				}
			}
		}
		fwd := c.forward(crit)
		for e := range int32(n) {
			if fwd.has(e) != mark[e] {
				t.Fatalf("iter %d: forward has(%d) = %v, want %v", iter, e, fwd.has(e), mark[e])
			}
		}
	}
}

// TestCoreDistancesOracle checks distances against a fixpoint of their
// declarative definition (the shortest chain of the edges backward
// follows, need and exec states apart, potential dependences included in
// a third of the cores) and against backward's members.
func TestCoreDistancesOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for iter := range 500 {
		n := 1 + r.IntN(60)
		c := randomCore(r, n, iter%2 == 0)
		relevant := iter%3 == 0
		if relevant {
			// Potential dependences, as computePotential stores them:
			// each on earlier events.
			c.potOff = make([]int32, 1, n+1)
			for e := range n {
				if e > 0 {
					for range r.IntN(3) {
						c.pot = append(c.pot, int32(r.IntN(e)))
					}
				}
				c.potOff = append(c.potOff, int32(len(c.pot)))
			}
		}
		var crit []int32
		for range 1 + r.IntN(3) {
			crit = append(crit, int32(r.IntN(n)))
		}
		const inf = 1 << 30
		need, exec := make([]int, n), make([]int, n)
		for i := range n {
			need[i], exec[i] = inf, inf
		}
		for _, e := range crit {
			need[e] = 0
		}
		relax := func(m []int, e int32, d int) bool {
			if d < m[e] {
				m[e] = d
				return true
			}
			return false
		}
		for changed := true; changed; {
			changed = false
			for e := range int32(n) {
				viaCall := c.ctrl[e] >= 0 && c.flags[e]&flagCtrlIsCall != 0 && c.flags[c.ctrl[e]]&flagStaticCall != 0
				for _, d := range []int{need[e], exec[e]} {
					if d == inf || c.ctrl[e] < 0 {
						continue
					}
					if viaCall {
						changed = relax(exec, c.ctrl[e], d+1) || changed
					} else {
						changed = relax(need, c.ctrl[e], d+1) || changed
					}
				}
				if need[e] < inf {
					for _, x := range c.deps(e) {
						changed = relax(need, x, need[e]+1) || changed
					}
					if relevant {
						for _, x := range c.pot[c.potOff[e]:c.potOff[e+1]] {
							changed = relax(need, x, need[e]+1) || changed
						}
					}
				}
			}
		}
		got, _ := c.distances(context.Background(), crit, relevant)
		in := c.backward(crit, relevant)
		for e := range int32(n) {
			want := min(need[e], exec[e])
			if want == inf {
				want = -1
			}
			if int(got[e]) != want {
				t.Fatalf("iter %d: distance of %d = %d, want %d", iter, e, got[e], want)
			}
			if in.has(e) != (got[e] >= 0) {
				t.Fatalf("iter %d: event %d in backward slice %v, distance %d", iter, e, in.has(e), got[e])
			}
		}
	}
}
