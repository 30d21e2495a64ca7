package interp

import (
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

type frame struct {
	c       *fnCode
	regs    []Value
	defs    []EventID
	occ     []int32
	lastIf  []EventID
	idx     int32
	depth   int
	path    uint64
	callEv  EventID
	caller  *frame
	at      *ins
	ctrl    EventID
	retEv   EventID
	defers  []deferred
	panic   *interpPanic
	deferOf *frame
	// unwinding is the panic (or Goexit) whose unwinding runs the
	// frame's deferred calls, recovered or not: runtime/debug.Stack in
	// one lists the panicking frames (stackText).
	unwinding *interpPanic
	mem       *frameMem // pooled memory, nil if not reusable
	// slab holds the cells of the variables that are only loaded and
	// stored (compiled Allocs with ins.n >= 0). An untraced run without
	// hooks reuses them between activations and loop iterations, where
	// nothing can observe it; otherwise a slab cell serves only an
	// Alloc's first execution in its activation, so every variable
	// instance keeps its own cell, as with the heap.
	slab []cell
	// locals holds the cells of the fast form's local aggregates (see
	// frame.local in fast.go), made on first use and kept with the frame's
	// memory until the run ends.
	locals []*cell
}

type deferred struct {
	ci    *callInfo
	in    *ins
	fnv   Value
	args  []Value
	argEv []EventID
	ev    EventID
	occ   int32
}

func mix(parent uint64, sid StaticID, occ int32) uint64 {
	x := parent ^ (uint64(uint32(sid))<<32 | uint64(uint32(occ)))
	x *= 0x9E3779B97F4A7C15
	x ^= x >> 29
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 32
	return x + parent*31
}

// frameMem is the memory of a frame that can be reused once the frame has
// returned, if nothing can refer to it (no go statement in the function,
// and, for one that defers, no panic unwound through the frame; see
// pooled). Each run keeps its own free lists
// (run.pools), so a reused frame's constant and global registers still
// hold this run's values and are not set again; its other registers are
// always written before they are read (SSA definitions dominate uses).
type frameMem struct {
	fr   frame
	ints []int32
}

func (c *fnCode) reusable() bool { return !c.defers && !c.hasGo }

// pooled reports whether the memory of c's frames returns to a free list
// when they return (releaseFrame): those of functions without a go
// statement. A frame that defers is released only when no panic reached
// it (enter), so that its deferred calls have all run and returned; the
// fast paths (newFramePlain, execRec) still take only reusable
// functions, whose frames need no defer stack.
func (c *fnCode) pooled() bool { return !c.hasGo }

// releaseFrames hands the run's free frames to their functions' pools,
// for later runs, their registers reset to the function's template: a
// register left as the run left it would keep what it refers to alive
// (the variables of a finished run, and the chunk each was carved from,
// varcells.go) for as long as the pool keeps the frame.
func (r *run) releaseFrames() {
	for _, l := range r.pools {
		for _, m := range l {
			m.fr.caller, m.fr.slab, m.fr.locals = nil, nil, nil
			copy(m.fr.regs, m.fr.c.tmpl)
			m.fr.c.pool.Put(m)
		}
	}
	r.pools = nil
}

// releaseFrame returns fr's memory to its function's free list.
func (r *run) releaseFrame(fr *frame) {
	m := fr.mem
	if m == nil {
		return
	}
	id := fr.c.id
	for int(id) >= len(r.pools) {
		r.pools = append(r.pools, nil)
	}
	r.pools[id] = append(r.pools[id], m)
}

// initRegs sets the registers of a fresh frame: constants, functions and
// the addresses of globals; the others are written before they are read.
func (r *run) initRegs(fr *frame, c *fnCode) {
	fr.regs = make([]Value, c.nregs)
	copy(fr.regs, c.tmpl)
	for _, g := range c.globals {
		fr.regs[g.slot] = Value{k: KindPointer, p: ptrOf(r.global(g, fr))}
	}
}

func (r *run) newFrame(c *fnCode, caller *frame, callEv EventID, path uint64) *frame {
	if r.poisoned != nil {
		r.checkPoisoned(c) // libinit.go
	}
	var fr *frame
	var ints []int32
	fresh := true
	if c.pooled() {
		var m *frameMem
		if id := int(c.id); id < len(r.pools) {
			if l := r.pools[id]; len(l) > 0 {
				m = l[len(l)-1]
				r.pools[id] = l[:len(l)-1]
			}
		}
		if m == nil {
			if pm, _ := c.pool.Get().(*frameMem); pm != nil {
				// A frame of an earlier run: its constants stand, its
				// globals are this run's.
				m = pm
				for _, g := range c.globals {
					m.fr.regs[g.slot] = Value{k: KindPointer, p: ptrOf(r.global(g, &m.fr))}
				}
			} else {
				m = &frameMem{}
				m.fr.c = c
				r.initRegs(&m.fr, c)
				m.fr.mem = m
			}
		} else {
			fresh = false
		}
		fr = &m.fr
		ints = m.ints
		// The defer stack of the frame's last activation is empty (its
		// calls ran); its array serves this one.
		fr.at, fr.defers, fr.panic, fr.deferOf, fr.unwinding = nil, fr.defers[:0], nil, nil, nil
	} else {
		fr = &frame{c: c}
		r.initRegs(fr, c)
	}
	fr.caller, fr.callEv, fr.path, fr.retEv, fr.ctrl, fr.depth = caller, callEv, path, NoEvent, callEv, r.depth
	if c.nslab > 0 && (fresh || r.tr != nil || r.h != nil) {
		if r.plain {
			fr.slab = make([]cell, c.nslab)
		} else {
			fr.slab = r.newSlab(c.nslab)
		}
	}
	if r.next != nil {
		fr.deferOf, r.next = r.next, nil
	}
	if r.tr == nil {
		if cap(ints) >= c.nloc {
			ints = ints[:c.nloc]
			clear(ints)
		} else {
			ints = make([]int32, c.nloc)
		}
		if fr.mem != nil {
			fr.mem.ints = ints
		}
		fr.occ = ints
	} else {
		// One allocation for occurrence counts, register definitions and
		// the last instance of each branch.
		nb := 0
		if c.hasIf {
			nb = len(c.blocks)
		}
		if fresh {
			if n := c.nloc + c.nregs + nb; cap(ints) >= n {
				ints = ints[:n]
				clear(ints[:c.nloc])
			} else {
				ints = make([]int32, n)
			}
			for i := range ints[c.nloc:] {
				ints[c.nloc+i] = int32(NoEvent)
			}
			if fr.mem != nil {
				fr.mem.ints = ints
			}
			fr.occ = ints[:c.nloc:c.nloc]
			if c.nregs > 0 {
				fr.defs = unsafe.Slice((*EventID)(unsafe.Pointer(&ints[c.nloc])), c.nregs)
			}
			if nb > 0 {
				fr.lastIf = unsafe.Slice((*EventID)(unsafe.Pointer(&ints[c.nloc+c.nregs])), nb)
			}
		} else {
			// defs of registers without an instruction (constants,
			// globals) are still NoEvent; the others are written before
			// they are read.
			clear(fr.occ)
			for i := range fr.lastIf {
				fr.lastIf[i] = NoEvent
			}
		}
		t := &r.tr.ev
		parent := int32(-1)
		if caller != nil {
			parent = caller.idx
		}
		fr.idx = int32(t.Frames.N)
		g := int32(0)
		if r.s != nil {
			g = r.s.cur.id
		}
		fc := &t.Frames
		if fc.N-fc.Base >= len(fc.Tail) {
			fc.Grow()
		}
		// Field by field: a composite literal is built on the stack first.
		fi := &fc.Tail[fc.N-fc.Base]
		fi.Call, fi.First, fi.Ret, fi.Parent, fi.Path, fi.G = callEv, EventID(t.N), NoEvent, parent, path, g
		fc.N++
	}
	return fr
}

// newSlab returns n zero cells for the slab of a frame of a run with
// trace or hooks (where every activation has its own cells), carved from
// chunks shared by frames: one allocation for many calls. A chunk lives as
// long as any of its cells; in a recorded run they all do anyway (their
// Alloc events hold their addresses). Chunks double from 15 cells to
// slabChunk, so that short runs stay small, each one cell less than a
// power of two, so that with its allocation header it fills its size
// class (see varChunk).
func (r *run) newSlab(n int) []cell {
	if n > len(r.slabs) {
		if n > slabChunk/8 {
			return make([]cell, n)
		}
		r.slabN = min(max(2*r.slabN+1, 15, n), slabChunk)
		r.slabs = make([]cell, r.slabN)
	}
	s := r.slabs[:n:n]
	r.slabs = r.slabs[n:]
	return s
}

// slabChunk is the largest number of cells newSlab allocates at once.
const slabChunk = 511

func (r *run) global(g globalSlot, fr *frame) *cell {
	for len(r.globals) <= g.gid {
		r.globals = append(r.globals, nil)
	}
	if c := r.globals[g.gid]; c != nil {
		return c
	}
	c := &cell{st: NoEvent}
	if !r.p.inScope(g.g.Pkg) {
		v, ok := bridgeGlobal(r, g.g)
		if !ok && r.poisoned != nil && r.poisoned[funcPackage(fr.c.fn)] != nil {
			// The initializer of a library set aside (libinit.go),
			// which its guard makes return at once: a cell of its own.
			return &cell{v: copyVal(r.p.zero(deref(g.g.Type()))), st: NoEvent}
		}
		if !ok {
			panic(&BridgeError{Func: g.g.Pkg.Pkg.Path() + "." + g.g.Name(), CallSite: r.p.Fset.Position(fr.c.fn.Pos()), Reason: "package variable of a package out of scope"})
		}
		c.v = v
	} else if v, ok := r.p.embedded(g.g); ok {
		c.v = v
	} else if files, ok := r.p.embedFS[g.g]; ok {
		fsys, err := newEmbedFS(files)
		if err != nil {
			panic(&BridgeError{Func: g.g.Pkg.Pkg.Path() + "." + g.g.Name(), CallSite: r.p.Fset.Position(g.g.Pos()), Reason: "//go:embed of an embed.FS: " + err.Error()})
		}
		c.v = nativeValue(fsys)
	} else {
		c.v = copyVal(r.p.zero(deref(g.g.Type())))
	}
	r.globals[g.gid] = c
	return c
}

// embedded returns the initial value of a //go:embed variable g, whose
// file Load read (loader.Program.Embeds).
func (p *Program) embedded(g *ssa.Global) (Value, bool) {
	data, ok := p.embeds[g]
	if !ok {
		return Value{}, false
	}
	if _, isSlice := deref(g.Type()).Underlying().(*types.Slice); isSlice {
		v, _ := ValueOf([]byte(data))
		return v, true
	}
	return String(data), true
}
