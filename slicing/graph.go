package slicing

import (
	"context"
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"slices"
	"sync"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// Graph is the dynamic dependence graph of one run: one node per event of a
// [trace.Trace], with the event's data dependences (register operands and,
// for loads, the last store to the memory read), its dynamic control parent
// (the branch instance it is control dependent on, or the call that created
// its frame), and, computed on first use by [Graph.Relevant], its potential
// dependences. A Graph is immutable once built and safe for concurrent use,
// except that the first Relevant call computes the potential dependences
// (guarded by a lock).
type Graph struct {
	t    *trace.Trace
	c    core
	sid  []trace.StaticID // static instruction of each event
	line []int32          // per static: index into lines, or -1
	// lines are the distinct source lines of the statics, in order of
	// first appearance.
	lines []trace.Line

	a      *analysis // static facts about the trace's instructions
	potMu  sync.Mutex
	potSet bool // the potential dependences are computed
}

// NewGraph builds the dependence graph of t in one pass over its events:
// time and memory linear in the number of events and dependences (about 13
// bytes per event plus 4 per dependence).
//
// NewGraph drops one kind of the trace's dependences: that of a load, store
// or field/element address on the Alloc of a local variable as its address
// operand (the address of a non-escaping local is fixed and carries no
// data; keeping it would put every variable's declaration line in every
// slice that reads it). A load of a variable never stored keeps its
// dependence on the Alloc as the definition of the zero value.
// NewGraph also adds dependences the trace cannot record: a call run
// natively by the bridge (the standard library) reads the memory its
// arguments refer to without load events, so such a call depends on every
// store into the elements or fields of the allocations its arguments are
// derived from (through slicing, element and field addresses, interface
// boxing, conversions and variables holding them), such as the array
// behind the variadic arguments
// of fmt.Sprint, and transitively into the allocations the stored values
// refer to: on the last store into each element or field (or the last
// whole-value store into an array or struct variable). Memory reached
// through maps, or through values loaded rather than stored, is not
// followed.
//
// (The trace gives a φ event a dependence on the branch that chose its
// incoming edge, so a short-circuit value a && b that is false because a is
// false depends on a.)
func NewGraph(t *trace.Trace) *Graph {
	g, _ := NewGraphContext(context.Background(), t)
	return g
}

// checkEvery is how many events a pass over a trace handles between two
// looks at its context.
const checkEvery = 1 << 14

// NewGraphContext is [NewGraph], stopped when ctx ends: it then returns
// ctx's error and no graph.
func NewGraphContext(ctx context.Context, t *trace.Trace) (*Graph, error) {
	n := t.Len()
	g := &Graph{t: t}
	g.c.off = make([]int32, 1, n+1)
	g.c.ctrl = make([]int32, 0, n)
	g.c.flags = make([]uint8, 0, n)
	g.c.dep = make([]int32, 0, 2*n)
	g.sid = make([]trace.StaticID, n)
	a := newAnalysis(t)
	// intoAlloc[A][k] is the last store into element or field k of the
	// allocation made by event A, for bridged calls that read it.
	intoAlloc := map[int32]map[uint64]int32{}
	// lastNative[p] is the last call run natively that used object p,
	// native or the program's (nativeState).
	lastNative := map[uintptr]int32{}
	var buf []trace.EventID
	for i := range n {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		e := trace.EventID(i)
		s := t.Static(e)
		g.sid[i] = s
		info := a.static(s)
		var fl uint8
		p := t.ControlParent(e)
		if p >= 0 && p == t.CallOf(e) {
			fl |= flagCtrlIsCall
		}
		if info.kind == kindStaticCall {
			fl |= flagStaticCall
		}
		g.c.addEvent(int32(p), fl)
		buf = t.Deps(e, buf[:0])
		skip := info.addrOf != nil
		for _, d := range buf {
			if skip && t.SSAValue(d) == info.addrOf {
				skip = false // the address operand; a later equal dep is the memory's definition
				continue
			}
			g.c.dep = append(g.c.dep, int32(d))
		}
		switch {
		case info.store != nil:
			if addr := depOf(t, buf, info.store.Addr); addr >= 0 {
				if al, k := allocOf(t, addr); al >= 0 {
					m := intoAlloc[int32(al)]
					if m == nil {
						m = map[uint64]int32{}
						intoAlloc[int32(al)] = m
					}
					m[k] = int32(i)
				}
			}
		case info.call:
			if _, _, interpreted := t.Callee(e); !interpreted {
				g.c.dep = bridgedReads(t, buf, intoAlloc, g.c.dep)
				if info.objects {
					g.c.dep = nativeState(t, int32(i), buf, info.reads, lastNative, g.c.dep)
				}
			}
		case info.fieldOf != nil:
			if base := depOf(t, buf, info.fieldOf); base >= 0 {
				g.c.dep = nativeField(t, base, lastNative, g.c.dep)
			}
		}
		g.c.seal()
	}
	g.line = make([]int32, t.NumStatics())
	index := map[trace.Line]int32{}
	for s := range g.line {
		g.line[s] = -1
		st := t.StaticInfo(trace.StaticID(s))
		if st.Synthetic || !st.Position.IsValid() {
			continue
		}
		l := trace.Line{File: st.Position.Filename, Line: st.Position.Line}
		k, ok := index[l]
		if !ok {
			k = int32(len(g.lines))
			index[l] = k
			g.lines = append(g.lines, l)
		}
		g.line[s] = k
	}
	g.a = a
	return g, nil
}

// depOf returns the dependence among deps that defined operand v, or
// NoEvent.
func depOf(t *trace.Trace, deps []trace.EventID, v ssa.Value) trace.EventID {
	for _, d := range deps {
		if t.SSAValue(d) == v {
			return d
		}
	}
	return trace.NoEvent
}

// bridgedReads appends to dst the stores a call run natively reads: the
// last stores into the allocations its arguments (deps) refer to, and,
// transitively, into the allocations the stored values refer to (the slice
// in a variadic ...any array, a pointer field), in increasing order.
func bridgedReads(t *trace.Trace, deps []trace.EventID, into map[int32]map[uint64]int32, dst []int32) []int32 {
	start := len(dst)
	seen := map[trace.EventID]bool{}
	var work []trace.EventID
	push := func(e trace.EventID) {
		if al, _ := allocOf(t, e); al >= 0 && !seen[al] {
			seen[al] = true
			work = append(work, al)
		}
	}
	for _, d := range deps {
		push(d)
	}
	var buf [4]trace.EventID
	for len(work) > 0 {
		al := work[len(work)-1]
		work = work[:len(work)-1]
		for _, st := range into[int32(al)] {
			dst = append(dst, st)
			if s, ok := t.Instr(trace.EventID(st)).(*ssa.Store); ok {
				if v := depOf(t, t.Deps(trace.EventID(st), buf[:0]), s.Val); v >= 0 {
					push(v)
				}
			}
		}
	}
	slices.Sort(dst[start:])
	return dst
}

// allocOf follows an address or reference value back through element and
// field addresses, slicing, interface boxing, conversions and loads (to the
// value stored) to the Alloc
// event that created the memory it refers to, or returns NoEvent. The key
// names the element or field reached (a hash of the indices and field
// numbers along the way), so that a later store to the same element
// replaces an earlier one.
func allocOf(t *trace.Trace, e trace.EventID) (trace.EventID, uint64) {
	var buf [4]trace.EventID
	var key uint64 = 1
	for range 16 {
		var x ssa.Value
		switch in := t.Instr(e).(type) {
		case *ssa.Alloc:
			return e, key
		case *ssa.IndexAddr:
			x = in.X
			deps := t.Deps(e, buf[:0])
			idx := int64(-1)
			if c, ok := in.Index.(*ssa.Const); ok && c.Value != nil {
				idx, _ = constant.Int64Val(constant.ToInt(c.Value))
			} else if d := depOf(t, deps, in.Index); d >= 0 {
				idx = t.Value(d).Int()
			}
			key = key*1000003 + uint64(idx) + 2
		case *ssa.FieldAddr:
			x = in.X
			key = key*1000003 + uint64(in.Field) + 1<<40
		case *ssa.Slice:
			x = in.X
		case *ssa.MakeInterface:
			x = in.X
		case *ssa.ChangeType:
			x = in.X
		case *ssa.Convert:
			x = in.X
		case *ssa.UnOp:
			// A load of a reference: continue from the value the store
			// it read put there.
			if in.Op != token.MUL {
				return trace.NoEvent, 0
			}
			st := trace.NoEvent
			for _, d := range t.Deps(e, buf[:0]) {
				if _, ok := t.Instr(d).(*ssa.Store); ok {
					st = d
				}
			}
			if st < 0 {
				return trace.NoEvent, 0
			}
			e, x = st, t.Instr(st).(*ssa.Store).Val
		default:
			return trace.NoEvent, 0
		}
		if e = depOf(t, t.Deps(e, buf[:0]), x); e < 0 {
			return trace.NoEvent, 0
		}
	}
	return trace.NoEvent, 0
}

// isStaticCall reports whether instr is a call whose callee is fixed by the
// code (a function, not a closure value or an interface method).
func isStaticCall(instr ssa.Instruction) bool {
	c, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	if _, isGo := instr.(*ssa.Go); isGo {
		return false
	}
	return c.Common().StaticCallee() != nil
}

// Trace returns the trace the graph was built from.
func (g *Graph) Trace() *trace.Trace { return g.t }

// Len returns the number of events.
func (g *Graph) Len() int { return g.c.n() }

// CriterionError reports a slicing criterion that is not an event of the
// trace.
type CriterionError struct {
	Event trace.EventID // the offending criterion
	Len   int           // the number of events in the trace
}

// Error formats the error with the package prefix.
func (e *CriterionError) Error() string {
	return fmt.Sprintf("slicing: criterion %d is not an event of the trace (%d events)", e.Event, e.Len)
}

func (g *Graph) check(events []trace.EventID) ([]int32, error) {
	out := make([]int32, len(events))
	for i, e := range events {
		if e < 0 || int(e) >= g.c.n() {
			return nil, &CriterionError{Event: e, Len: g.c.n()}
		}
		out[i] = int32(e)
	}
	return out, nil
}

// Backward returns the backward dynamic slice of the criteria: the events
// whose values or decisions the criteria transitively depend on, through
// data dependences and dynamic control dependences, criteria included. A
// callee's events depend on the call that created their frame; such a call,
// when reached only that way, brings in its own control parent but not its
// arguments (which reach the callee, if used, as data through its
// parameters). Time O(c + dependences of the slice) for a latest criterion
// c; memory two bits per event. No criteria yield an empty slice; a
// criterion outside the trace yields a [*CriterionError].
func (g *Graph) Backward(criteria ...trace.EventID) (*Slice, error) {
	cs, err := g.check(criteria)
	if err != nil {
		return nil, err
	}
	return &Slice{g: g, set: g.c.backward(cs, false)}, nil
}

// Distances returns, for each event of the graph, how many dependences
// (data dependences and control parents, as [Graph.Backward] follows
// them) separate it from the nearest criterion: 0 for a criterion, 1 for
// what a criterion depends on directly, and -1 for events outside the
// backward slice. It orders a slice by proximity to the failure: a fault
// tends to lie few dependences from where it shows. Errors as for
// [Graph.Backward].
func (g *Graph) Distances(criteria ...trace.EventID) ([]int, error) {
	return g.DistancesContext(context.Background(), criteria...)
}

// DistancesContext is [Graph.Distances], stopped when ctx ends: it then
// returns ctx's error.
func (g *Graph) DistancesContext(ctx context.Context, criteria ...trace.EventID) ([]int, error) {
	cs, err := g.check(criteria)
	if err != nil {
		return nil, err
	}
	return ints(g.c.distances(ctx, cs, false))
}

// ints returns d as ints, or err.
func ints(d []int32, err error) ([]int, error) {
	if err != nil {
		return nil, err
	}
	out := make([]int, len(d))
	for i, x := range d {
		out[i] = int(x)
	}
	return out, nil
}

// Forward returns the forward dynamic slice of the sources: the events
// whose values or execution the sources affect, through data dependences
// and control (an event whose control parent is affected is affected),
// sources included. A call affected only through its arguments does not
// affect its callee as a whole; the callee's events are affected through
// their uses of the parameters. Time O(n + dependences) from the earliest
// source; memory two bits per event. Errors as for [Graph.Backward].
func (g *Graph) Forward(sources ...trace.EventID) (*Slice, error) {
	ss, err := g.check(sources)
	if err != nil {
		return nil, err
	}
	return &Slice{g: g, set: g.c.forward(ss)}, nil
}

// Chop returns the events on dependence paths from the sources to the
// sinks: the intersection of the forward slice of the sources and the
// backward slice of the sinks, at instance level. [Slice.Lines] of the
// result can be smaller than the intersection of the two slices' lines
// (the statement-level chop of the chops paper), which [LineChop] computes.
func (g *Graph) Chop(sources, sinks []trace.EventID) (*Slice, error) {
	f, err := g.Forward(sources...)
	if err != nil {
		return nil, err
	}
	b, err := g.Backward(sinks...)
	if err != nil {
		return nil, err
	}
	return f.Intersect(b)
}

// Slice is a set of events of one [Graph]: a slice, a chop, or a set
// computed from them.
type Slice struct {
	g   *Graph
	set bitset
}

// Graph returns the graph the slice belongs to.
func (s *Slice) Graph() *Graph { return s.g }

// Len returns the number of events in the slice.
func (s *Slice) Len() int { return s.set.count() }

// Contains reports whether event e is in the slice.
func (s *Slice) Contains(e trace.EventID) bool {
	return e >= 0 && int(e) < s.g.c.n() && s.set.has(int32(e))
}

// Events returns the slice's events in execution order.
func (s *Slice) Events() []trace.EventID {
	out := make([]trace.EventID, 0, s.set.count())
	s.set.each(func(e int32) { out = append(out, trace.EventID(e)) })
	return out
}

// Statics returns the distinct static instructions of the slice's events,
// in increasing order.
func (s *Slice) Statics() []trace.StaticID {
	seen := make([]bool, len(s.g.line))
	var out []trace.StaticID
	s.set.each(func(e int32) {
		id := s.g.sid[e]
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	})
	slices.Sort(out)
	return out
}

// Lines folds the slice to source lines: the distinct lines of its events,
// sorted by file and line. Events whose position is a synthetic fallback
// (see [trace.Static]) do not count, as in [trace.Trace.Lines].
func (s *Slice) Lines() []trace.Line {
	seen := make([]bool, len(s.g.lines))
	var out []trace.Line
	for _, id := range s.Statics() {
		if k := s.g.line[id]; k >= 0 && !seen[k] {
			seen[k] = true
			out = append(out, s.g.lines[k])
		}
	}
	sortLines(out)
	return out
}

func sortLines(ls []trace.Line) {
	slices.SortFunc(ls, func(a, b trace.Line) int {
		if a.File != b.File {
			if a.File < b.File {
				return -1
			}
			return 1
		}
		return a.Line - b.Line
	})
}

// ErrGraphMismatch is returned when slices of different graphs are combined.
var ErrGraphMismatch = errors.New("slicing: slices belong to different graphs")

func (s *Slice) combine(o *Slice, f func(a, b uint64) uint64) (*Slice, error) {
	if s.g != o.g {
		return nil, ErrGraphMismatch
	}
	out := newBitset(s.g.c.n())
	for i := range out {
		out[i] = f(s.set[i], o.set[i])
	}
	return &Slice{g: s.g, set: out}, nil
}

// Intersect returns the events in both s and o. Both must belong to the same
// graph, else the error is [ErrGraphMismatch].
func (s *Slice) Intersect(o *Slice) (*Slice, error) {
	return s.combine(o, func(a, b uint64) uint64 { return a & b })
}

// Union returns the events in s or o (same graph, as for Intersect).
func (s *Slice) Union(o *Slice) (*Slice, error) {
	return s.combine(o, func(a, b uint64) uint64 { return a | b })
}

// Minus returns the events in s but not in o (same graph, as for Intersect).
func (s *Slice) Minus(o *Slice) (*Slice, error) {
	return s.combine(o, func(a, b uint64) uint64 { return a &^ b })
}

// LineChop is the statement-level chop of the chops paper: the source lines
// present in both slices' [Slice.Lines], sorted.
func LineChop(forward, backward *Slice) []trace.Line {
	in := map[trace.Line]bool{}
	for _, l := range backward.Lines() {
		in[l] = true
	}
	var out []trace.Line
	for _, l := range forward.Lines() {
		if in[l] {
			out = append(out, l)
		}
	}
	return out
}

// bytes returns the memory held by the graph's arrays (not the trace's).
func (g *Graph) bytes() int {
	return 4*(cap(g.c.off)+cap(g.c.dep)+cap(g.c.ctrl)+cap(g.c.potOff)+cap(g.c.pot)+cap(g.sid)+cap(g.line)) + cap(g.c.flags)
}
