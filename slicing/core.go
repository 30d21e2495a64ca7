package slicing

import "context"

import "math/bits"

// bitset is a fixed-size set of event indices.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) add(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// each calls f for every member in increasing order.
func (b bitset) each(f func(int32)) {
	for wi, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(int32(wi*64 + t))
			w &= w - 1
		}
	}
}

// event flags of the core graph.
const (
	// flagCtrlIsCall: the event's control parent is the call that created
	// its frame (no branch of its own frame controls it).
	flagCtrlIsCall uint8 = 1 << iota
	// flagStaticCall: the event is a call whose callee is fixed by the
	// code, so that its callee's execution depends only on the call's own
	// execution, not on the call's operands.
	flagStaticCall
)

// core is the dynamic dependence graph in compressed form: events
// 0..n-1 in execution order, each with its data dependences dep[off[e]:
// off[e+1]], its control parent ctrl[e] (-1 for none) and flags. Every
// dependence and control parent of an event precedes it. The optional
// potential dependences (for relevant slices) are stored the same way.
type core struct {
	off   []int32
	dep   []int32
	ctrl  []int32
	flags []uint8

	potOff []int32 // nil until potential dependences are computed
	pot    []int32
}

func (c *core) n() int { return len(c.ctrl) }

// addEvent appends an event; the caller appends its dependences to c.dep
// before the next call.
func (c *core) addEvent(ctrl int32, flags uint8) {
	if len(c.off) == 0 {
		c.off = append(c.off, 0)
	}
	c.ctrl = append(c.ctrl, ctrl)
	c.flags = append(c.flags, flags)
}

// seal closes the dependence list of the last event added.
func (c *core) seal() { c.off = append(c.off, int32(len(c.dep))) }

// backward computes the backward dynamic slice of the criteria: every
// event they transitively depend on, through data dependences, control
// parents and, if relevant is set, potential dependences. A call event
// reached only as the control parent of its callee's events contributes its
// own execution (its control parent) but not its operands, unless its
// callee is dynamic. One sweep from the latest criterion down to event 0:
// time O(max criterion + dependences of the members), two bits per event.
func (c *core) backward(criteria []int32, relevant bool) bitset {
	n := c.n()
	need := newBitset(n) // the event's value (or decision) matters
	exec := newBitset(n) // only the event's execution matters (static calls)
	hi := int32(-1)
	for _, e := range criteria {
		need.add(e)
		hi = max(hi, e)
	}
	markCtrl := func(e int32) {
		p := c.ctrl[e]
		if p < 0 {
			return
		}
		if c.flags[e]&flagCtrlIsCall != 0 && c.flags[p]&flagStaticCall != 0 {
			exec.add(p)
		} else {
			need.add(p)
		}
	}
	usePot := relevant && c.potOff != nil
	for e := hi; e >= 0; e-- {
		switch {
		case need.has(e):
			for _, d := range c.dep[c.off[e]:c.off[e+1]] {
				need.add(d)
			}
			if usePot {
				for _, d := range c.pot[c.potOff[e]:c.potOff[e+1]] {
					need.add(d)
				}
			}
			markCtrl(e)
		case exec.has(e):
			markCtrl(e)
		}
	}
	for i := range need {
		need[i] |= exec[i]
	}
	return need
}

// distances returns, for each event, the length of the shortest chain of
// edges that backward follows from a criterion to it (0 for a criterion),
// -1 for events outside the backward slice; potential dependences are
// followed, one edge each, only if relevant is set (and computed). An event reached as a call whose operands do not matter (its
// exec state) continues through its control parent only, as in backward.
// Breadth first over (event, need or exec): time O(c + dependences of the
// slice), memory two int32 per event up to the latest criterion.
func (c *core) distances(ctx context.Context, criteria []int32, relevant bool) ([]int32, error) {
	usePot := relevant && c.potOff != nil
	n := c.n()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	exec := make([]int32, n) // the distance of e's exec state, -1 if none
	copy(exec, dist)
	type state struct {
		e    int32
		exec bool
	}
	var queue []state
	for _, e := range criteria {
		if dist[e] < 0 {
			dist[e] = 0
			queue = append(queue, state{e, false})
		}
	}
	visit := func(e, d int32, asExec bool) {
		if asExec {
			if exec[e] < 0 && dist[e] < 0 {
				exec[e] = d
				queue = append(queue, state{e, true})
			}
			return
		}
		if dist[e] < 0 {
			dist[e] = d
			queue = append(queue, state{e, false})
		}
	}
	for k := 0; len(queue) > 0; k++ {
		if k%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		s := queue[0]
		queue = queue[1:]
		d := dist[s.e]
		if s.exec {
			d = exec[s.e]
		} else {
			for _, x := range c.dep[c.off[s.e]:c.off[s.e+1]] {
				visit(x, d+1, false)
			}
			if usePot {
				for _, x := range c.pot[c.potOff[s.e]:c.potOff[s.e+1]] {
					visit(x, d+1, false)
				}
			}
		}
		if p := c.ctrl[s.e]; p >= 0 {
			visit(p, d+1, c.flags[s.e]&flagCtrlIsCall != 0 && c.flags[p]&flagStaticCall != 0)
		}
	}
	for e, d := range exec {
		if d >= 0 && (dist[e] < 0 || d < dist[e]) {
			dist[e] = d
		}
	}
	return dist, nil
}

// forward computes the forward dynamic slice of the sources: every event
// whose value or execution they affect, through data dependences and control
// parents. The callee of a call affected only through its operands is not
// affected as a whole (unless the callee is dynamic); its events are
// affected through their data dependences on the parameters. One sweep from
// the earliest source: time O(n + dependences), two bits per event.
func (c *core) forward(sources []int32) bitset {
	n := c.n()
	mark := newBitset(n)  // value or execution affected
	exAff := newBitset(n) // execution affected (needed for call events)
	lo := int32(n)
	for _, e := range sources {
		mark.add(e)
		lo = min(lo, e)
	}
	for e := lo; e < int32(n); e++ {
		// Is e's execution decided by an affected event?
		if p := c.ctrl[e]; p >= 0 {
			ctrlAff := mark.has(p)
			if c.flags[e]&flagCtrlIsCall != 0 && c.flags[p]&flagStaticCall != 0 {
				ctrlAff = exAff.has(p)
			}
			if ctrlAff {
				exAff.add(e)
				mark.add(e)
				continue
			}
		}
		if mark.has(e) {
			continue
		}
		for _, d := range c.dep[c.off[e]:c.off[e+1]] {
			if mark.has(d) {
				mark.add(e)
				break
			}
		}
	}
	return mark
}

// forwardData is forward restricted to data dependences.
func (c *core) forwardData(sources []int32) bitset {
	n := c.n()
	mark := newBitset(n)
	lo := int32(n)
	for _, e := range sources {
		mark.add(e)
		lo = min(lo, e)
	}
	for e := lo; e < int32(n); e++ {
		if mark.has(e) {
			continue
		}
		for _, d := range c.dep[c.off[e]:c.off[e+1]] {
			if mark.has(d) {
				mark.add(e)
				break
			}
		}
	}
	return mark
}
