package slicing

import (
	"context"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// Relevant returns the relevant slice of the criteria (Agrawal, Horgan,
// Krauser and London; Gyimóthy, Beszédes and Forgács): the backward dynamic
// slice extended with potential dependences, so that it also holds the
// branches whose other outcome could have changed a value the criteria
// read. It is meant for omission faults, such as a missing assignment on a
// path not taken, which a plain dynamic slice cannot show.
//
// A load L of variable v potentially depends on a branch instance p when p
// executed after the store L reads (or v's allocation) and before L, in the
// same frame (any frame for globals and escaping variables), and the
// successor p did not take leads, before p's immediate post-dominator, to a
// store into v. Variables are identified by the root of the address (the
// local, global or parameter at the end of field and element address
// chains), so stores into different fields of one struct count as stores
// into the same variable. A call in the branch not taken that is given the
// address of a variable (f(&x), or x.m() with a pointer receiver) counts
// as a store into it. A store through a pointer a frame was given (a
// pointer parameter, or a local assigned once from one) counts as a store
// into the escaping variable (a heap allocation or a global) the caller
// passed, followed back through the calls that passed it on, so that a
// caller's later load of that variable depends on the callee's branch
// (a callee that did not set a field of its caller's struct); other
// effects of callees (through pointers held elsewhere) are not
// considered. For each static branch only the latest qualifying instance
// is kept.
//
// The potential dependences are computed on the first call, in one pass over
// the trace; the slice itself costs as much as [Graph.Backward].
func (g *Graph) Relevant(criteria ...trace.EventID) (*Slice, error) {
	cs, err := g.check(criteria)
	if err != nil {
		return nil, err
	}
	g.potential(context.Background())
	return &Slice{g: g, set: g.c.backward(cs, true)}, nil
}

// RelevantDistances is [Graph.Distances] over the edges [Graph.Relevant]
// follows: a potential dependence (a branch whose other outcome would
// have assigned what an event reads) counts as one dependence, so a
// predicate that should have taken its other branch is as near the
// failure as the read it would have changed. Events outside the
// relevant slice are -1. Errors as for [Graph.Backward].
func (g *Graph) RelevantDistances(criteria ...trace.EventID) ([]int, error) {
	return g.RelevantDistancesContext(context.Background(), criteria...)
}

// RelevantDistancesContext is [Graph.RelevantDistances], stopped when
// ctx ends: it then returns ctx's error (and the potential dependences
// are computed again by the next call that needs them).
func (g *Graph) RelevantDistancesContext(ctx context.Context, criteria ...trace.EventID) ([]int, error) {
	cs, err := g.check(criteria)
	if err != nil {
		return nil, err
	}
	if err := g.potential(ctx); err != nil {
		return nil, err
	}
	return ints(g.c.distances(ctx, cs, true))
}

// potential computes the potential dependences once: a computation ctx
// stops is dropped, for a later call to do again.
func (g *Graph) potential(ctx context.Context) error {
	g.potMu.Lock()
	defer g.potMu.Unlock()
	if g.potSet {
		return nil
	}
	if err := g.computePotential(ctx); err != nil {
		g.c.pot, g.c.potOff = nil, nil
		return err
	}
	g.potSet = true
	return nil
}

// anyFrame is the frame key of variables shared between frames.
const anyFrame = -2

type frameVar struct {
	frame int32
	v     ssa.Value
}

// storesIn returns the roots stored into in each branch region of fn's If
// blocks.
func (a *analysis) storesIn(fn *ssa.Function) map[*ssa.BasicBlock][2][]ssa.Value {
	ff := a.fn(fn)
	if ff.stores != nil {
		return ff.stores
	}
	ff.stores = map[*ssa.BasicBlock][2][]ssa.Value{}
	tree := postDoms(fn)
	for _, x := range fn.Blocks {
		if len(x.Succs) != 2 {
			continue
		}
		if _, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If); !ok {
			continue
		}
		stop := tree.Ipdom(x.Index)
		var regions [2][]ssa.Value
		for i, s := range x.Succs {
			seen := map[*ssa.BasicBlock]bool{x: true}
			work := []*ssa.BasicBlock{s}
			roots := map[ssa.Value]bool{}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if seen[b] || b.Index == stop {
					continue
				}
				seen[b] = true
				add := func(r ssa.Value) {
					if !roots[r] {
						roots[r] = true
						regions[i] = append(regions[i], r)
					}
				}
				for _, instr := range b.Instrs {
					switch in := instr.(type) {
					case *ssa.Store:
						add(root(in.Addr))
					case ssa.CallInstruction:
						// A call given the address of a variable
						// (f(&x), x.ptrMethod()) may assign it.
						for _, arg := range in.Common().Args {
							if _, ok := arg.Type().Underlying().(*types.Pointer); ok {
								if r := root(arg); isVariable(r) {
									add(r)
								}
							}
						}
					}
				}
				work = append(work, b.Succs...)
			}
		}
		ff.stores[x] = regions
	}
	return ff.stores
}

// isVariable reports whether v is a variable's address: a local or global.
func isVariable(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global:
		return true
	}
	return false
}

// shared reports whether variable v may be accessed from frames other than
// the one that created it.
func shared(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Global:
		return true
	case *ssa.Alloc:
		return x.Heap
	}
	return true
}

func (g *Graph) computePotential(ctx context.Context) error {
	t := g.t
	n := g.c.n()
	g.c.potOff = make([]int32, 1, n+1)
	// pending[(frame, v)] maps a static branch to its latest instance whose
	// untaken side stores into v.
	pending := map[frameVar]map[trace.StaticID]int32{}
	// frameKeys lists each frame's own (unshared) keys, dropped when the
	// frame returns, so memory stays bounded by the live frames.
	frameKeys := map[int32][]frameVar{}
	key := func(e trace.EventID, v ssa.Value) frameVar {
		if shared(v) {
			return frameVar{anyFrame, v}
		}
		return frameVar{int32(t.CallOf(e)), v}
	}
	orig := &origins{t: t, memo: map[ssa.Value]ssa.Value{}}
	var buf []trace.EventID
	for i := range n {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		e := trace.EventID(i)
		info := g.a.static(g.sid[i])
		switch info.kind {
		case kindIf:
			untaken := 1
			if !t.Value(e).Bool() {
				untaken = 0
			}
			fn := info.block.Parent()
			for _, v := range g.a.storesIn(fn)[info.block][untaken] {
				if o := orig.origin(e, v); o != nil && o != v {
					// A store through a pointer the frame was
					// given: into the variable it points to.
					m := pending[frameVar{anyFrame, o}]
					if m == nil {
						m = map[trace.StaticID]int32{}
						pending[frameVar{anyFrame, o}] = m
					}
					m[g.sid[i]] = int32(i)
				}
				k := key(e, v)
				m := pending[k]
				if m == nil {
					m = map[trace.StaticID]int32{}
					pending[k] = m
					if k.frame != anyFrame {
						frameKeys[k.frame] = append(frameKeys[k.frame], k)
					}
				}
				m[g.sid[i]] = int32(i)
			}
		case kindLoad:
			m := pending[key(e, info.root)]
			if o := orig.origin(e, info.root); o != nil && o != info.root {
				if mo := pending[frameVar{anyFrame, o}]; len(mo) > 0 {
					m = maps.Clone(m)
					if m == nil {
						m = map[trace.StaticID]int32{}
					}
					maps.Copy(m, mo)
				}
			}
			if len(m) == 0 {
				break
			}
			reach := int32(-1)
			buf = t.Deps(e, buf[:0])
			for _, d := range buf {
				switch t.Instr(d).(type) {
				case *ssa.Store, *ssa.Alloc:
					reach = max(reach, int32(d))
				}
			}
			for _, p := range m {
				if p > reach {
					g.c.pot = append(g.c.pot, p)
				}
			}
		}
		if info.kind == kindReturn {
			f := int32(t.CallOf(e))
			for _, k := range frameKeys[f] {
				delete(pending, k)
			}
			delete(frameKeys, f)
		}
		g.c.potOff = append(g.c.potOff, int32(len(g.c.pot)))
	}
	return nil
}

// origins finds the escaping variable a pointer points to (see origin),
// remembering what each static value leads to.
type origins struct {
	t    *trace.Trace
	memo map[ssa.Value]ssa.Value // v's heap allocation, global or pointer parameter; nil for none
}

// origin returns the escaping variable (a heap allocation or a global)
// that the pointer held in v points to, where v, in e's frame, is a
// pointer parameter or a local assigned once, with such a parameter, a
// load of such a local or the allocation itself, followed back through
// the calls that passed it on; nil otherwise. Stores through a pointer a
// callee was given then meet the caller's loads through its own copy.
func (o *origins) origin(e trace.EventID, v ssa.Value) ssa.Value {
	for range maxOriginCalls {
		p, ok := o.static(v).(*ssa.Parameter)
		if !ok {
			return o.static(v)
		}
		call := o.t.CallOf(e)
		if call == trace.NoEvent {
			return nil
		}
		ci, ok := o.t.Instr(call).(ssa.CallInstruction)
		if !ok || ci.Common().IsInvoke() || ci.Common().StaticCallee() != p.Parent() {
			return nil
		}
		idx := slices.Index(p.Parent().Params, p)
		args := ci.Common().Args
		if idx < 0 || idx >= len(args) {
			return nil
		}
		e, v = call, args[idx]
	}
	return nil
}

// static returns the heap allocation, global or pointer parameter that v
// holds or points to within its function, or nil.
func (o *origins) static(v ssa.Value) ssa.Value {
	if r, ok := o.memo[v]; ok {
		return r
	}
	var r ssa.Value
	w := v
	for range maxOriginSteps {
		switch x := w.(type) {
		case *ssa.Alloc:
			if x.Heap {
				r = x
				break
			}
			if w = onlyStore(x); w != nil {
				if _, ok := w.Type().Underlying().(*types.Pointer); !ok {
					w = nil
				}
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				w = nil
				break
			}
			w = x.X
		case *ssa.Parameter:
			if _, ok := x.Type().Underlying().(*types.Pointer); ok {
				r = x
			}
			w = nil
		case *ssa.Global:
			r = x
			w = nil
		default:
			w = nil
		}
		if r != nil || w == nil {
			break
		}
	}
	o.memo[v] = r
	return r
}

// onlyStore returns the value of the one store into local a, or nil if it
// has none or several.
func onlyStore(a *ssa.Alloc) ssa.Value {
	var w ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if w != nil {
				return nil
			}
			w = st.Val
		}
	}
	return w
}

// maxOriginSteps bounds the values origins.static follows back in one
// function, maxOriginCalls the calls origins.origin follows a parameter
// back through.
const (
	maxOriginSteps = 32
	maxOriginCalls = 16
)
