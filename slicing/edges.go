package slicing

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/trace"
)

// DepKind is the kind of a dependence edge of a [Graph].
type DepKind uint8

const (
	// Data: the event read a value the other event defined (a register
	// operand, the last store to the memory it loaded, or, for a φ, the
	// branch that chose its incoming edge).
	Data DepKind = iota
	// Control: the other event is the event's dynamic control parent.
	Control
	// Potential: the other event is a branch whose untaken side could have
	// assigned what the event read (relevant slicing).
	Potential
)

// String returns "data", "control" or "potential".
func (k DepKind) String() string {
	switch k {
	case Data:
		return "data"
	case Control:
		return "control"
	case Potential:
		return "potential"
	}
	return fmt.Sprintf("DepKind(%d)", int(k))
}

// Edge is a dependence of event From on the earlier event To.
type Edge struct {
	From, To trace.EventID
	Kind     DepKind
}

// Deps appends to dst the events e depends on as data, as slicing sees
// them (see [NewGraph] for how they differ from [trace.Trace.Deps]). An
// event outside the graph has none.
func (g *Graph) Deps(e trace.EventID, dst []trace.EventID) []trace.EventID {
	if e < 0 || int(e) >= g.c.n() {
		return dst
	}
	for _, d := range g.c.dep[g.c.off[e]:g.c.off[e+1]] {
		dst = append(dst, trace.EventID(d))
	}
	return dst
}

// ControlParent returns e's dynamic control parent, as
// [trace.Trace.ControlParent] does, or NoEvent.
func (g *Graph) ControlParent(e trace.EventID) trace.EventID {
	if e < 0 || int(e) >= g.c.n() {
		return trace.NoEvent
	}
	return trace.EventID(g.c.ctrl[e])
}

// PotentialDeps appends to dst the branch events e potentially depends on
// (see [Graph.Relevant]; computed on first use).
func (g *Graph) PotentialDeps(e trace.EventID, dst []trace.EventID) []trace.EventID {
	if e < 0 || int(e) >= g.c.n() {
		return dst
	}
	g.potential(context.Background())
	for _, d := range g.c.pot[g.c.potOff[e]:g.c.potOff[e+1]] {
		dst = append(dst, trace.EventID(d))
	}
	return dst
}

// Why explains why event target is in the backward (or, with relevant set,
// the relevant) slice of criterion: it returns a shortest chain of
// dependence edges from the criterion back to the target, following the
// same rules as the slice (a call reached as a control parent contributes
// only its own control parent). It returns nil if target is not in that
// slice, and an empty chain if target is the criterion. The search visits at
// most the slice: time linear in its size.
func (g *Graph) Why(criterion, target trace.EventID, relevant bool) ([]Edge, error) {
	ids, err := g.check([]trace.EventID{criterion, target})
	if err != nil {
		return nil, err
	}
	if relevant {
		g.potential(context.Background())
	}
	c := &g.c
	from, to := ids[0], ids[1]
	if from == to {
		return []Edge{}, nil
	}
	// Breadth-first search over states (event, exec-only); parents record
	// how each state was reached.
	type state struct {
		e    int32
		exec bool
	}
	type via struct {
		prev state
		kind DepKind
	}
	parent := map[state]via{}
	start := state{from, false}
	parent[start] = via{prev: start}
	queue := []state{start}
	var found *state
	visit := func(cur, next state, kind DepKind) bool {
		if next.e < to {
			return false // dependences only go back in time
		}
		if _, ok := parent[next]; ok {
			return false
		}
		parent[next] = via{prev: cur, kind: kind}
		if next.e == to {
			found = &next
			return true
		}
		queue = append(queue, next)
		return false
	}
	for len(queue) > 0 && found == nil {
		cur := queue[0]
		queue = queue[1:]
		e := cur.e
		if !cur.exec {
			for _, d := range c.dep[c.off[e]:c.off[e+1]] {
				if visit(cur, state{d, false}, Data) {
					break
				}
			}
			if relevant && found == nil {
				for _, d := range c.pot[c.potOff[e]:c.potOff[e+1]] {
					if visit(cur, state{d, false}, Potential) {
						break
					}
				}
			}
		}
		if p := c.ctrl[e]; p >= 0 && found == nil {
			exec := c.flags[e]&flagCtrlIsCall != 0 && c.flags[p]&flagStaticCall != 0
			visit(cur, state{p, exec}, Control)
		}
	}
	if found == nil {
		return nil, nil
	}
	var chain []Edge
	for s := *found; s != start; {
		v := parent[s]
		chain = append(chain, Edge{From: trace.EventID(v.prev.e), To: trace.EventID(s.e), Kind: v.kind})
		s = v.prev
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return chain, nil
}
