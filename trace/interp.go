package trace

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// interpPanic carries an interpreted panic through the Go stack.
type interpPanic struct {
	v     Value
	pos   token.Pos
	ev    EventID
	stack []StackFrame
}

// budgetStop unwinds a run that exhausted its step or depth budget.
type budgetStop struct{ depth, mem bool }

// stopAt unwinds a run that reached Hooks.StopAt.
type stopAt struct{}

// cellBytes is what one cell of interpreted memory counts for
// RunOptions.MaxAlloc.
const cellBytes = int64(unsafe.Sizeof(cell{}))

// allocate charges n bytes to the run's allocation budget before they are
// allocated.
func (r *run) allocate(n int64) {
	r.alloc += n
	if r.alloc > r.maxAlloc || n < 0 {
		r.alloc = r.maxAlloc
		panic(budgetStop{mem: true})
	}
}

// aggLen is the number of top-level cells of an aggregate value, else 0.
func (v Value) aggLen() int {
	if v.isAgg() {
		return int(v.n)
	}
	return 0
}

// allocCells charges n cells.
func (r *run) allocCells(n int) {
	if n > 0 {
		r.allocate(int64(n) * cellBytes)
	}
}

// ctxStop unwinds a cancelled run.
type ctxStop struct{ err error }

// runtimeError is the panic value of interpreted run-time errors.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return "runtime error: " + e.msg }

// RuntimeError marks runtimeError as a runtime.Error.
func (e runtimeError) RuntimeError() {}

// typeAssertionError is the panic value of a failed type assertion; like
// the runtime's, its message has no "runtime error: " prefix.
type typeAssertionError struct{ msg string }

func (e typeAssertionError) Error() string { return e.msg }

// RuntimeError marks typeAssertionError as a runtime.Error.
func (e typeAssertionError) RuntimeError() {}

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
	mem     *frameMem // pooled memory, nil if not reusable
	// slab holds the cells of the variables that are only loaded and
	// stored (compiled Allocs with ins.n >= 0). An untraced run without
	// hooks reuses them between activations and loop iterations, where
	// nothing can observe it; otherwise a slab cell serves only an
	// Alloc's first execution in its activation, so every variable
	// instance keeps its own cell, as with the heap.
	slab []cell
	// locals holds the cells of the fast form's local aggregates (see
	// localAddr in fast.go), made on first use and kept with the frame's
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
// returned, if nothing can refer to it (no defer or go statement in the
// function: only those capture frames). Each run keeps its own free lists
// (run.pools), so a reused frame's constant and global registers still
// hold this run's values and are not set again; its other registers are
// always written before they are read (SSA definitions dominate uses).
type frameMem struct {
	fr   frame
	ints []int32
}

func (c *fnCode) reusable() bool { return !c.defers && !c.hasGo }

// releaseFrames hands the run's free frames to their functions' pools,
// for later runs.
func (r *run) releaseFrames() {
	for _, l := range r.pools {
		for _, m := range l {
			m.fr.caller, m.fr.slab, m.fr.locals = nil, nil, nil
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
	if c.reusable() {
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
		fr.at, fr.defers, fr.panic, fr.deferOf = nil, nil, nil, nil
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
		t := r.tr
		parent := int32(-1)
		if caller != nil {
			parent = caller.idx
		}
		fr.idx = int32(t.frames.n)
		g := int32(0)
		if r.s != nil {
			g = r.s.cur.id
		}
		fc := &t.frames
		if fc.n-fc.base >= len(fc.tail) {
			fc.grow()
		}
		// Field by field: a composite literal is built on the stack first.
		fi := &fc.tail[fc.n-fc.base]
		fi.call, fi.first, fi.ret, fi.parent, fi.path, fi.g = callEv, EventID(t.nev), NoEvent, parent, path, g
		fc.n++
	}
	return fr
}

// newSlab returns n zero cells for the slab of a frame of a run with
// trace or hooks (where every activation has its own cells), carved from
// chunks shared by frames: one allocation for many calls. A chunk lives as
// long as any of its cells; in a recorded run they all do anyway (their
// Alloc events hold their addresses). Chunks double from 16 cells to
// slabChunk, so that short runs stay small.
func (r *run) newSlab(n int) []cell {
	if n > len(r.slabs) {
		if n > slabChunk/8 {
			return make([]cell, n)
		}
		r.slabN = min(max(2*r.slabN, 16, n), slabChunk)
		r.slabs = make([]cell, r.slabN)
	}
	s := r.slabs[:n:n]
	r.slabs = r.slabs[n:]
	return s
}

// slabChunk is the number of cells newSlab allocates at once.
const slabChunk = 512

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
	} else {
		c.v = copyVal(r.p.zero(deref(g.g.Type())))
	}
	r.globals[g.gid] = c
	return c
}

// event records an event for in with the given occurrence and value, with
// the definitions of its register operands as dependencies.
func (r *run) event(fr *frame, in *ins, occ int32, v Value) EventID {
	t := r.tr
	if r.h == nil {
		return t.addIns(fr, in, occ, v, NoEvent)
	}
	if r.obs != nil && r.pending >= 0 {
		p := r.pending
		r.pending = NoEvent
		r.obs(t, p)
	}
	e := t.add(in.sid, fr.idx, occ, fr.ctrl, v)
	for _, s := range in.a {
		if s >= 0 {
			t.dep(fr.defs[s])
		}
	}
	if r.h != nil {
		r.hookEvent(fr, in, occ, e)
	}
	return e
}

func (r *run) hookEvent(fr *frame, in *ins, occ int32, e EventID) {
	if r.h.Inputs != nil && r.h.Inputs[InstanceKey{in.sid, fr.path, occ}] {
		r.tr.inputs = append(r.tr.inputs, e)
	}
	if r.obs != nil {
		r.pending = e
	}
}

func (r *run) steer(fr *frame, sid StaticID, occ int32, v Value) (Value, bool) {
	k := InstanceKey{sid, fr.path, occ}
	nv, ok := r.h.Values[k]
	if !ok && r.h.Substitute != nil {
		nv, ok = r.h.Substitute(k, v)
	}
	if !ok {
		return v, false
	}
	return substitute(v, nv), true
}

// substitute returns nv to stand for v, the value an instance produced
// (Hooks.Values and Hooks.Substitute): a value that is not an interface
// given for a non-nil interface is boxed in the dynamic type of the
// value it replaces.
func substitute(v, nv Value) Value {
	if v.k == KindInterface && v.p != nil && nv.k != KindInterface && nv.k != KindInvalid && (*iface)(v.p).nat == nil {
		return Value{k: KindInterface, p: ptrOf(&iface{t: (*iface)(v.p).t, v: nv})}
	}
	return nv
}

func (r *run) markSteered(e EventID) {
	if r.tr == nil || e < 0 {
		return
	}
	if r.tr.steered == nil {
		r.tr.steered = map[EventID]bool{}
	}
	r.tr.steered[e] = true
}

// def completes a value-producing instruction: hooks, event, register.
func (r *run) def(fr *frame, in *ins, v Value) EventID {
	if r.plain {
		fr.regs[in.dst] = v
		return NoEvent
	}
	return r.defRec(fr, in, v)
}

func (r *run) defRec(fr *frame, in *ins, v Value) EventID {
	occ := fr.occ[in.loc] - 1
	if r.h == nil { // recording without hooks: event's work, inline
		if in.sc {
			setWord(&fr.regs[in.dst], v.n, v.k)
		} else {
			fr.regs[in.dst] = v
		}
		e := r.tr.addIns(fr, in, occ, v, NoEvent)
		fr.defs[in.dst] = e
		return e
	}
	steered := false
	if r.h != nil {
		v, steered = r.steer(fr, in.sid, occ, v)
	}
	fr.regs[in.dst] = v
	if r.tr == nil {
		return NoEvent
	}
	e := r.event(fr, in, occ, v)
	fr.defs[in.dst] = e
	if steered {
		r.markSteered(e)
	}
	return e
}

// stmtV records an instruction that defines no register but has a value
// hooks may substitute (Store, MapUpdate, Return).
func (r *run) stmtV(fr *frame, in *ins, v Value) (Value, EventID) {
	if r.plain {
		return v, NoEvent
	}
	return r.stmtVRec(fr, in, v)
}

func (r *run) stmtVRec(fr *frame, in *ins, v Value) (Value, EventID) {
	occ := fr.occ[in.loc] - 1
	if r.h == nil { // recording without hooks
		return v, r.tr.addIns(fr, in, occ, v, NoEvent)
	}
	steered := false
	if r.h != nil {
		v, steered = r.steer(fr, in.sid, occ, v)
	}
	if r.tr == nil {
		return v, NoEvent
	}
	e := r.event(fr, in, occ, v)
	if steered {
		r.markSteered(e)
	}
	return v, e
}

// stmt records an instruction that defines no register.
func (r *run) stmt(fr *frame, in *ins, v Value) (EventID, int32) {
	occ := fr.occ[in.loc] - 1
	if r.tr == nil {
		return NoEvent, occ
	}
	return r.event(fr, in, occ, v), occ
}

func (r *run) ctrlFor(fr *frame, b int) EventID {
	best := fr.callEv
	if fr.lastIf == nil {
		return best
	}
	for _, a := range fr.c.cdeps[b] {
		if e := fr.lastIf[a]; e > best {
			best = e
		}
	}
	return best
}

// tick counts one step, stopping the run at its budget; every 0x4000 steps
// it checks the context, and every quantum steps it lets other goroutines
// run. The loop of exec counts steps itself and calls tick only when the
// count reaches r.limit.
func (r *run) tick(fr *frame, in *ins) {
	r.steps++
	if r.steps > r.max {
		r.steps = r.max
		fr.at = in
		panic(budgetStop{})
	}
	r.setLimit()
	if r.steps&0x3fff == 0 {
		if err := r.ctx.Err(); err != nil {
			panic(ctxStop{err})
		}
		if r.s != nil && r.steps&(quantum-1) == 0 {
			fr.at = in
			r.yield()
		}
	}
}

// quantum is the number of steps (a power of two, a multiple of 0x4000)
// after which the running goroutine lets the others run, if it has not
// blocked before: about what Go's 10 ms time slice runs natively, so that
// a goroutine starting many others, as the go statement does not yield,
// goes on as far before they run.
const quantum = 1 << 20

// setLimit sets r.limit to the next step count at which tick has work:
// one past the budget, or the next multiple of 0x4000.
// (r.max+1 would overflow for a budget of math.MaxInt64; r.steps never
// exceeds r.max.)
func (r *run) setLimit() {
	r.limit = min(r.max, r.steps|0x3fff) + 1
}

// exec runs fr from block b until it returns.
func (r *run) exec(fr *frame, b int) (Value, EventID) {
	if r.plain && !r.noFast {
		return r.execFast(fr, b)
	}
	if r.rec {
		return r.execRec(fr, b)
	}
	prev := -1
	c := fr.c
	regs := fr.regs
blocks:
	for {
		bc := &c.blocks[b]
		fr.occ[b]++
		if r.tr != nil {
			fr.ctrl = r.ctrlFor(fr, b)
		}
		pc := 0
		if bc.nphi > 0 {
			r.phis(fr, bc, prev)
			pc = bc.nphi
		}
		for ; pc < len(bc.instrs); pc++ {
			in := &bc.instrs[pc]
			r.steps++
			if r.steps >= r.limit {
				r.steps--
				r.tick(fr, in)
			}
			switch in.op {
			case opJump:
				prev, b = b, int(in.succ[0])
				continue blocks
			case opIf:
				cond := regs[in.a0].n != 0
				if !r.plain {
					cond = r.branch(fr, in, b, cond)
				}
				prev = b
				if cond {
					b = int(in.succ[0])
				} else {
					b = int(in.succ[1])
				}
				continue blocks
			case opReturn:
				var res Value
				switch len(in.a) {
				case 0:
				case 1:
					res = regs[in.a[0]]
				default:
					vs := make([]Value, len(in.a))
					for i, s := range in.a {
						vs[i] = regs[s]
					}
					res = Tuple(vs...)
				}
				res, e := r.stmtV(fr, in, res)
				fr.retEv = e
				if r.tr != nil {
					r.tr.frames.ptr(int(fr.idx)).ret = e
				}
				return res, e
			case opLoad:
				x := regs[in.a0]
				if x.p == nil {
					r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
				}
				c := (*cell)(x.p)
				v := c.v
				if r.tr != nil && r.h == nil && !v.isAgg() {
					// A scalar, recorded without hooks: its event
					// also depends on the cell's last store.
					occ := fr.occ[in.loc] - 1
					if in.sc {
						setWord(&regs[in.dst], v.n, v.k)
					} else {
						regs[in.dst] = v
					}
					fr.defs[in.dst] = r.tr.addIns(fr, in, occ, v, c.st)
					continue
				}
				if v.isAgg() {
					v = copyVal(v)
				}
				e := r.def(fr, in, v)
				if r.tr != nil {
					if c.v.isAgg() {
						r.memDeps(c, e)
					} else {
						r.tr.dep(c.st) // what memDeps does for a scalar
					}
				}
			case opStore:
				x := regs[in.a0]
				if x.p == nil {
					r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
				}
				v, e := r.stmtV(fr, in, regs[in.a1])
				if c := (*cell)(x.p); in.sc && v.p == nil {
					c.st = e
					setWord(&c.v, v.n, v.k)
				} else if v.k != KindStruct && v.k != KindArray && v.k != KindNative {
					c.st, c.v = e, v // what storeInto does for these kinds
				} else {
					storeInto(c, v, e)
				}
			case opBinOp:
				r.def(fr, in, r.binop(fr, in, regs[in.a0], regs[in.a1]))
			case opAddW:
				r.def(fr, in, Value{n: regs[in.a0].n + regs[in.a1].n, k: in.rk})
			case opSubW:
				r.def(fr, in, Value{n: regs[in.a0].n - regs[in.a1].n, k: in.rk})
			case opMulW:
				r.def(fr, in, Value{n: regs[in.a0].n * regs[in.a1].n, k: in.rk})
			case opEqlW:
				r.def(fr, in, Bool(regs[in.a0].n == regs[in.a1].n))
			case opNeqW:
				r.def(fr, in, Bool(regs[in.a0].n != regs[in.a1].n))
			case opLssI:
				r.def(fr, in, Bool(int64(regs[in.a0].n) < int64(regs[in.a1].n)))
			case opLeqI:
				r.def(fr, in, Bool(int64(regs[in.a0].n) <= int64(regs[in.a1].n)))
			case opGtrI:
				r.def(fr, in, Bool(int64(regs[in.a0].n) > int64(regs[in.a1].n)))
			case opGeqI:
				r.def(fr, in, Bool(int64(regs[in.a0].n) >= int64(regs[in.a1].n)))
			case opPanic:
				fr.at = in
				e, _ := r.stmt(fr, in, regs[in.a[0]])
				r.throw(fr, in, regs[in.a[0]], e)
			default:
				r.step(fr, in)
			}
		}
		panic(fmt.Sprintf("block %d of %s has no terminator", b, c.fn))
	}
}

// branch counts, steers and records an If of block b deciding cond.
func (r *run) branch(fr *frame, in *ins, b int, cond bool) bool {
	occ := fr.occ[in.loc] - 1
	steered := false
	if r.h != nil {
		k := InstanceKey{in.sid, fr.path, occ}
		if f, ok := r.h.Branches[k]; ok {
			cond, steered = f, true
		} else if v, ok := r.h.Values[k]; ok && v.k == KindBool {
			cond, steered = v.Bool(), true
		}
	}
	if r.tr != nil {
		e := r.event(fr, in, occ, Bool(cond))
		if steered {
			r.markSteered(e)
		}
		fr.lastIf[b] = e
	}
	if r.h != nil && r.h.StopAt != nil && *r.h.StopAt == (InstanceKey{in.sid, fr.path, occ}) {
		panic(stopAt{})
	}
	return cond
}

func (r *run) phis(fr *frame, bc *blockCode, prev int) {
	pi := -1
	for i, p := range bc.preds {
		if int(p) == prev {
			pi = i
			break
		}
	}
	if pi < 0 {
		panic(fmt.Sprintf("phi: block entered from non-predecessor %d", prev))
	}
	vals := r.phiBuf[:0]
	evs := r.phiEv[:0]
	for i := 0; i < bc.nphi; i++ {
		s := bc.instrs[i].a[pi]
		vals = append(vals, fr.regs[s])
		if r.tr != nil {
			evs = append(evs, fr.defs[s])
		}
	}
	r.phiBuf, r.phiEv = vals, evs
	// The gate: the branch instance that selected the incoming edge (the If
	// ending the predecessor, else the predecessor's control parent).
	gate := NoEvent
	if r.tr != nil && fr.lastIf != nil {
		pb := &fr.c.blocks[prev]
		if last := &pb.instrs[len(pb.instrs)-1]; last.op == opIf {
			gate = fr.lastIf[prev]
		} else if g := r.ctrlFor(fr, prev); g != fr.callEv {
			gate = g
		}
	}
	if r.plain {
		for i := 0; i < bc.nphi; i++ {
			in := &bc.instrs[i]
			r.steps++
			if r.steps >= r.limit {
				r.steps--
				r.tick(fr, in)
			}
			fr.regs[in.dst] = vals[i]
		}
		return
	}
	for i := 0; i < bc.nphi; i++ {
		in := &bc.instrs[i]
		r.tick(fr, in)
		occ := fr.occ[in.loc] - 1
		v := vals[i]
		steered := false
		if r.h != nil {
			v, steered = r.steer(fr, in.sid, occ, v)
		}
		fr.regs[in.dst] = v
		if t := r.tr; t != nil {
			if r.obs != nil && r.pending >= 0 {
				p := r.pending
				r.pending = NoEvent
				r.obs(t, p)
			}
			e := t.add(in.sid, fr.idx, occ, fr.ctrl, v)
			t.dep(evs[i])
			if gate != evs[i] {
				t.dep(gate)
			}
			if r.h != nil {
				r.hookEvent(fr, in, occ, e)
			}
			if steered {
				r.markSteered(e)
			}
			fr.defs[in.dst] = e
		}
	}
}

func (r *run) pos(in *ins) token.Position {
	if in == nil || r.tr == nil && in.sid < 0 {
		return token.Position{}
	}
	r.p.mu.Lock()
	defer r.p.mu.Unlock()
	return r.p.statics[in.sid].Position
}

// throw raises an interpreted panic with value v at in.
func (r *run) throw(fr *frame, in *ins, v Value, e EventID) {
	fr.at = in
	ip := &interpPanic{v: v, ev: e}
	if in != nil && in.instr != nil {
		ip.pos = in.instr.Pos()
	}
	for f := fr; f != nil; f = f.caller {
		ip.stack = append(ip.stack, StackFrame{Func: f.c.fn.String(), Pos: r.pos(f.at)})
	}
	panic(ip)
}

func (r *run) rtPanic(fr *frame, in *ins, format string, args ...any) {
	v := Value{k: KindInterface, p: ptrOf(&iface{nat: runtimeError{fmt.Sprintf(format, args...)}, t: typeRef{id: -1}})}
	r.throw(fr, in, v, NoEvent)
}

// rtPanicEvent is rtPanic for an instruction whose operands say why it
// panics (an index out of range, a zero divisor): it first records the
// instruction's event, with its operands as dependences and no value, and
// the panic points at it (PanicInfo.Event).
func (r *run) rtPanicEvent(fr *frame, in *ins, format string, args ...any) {
	e := NoEvent
	if r.tr != nil {
		e, _ = r.stmt(fr, in, Value{})
	}
	v := Value{k: KindInterface, p: ptrOf(&iface{nat: runtimeError{fmt.Sprintf(format, args...)}, t: typeRef{id: -1}})}
	r.throw(fr, in, v, e)
}

// step executes one non-terminator instruction.
func (r *run) step(fr *frame, in *ins) {
	regs := fr.regs
	switch in.op {
	case opAlloc:
		var c *cell
		if in.n >= 0 && (r.plain || fr.occ[in.loc] == 1) { // the block's first instance
			if n := in.z.aggLen(); n > 0 {
				r.allocCells(n) // the slab holds the variable, not its elements
			}
			c = &fr.slab[in.n]
			*c = cell{v: copyVal(in.z), st: NoEvent}
		} else {
			r.allocCells(1 + in.z.aggLen())
			c = newCell(in.z, NoEvent)
		}
		e := r.def(fr, in, Value{k: KindPointer, p: ptrOf(c)})
		c.st = e
	case opBinOp:
		r.def(fr, in, r.binop(fr, in, regs[in.a[0]], regs[in.a[1]]))
	case opUnOp:
		r.def(fr, in, r.unop(fr, in, regs[in.a[0]]))
	case opLoad:
		x := regs[in.a[0]]
		if x.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		c := (*cell)(x.p)
		v := c.v
		if v.isAgg() {
			v = copyVal(v)
		}
		e := r.def(fr, in, v)
		if r.tr != nil {
			r.memDeps(c, e)
		}
	case opStore:
		x := regs[in.a[0]]
		if x.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		v, e := r.stmtV(fr, in, regs[in.a[1]])
		storeInto((*cell)(x.p), v, e)
	case opCall:
		r.call(fr, in)
	case opLoadNative:
		r.loadNative(fr, in)
	case opStoreNative:
		r.storeNative(fr, in)
	case opDefer:
		r.deferCall(fr, in)
	case opRunDefers:
		r.stmt(fr, in, Value{})
		fr.at = in
		r.runDefers(fr)
	case opConvert:
		r.def(fr, in, r.convert(in.x.(*convInfo), regs[in.a[0]]))
	case opChangeType:
		r.def(fr, in, regs[in.a[0]])
	case opMakeInterface:
		t := in.x.(typeRef)
		r.def(fr, in, Value{k: KindInterface, p: ptrOf(&iface{t: t, v: regs[in.a[0]]})})
	case opTypeAssert:
		r.def(fr, in, r.typeAssert(fr, in, regs[in.a[0]]))
	case opExtract:
		r.def(fr, in, (*(*tuple)(regs[in.a[0]].p))[in.n])
	case opField:
		r.def(fr, in, regs[in.a[0]].cells()[in.n].v)
	case opFieldAddr:
		x := regs[in.a[0]]
		if x.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		sub := &(*cell)(x.p).v.cells()[in.n]
		r.def(fr, in, Value{k: KindPointer, p: ptrOf(sub)})
	case opIndex:
		x, i := regs[in.a[0]], r.index(regs[in.a[1]])
		if x.k == KindString {
			s := x.Str()
			if i < 0 || i >= len(s) {
				r.rtPanicEvent(fr, in, "%s", indexOutOfRange(regs[in.a[1]], len(s)))
			}
			r.def(fr, in, Uint(uint64(s[i])))
			return
		}
		cs := x.cells()
		if i < 0 || i >= len(cs) {
			r.rtPanicEvent(fr, in, "%s", indexOutOfRange(regs[in.a[1]], len(cs)))
		}
		e := r.def(fr, in, cs[i].v)
		if r.tr != nil {
			r.tr.dep(cs[i].st)
		}
		_ = e
	case opIndexAddr:
		r.def(fr, in, r.elemAddr(fr, in, regs[in.a[0]], regs[in.a[1]]))
	case opSlice:
		r.def(fr, in, r.sliceOp(fr, in))
	case opSliceToArrayPtr:
		x := regs[in.a[0]]
		cs := x.slice()
		if len(cs) < int(in.n) {
			r.rtPanic(fr, in, "cannot convert slice with length %d to array or pointer to array with length %d", len(cs), in.n)
		}
		if x.p == nil || (cs == nil && in.n == 0) {
			r.def(fr, in, Value{k: KindPointer})
			return
		}
		var arr Value
		if in.n == 0 {
			arr = Value{k: KindArray}
		} else {
			arr = Value{k: KindArray, p: ptrOf(&cs[0]), n: uint64(in.n)}
		}
		r.def(fr, in, Value{k: KindPointer, p: ptrOf(&cell{v: arr, st: NoEvent})})
	case opMakeSlice:
		n, m := r.index(regs[in.a[0]]), r.index(regs[in.a[1]])
		if n < 0 || n > 1<<28 {
			r.rtPanic(fr, in, "makeslice: len out of range")
		}
		if m < n || m > 1<<28 {
			r.rtPanic(fr, in, "makeslice: cap out of range")
		}
		fr.at = in
		r.allocCells(m)
		cs := make([]cell, n, m)
		full := cs[:m]
		for i := range full {
			full[i] = cell{v: copyVal(in.z), st: NoEvent}
		}
		e := r.def(fr, in, sliceOf(cs))
		for i := range full {
			full[i].st = e
		}
	case opMakeMap:
		r.def(fr, in, Value{k: KindMap, p: ptrOf(newMap())})
	case opMapUpdate:
		m := regs[in.a[0]]
		if m.p == nil {
			r.plainPanic(fr, in, "assignment to entry in nil map")
		}
		r.hashable(fr, in, regs[in.a[1]])
		v, e := r.stmtV(fr, in, regs[in.a[2]])
		mo := (*mapObj)(m.p)
		n := mo.len()
		mo.set(regs[in.a[1]], v, e)
		if mo.len() > n {
			fr.at = in
			r.allocCells(2)
		}
	case opLookup:
		m := regs[in.a[0]]
		var ent *mentry
		r.hashable(fr, in, regs[in.a[1]])
		if m.p != nil {
			ent = (*mapObj)(m.p).lookup(regs[in.a[1]])
		}
		v := in.z
		if ent != nil {
			v = copyVal(ent.c.v)
		}
		if in.commaOk {
			v = Tuple(v, Bool(ent != nil))
		}
		e := r.def(fr, in, v)
		if r.tr != nil && ent != nil {
			r.tr.dep(ent.c.st)
		}
		_ = e
	case opRange:
		r.def(fr, in, r.rangeIter(regs[in.a[0]], in.n == 1))
	case opNext:
		it := (*iterObj)(regs[in.a[0]].p)
		v, st := it.next(in.z)
		e := r.def(fr, in, v)
		if r.tr != nil && st >= 0 {
			r.tr.dep(st)
		}
		_ = e
	case opMakeClosure:
		cl := &closure{fn: in.x.(*fnCode), env: make([]Value, len(in.a))}
		for i, s := range in.a {
			cl.env[i] = regs[s]
		}
		if r.tr != nil {
			cl.envEv = make([]EventID, len(in.a))
			for i, s := range in.a {
				cl.envEv[i] = fr.defs[s]
			}
		}
		cl.name = cl.fn.fn.String()
		r.def(fr, in, Value{k: KindFunc, p: ptrOf(cl)})
	case opGo:
		fr.at = in
		r.goStmt(fr, in)
	case opMakeChan:
		n := r.index(regs[in.a[0]])
		if n < 0 || n > 1<<28 {
			r.rtPanic(fr, in, "makechan: size out of range")
		}
		fr.at = in
		r.allocCells(1 + n)
		r.def(fr, in, Value{k: KindChan, p: ptrOf(&chanObj{cap: n, zero: in.z})})
	case opSend:
		fr.at = in
		v, e := r.stmtV(fr, in, regs[in.a[1]])
		r.send(fr, in, regs[in.a[0]], v, e)
	case opRecv:
		fr.at = in
		v, ok, sent := r.recv(regs[in.a[0]])
		if in.commaOk {
			v = Tuple(v, Bool(ok))
		}
		e := r.def(fr, in, v)
		if r.tr != nil && sent >= 0 {
			r.tr.dep(sent)
		}
		_ = e
	case opSelect:
		fr.at = in
		v, sent := r.selectOp(fr, in)
		e := r.def(fr, in, v)
		if r.tr != nil {
			for _, d := range sent {
				r.tr.dep(d)
			}
		}
		_ = e
	case opUnsupported:
		u := *in.x.(*UnsupportedError)
		u.Pos = r.p.Fset.Position(u.pos)
		panic(&u)
	case opNop:
	default:
		panic(fmt.Sprintf("unknown opcode %d", in.op))
	}
}

// memDeps adds to e the last stores into c (and its parts, for aggregates).
func (r *run) memDeps(c *cell, e EventID) {
	if c.st >= 0 {
		r.tr.pushDep(c.st)
	}
	if c.v.isAgg() {
		seen := 0
		var walk func(cs []cell)
		walk = func(cs []cell) {
			for i := range cs {
				if seen > 16 {
					return
				}
				if cs[i].st >= 0 && cs[i].st != c.st && cs[i].st != e {
					r.tr.dep(cs[i].st)
					seen++
				}
				if cs[i].v.isAgg() {
					walk(cs[i].v.cells())
				}
			}
		}
		walk(c.v.cells())
	}
}

// indexOutOfRange is the runtime's message for index v out of range of a
// length n: a negative index is printed without the length.
// elemAddr is IndexAddr: the address of element i of x, a slice or a
// pointer to an array, with the runtime's panics for a nil array pointer
// and an index out of range.
// elemCell returns the cell of element ix of x (a slice, or a pointer to
// an array), or nil if x is a nil pointer or ix is out of range (where
// elemAddr panics).
func elemCell(x Value, ix int) *cell {
	var cs []cell
	if x.k == KindSlice {
		cs = x.slice()
	} else if x.p != nil {
		cs = (*cell)(x.p).v.cells()
	} else {
		return nil
	}
	if ix < 0 || ix >= len(cs) {
		return nil
	}
	return &cs[ix]
}

func (r *run) elemAddr(fr *frame, in *ins, x, i Value) Value {
	ix := r.index(i)
	var cs []cell
	if x.k == KindSlice {
		cs = x.slice()
	} else {
		if x.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		cs = (*cell)(x.p).v.cells()
	}
	if ix < 0 || ix >= len(cs) {
		r.rtPanicEvent(fr, in, "%s", indexOutOfRange(i, len(cs)))
	}
	return Value{k: KindPointer, p: ptrOf(&cs[ix])}
}

func indexOutOfRange(v Value, n int) string {
	if v.k == KindUint {
		return fmt.Sprintf("index out of range [%d] with length %d", v.n, n)
	}
	if int64(v.n) < 0 {
		return fmt.Sprintf("index out of range [%d]", int64(v.n))
	}
	return fmt.Sprintf("index out of range [%d] with length %d", int64(v.n), n)
}

func (r *run) index(v Value) int {
	if v.k == KindUint && v.n > math.MaxInt32*2 {
		return -1
	}
	i := int64(v.n)
	if i > 1<<40 {
		return -1
	}
	return int(i)
}

func (r *run) binop(fr *frame, in *ins, x, y Value) Value {
	op := in.sub
	switch in.cls {
	case clsInt, clsUint:
		k := KindInt
		if in.cls == clsUint {
			k = KindUint
		}
		a, b := x.n, y.n
		var z uint64
		switch op {
		case token.ADD:
			z = a + b
		case token.SUB:
			z = a - b
		case token.MUL:
			z = a * b
		case token.QUO, token.REM:
			if b == 0 {
				r.rtPanicEvent(fr, in, "integer divide by zero")
			}
			if k == KindInt {
				ia, ib := int64(a), int64(b)
				if ib == -1 {
					if op == token.QUO {
						z = uint64(-ia)
					} else {
						z = 0
					}
				} else if op == token.QUO {
					z = uint64(ia / ib)
				} else {
					z = uint64(ia % ib)
				}
			} else if op == token.QUO {
				z = a / b
			} else {
				z = a % b
			}
		case token.AND:
			z = a & b
		case token.OR:
			z = a | b
		case token.XOR:
			z = a ^ b
		case token.AND_NOT:
			z = a &^ b
		case token.SHL, token.SHR:
			sii, _ := in.x.(intInfo)
			if sii.signed && int64(b) < 0 {
				r.rtPanic(fr, in, "negative shift amount")
			}
			if op == token.SHL {
				if b >= 64 {
					z = 0
				} else {
					z = a << b
				}
			} else if k == KindInt {
				if b >= 64 {
					b = 63
				}
				z = uint64(int64(a) >> b)
			} else if b >= 64 {
				z = 0
			} else {
				z = a >> b
			}
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			var lt, eq bool
			if k == KindInt {
				lt, eq = int64(a) < int64(b), a == b
			} else {
				lt, eq = a < b, a == b
			}
			return cmpResult(op, lt, eq)
		default:
			panic("bad integer op " + op.String())
		}
		return Value{n: in.ii.norm(z), k: k}
	case clsFloat:
		a, b := x.Float(), y.Float()
		var z float64
		switch op {
		case token.ADD:
			z = a + b
		case token.SUB:
			z = a - b
		case token.MUL:
			z = a * b
		case token.QUO:
			z = a / b
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		case token.LSS:
			return Bool(a < b)
		case token.LEQ:
			return Bool(a <= b)
		case token.GTR:
			return Bool(a > b)
		case token.GEQ:
			return Bool(a >= b)
		default:
			panic("bad float op " + op.String())
		}
		if in.ii.bits == 32 {
			z = float64(float32(z))
		}
		return Float(z)
	case clsComplex:
		a, b := x.Complex(), y.Complex()
		var z complex128
		switch op {
		case token.ADD:
			z = a + b
		case token.SUB:
			z = a - b
		case token.MUL:
			z = a * b
		case token.QUO:
			z = a / b
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		default:
			panic("bad complex op " + op.String())
		}
		if in.ii.bits == 32 {
			z = complex128(complex64(z))
		}
		return Complex(z)
	case clsString:
		a, b := x.Str(), y.Str()
		switch op {
		case token.ADD:
			r.allocate(int64(len(a)) + int64(len(b)))
			return String(a + b)
		case token.EQL:
			return Bool(a == b)
		case token.NEQ:
			return Bool(a != b)
		default:
			return cmpResult(op, a < b, a == b)
		}
	}
	switch op {
	case token.EQL:
		return Bool(r.equal(fr, in, x, y))
	case token.NEQ:
		return Bool(!r.equal(fr, in, x, y))
	}
	panic("bad operands for " + op.String())
}

func (r *run) equal(fr *frame, in *ins, x, y Value) bool {
	if x.k == KindInterface && y.k == KindInterface && x.p != nil && y.p != nil {
		xi, yi := (*iface)(x.p), (*iface)(y.p)
		if xi.nat == nil && yi.nat == nil && xi.t.id == yi.t.id && !types.Comparable(xi.t.t) {
			r.rtPanic(fr, in, "comparing uncomparable type %s", runtimeTypeString(xi.t.t))
		}
	}
	return Equal(x, y)
}

// hashable panics if k is an interface holding a value of an uncomparable
// type (which cannot be a map key).
func (r *run) hashable(fr *frame, in *ins, k Value) {
	if k.k == KindInterface && k.p != nil {
		if it := (*iface)(k.p); it.nat == nil && !types.Comparable(it.t.t) {
			r.rtPanic(fr, in, "hash of unhashable type %s", runtimeTypeString(it.t.t))
		}
	}
}

func cmpResult(op token.Token, lt, eq bool) Value {
	switch op {
	case token.LSS:
		return Bool(lt)
	case token.LEQ:
		return Bool(lt || eq)
	case token.GTR:
		return Bool(!lt && !eq)
	case token.GEQ:
		return Bool(!lt)
	}
	panic("bad comparison " + op.String())
}

func (r *run) unop(fr *frame, in *ins, x Value) Value {
	switch in.sub {
	case token.NOT:
		return Bool(x.n == 0)
	case token.SUB:
		switch in.cls {
		case clsInt:
			return Value{n: in.ii.norm(-x.n), k: KindInt}
		case clsUint:
			return Value{n: in.ii.norm(-x.n), k: KindUint}
		case clsFloat:
			return Float(-x.Float())
		case clsComplex:
			return Complex(-x.Complex())
		}
	case token.XOR:
		return Value{n: in.ii.norm(^x.n), k: x.k}
	}
	panic("bad unary op " + in.sub.String())
}

func (r *run) convert(ci *convInfo, v Value) Value {
	switch {
	case ci.toBytes:
		s := v.Str()
		r.allocCells(len(s))
		cs := make([]cell, len(s))
		for i := 0; i < len(s); i++ {
			cs[i] = cell{v: Uint(uint64(s[i])), st: NoEvent}
		}
		return sliceOf(cs)
	case ci.toRun:
		r.allocCells(len(v.Str()))
		var cs []cell
		for _, c := range v.Str() {
			cs = append(cs, cell{v: Int(int64(c)), st: NoEvent})
		}
		if cs == nil {
			cs = []cell{}
		}
		return sliceOf(cs)
	case ci.fromBytes:
		cs := v.slice()
		b := make([]byte, len(cs))
		for i := range cs {
			b[i] = byte(cs[i].v.n)
		}
		return String(string(b))
	case ci.fromRunes:
		var sb strings.Builder
		for _, c := range v.slice() {
			sb.WriteRune(rune(int64(c.v.n)))
		}
		return String(sb.String())
	}
	switch ci.fcls {
	case clsInt, clsUint:
		switch ci.tcls {
		case clsInt:
			return Value{n: ci.tii.norm(v.n), k: KindInt}
		case clsUint:
			return Value{n: ci.tii.norm(v.n), k: KindUint}
		case clsFloat:
			var f float64
			if ci.fcls == clsInt {
				f = float64(int64(v.n))
			} else {
				f = float64(v.n)
			}
			if ci.tii.bits == 32 {
				f = float64(float32(f))
			}
			return Float(f)
		case clsString:
			if (ci.fcls == clsInt && (int64(v.n) < 0 || int64(v.n) > utf8.MaxRune)) || (ci.fcls == clsUint && v.n > utf8.MaxRune) {
				return String("\uFFFD")
			}
			return String(string(rune(v.n)))
		}
	case clsFloat:
		f := v.Float()
		switch ci.tcls {
		case clsInt, clsUint:
			// Out-of-range conversions are implementation-defined: convert
			// to the exact type natively, as compiled code on this machine.
			return floatToInt(f, ci.tcls == clsInt, ci.tii.bits)
		case clsFloat:
			if ci.tii.bits == 32 {
				f = float64(float32(f))
			}
			return Float(f)
		}
	case clsComplex:
		if ci.tcls == clsComplex {
			c := v.Complex()
			if ci.tii.bits == 32 {
				c = complex128(complex64(c))
			}
			return Complex(c)
		}
	}
	return v
}

func (r *run) typeAssert(fr *frame, in *ins, x Value) Value {
	ai := in.x.(*assertInfo)
	ok := false
	var v Value
	if x.p != nil && x.k != KindInterface {
		// An interface operand holding something else would be read as
		// an iface below: memory of another shape. Only a bug of ours
		// (a native value where an interpreted interface belongs) makes
		// one; it stops the run with an error instead of crashing.
		panic(&InternalError{Value: fmt.Sprintf("type assertion on a %v value, not an interface", x.k), Pos: r.pos(in)})
	}
	if x.p != nil {
		it := (*iface)(x.p)
		if ai.isIface {
			ok = r.p.implements(it, ai.t)
			v = x
		} else if it.nat != nil {
			ok = nativeIs(it.nat, ai.t.t)
			if ok {
				v = nativeToValue(r, it.nat, ai.t.t)
			}
		} else {
			ok = it.t.id == ai.t.id
			v = it.v
		}
	}
	if in.commaOk {
		if !ok {
			v = in.z
		}
		return Tuple(v, Bool(ok))
	}
	if !ok {
		want := runtimeTypeString(ai.t.t)
		var msg string
		if x.p == nil && ai.nilCheck {
			// go/ssa's nil check of an interface method value x.M
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		if x.p == nil {
			msg = "interface conversion: interface is nil, not " + want
		} else {
			it := (*iface)(x.p)
			dyn := ""
			if it.nat != nil {
				dyn = fmt.Sprintf("%T", it.nat)
			} else {
				dyn = runtimeTypeString(it.t.t)
			}
			if ai.isIface {
				msg = fmt.Sprintf("interface conversion: %s is not %s: missing method", dyn, want)
				if it.nat == nil {
					if m, _ := types.MissingMethod(it.t.t, ai.t.t.Underlying().(*types.Interface), true); m != nil {
						msg += " " + m.Name()
					}
				}
			} else {
				msg = fmt.Sprintf("interface conversion: %s is %s, not %s", runtimeTypeString(ai.from), dyn, want)
			}
		}
		v := Value{k: KindInterface, p: ptrOf(&iface{nat: typeAssertionError{msg}, t: typeRef{id: -1}})}
		r.throw(fr, in, v, NoEvent)
	}
	return v
}

// implements reports whether the dynamic type of it implements interface t.
func (p *Program) implements(it *iface, t typeRef) bool {
	if it.nat != nil {
		return nativeImplements(it.nat, t.t)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	k := implKey{it.t.id, t.id}
	ok, hit := p.impl[k]
	if !hit {
		ok = types.Implements(it.t.t, t.t.Underlying().(*types.Interface))
		p.impl[k] = ok
	}
	return ok
}

func (r *run) sliceOp(fr *frame, in *ins) Value {
	regs := fr.regs
	x := regs[in.a[0]]
	lo, hi, max := 0, -1, -1
	if s := in.a[1]; s >= 0 {
		lo = r.index(regs[s])
	}
	if s := in.a[2]; s >= 0 {
		hi = r.index(regs[s])
	}
	if s := in.a[3]; s >= 0 {
		max = r.index(regs[s])
	}
	if x.k == KindString {
		s := x.Str()
		if hi == -1 && in.a[2] < 0 {
			hi = len(s)
		}
		if lo < 0 || hi < lo || hi > len(s) {
			r.rtPanic(fr, in, "slice bounds out of range [%d:%d] with length %d", lo, hi, len(s))
		}
		return String(s[lo:hi])
	}
	var cs []cell
	if x.k == KindSlice {
		cs = x.slice()
	} else {
		if x.p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		cs = (*cell)(x.p).v.cells()
		if cs == nil {
			cs = []cell{} // slicing an array never yields a nil slice
		}
	}
	if hi == -1 && in.a[2] < 0 {
		hi = len(cs)
	}
	if max == -1 && in.a[3] < 0 {
		max = cap(cs)
	}
	if lo < 0 || hi < lo || max < hi || max > cap(cs) {
		r.rtPanic(fr, in, "slice bounds out of range [%d:%d:%d] with capacity %d", lo, hi, max, cap(cs))
	}
	if cs == nil {
		return Value{k: KindSlice}
	}
	return sliceOf(cs[lo:hi:max])
}

// iterObj is a range iterator over a string or map.
type iterObj struct {
	isMap bool
	s     string
	i     int
	ents  []*mentry
}

func (r *run) rangeIter(x Value, isMap bool) Value {
	it := &iterObj{isMap: isMap}
	if isMap {
		if x.p != nil {
			it.ents = (*mapObj)(x.p).live()
			if n := len(it.ents); n > 1 && r.seed != 0 {
				k := int(r.seed % uint64(n))
				it.ents = append(it.ents[k:], it.ents[:k]...)
			}
		}
	} else {
		it.s = x.Str()
		it.ents = nil
		it.i = 0
	}
	return Value{k: kindIter, p: ptrOf(it), n: boolWord(isMap)}
}

func boolWord(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (it *iterObj) next(z Value) (Value, EventID) {
	if it.isMap {
		for it.i < len(it.ents) {
			e := it.ents[it.i]
			it.i++
			if !e.dead {
				return Tuple(Bool(true), e.k, copyVal(e.c.v)), e.c.st
			}
		}
		return Tuple(Bool(false), Value{}, z), NoEvent
	}
	if it.i >= len(it.s) {
		return Tuple(Bool(false), Int(0), Int(0)), NoEvent
	}
	c, n := utf8.DecodeRuneInString(it.s[it.i:])
	v := Tuple(Bool(true), Int(int64(it.i)), Int(int64(c)))
	it.i += n
	return v, NoEvent
}

func formatPanic(v Value) string {
	if v.k == KindInterface && v.p != nil {
		it := (*iface)(v.p)
		if it.nat != nil {
			if e, ok := it.nat.(error); ok {
				return e.Error()
			}
			return fmt.Sprint(it.nat)
		}
		inner := it.v
		switch inner.k {
		case KindString:
			s := inner.Str()
			if n, ok := types.Unalias(it.t.t).(*types.Named); ok {
				return fmt.Sprintf("%s(%s)", n.Obj().Pkg().Name()+"."+n.Obj().Name(), strconv.Quote(s))
			}
			return s
		}
		return inner.String()
	}
	return v.String()
}

// runtimeTypeString names t as the Go runtime does in messages: package
// names rather than paths, and "interface {}" for the empty interface.
func runtimeTypeString(t types.Type) string {
	if it, ok := types.Unalias(t).(*types.Interface); ok && it.Empty() {
		return "interface {}"
	}
	s := types.TypeString(types.Unalias(t), func(p *types.Package) string { return p.Name() })
	return strings.ReplaceAll(s, "interface{}", "interface {}")
}

// floatToInt converts f to the integer type of the given signedness and
// width exactly as a native Go conversion does on this machine.
func floatToInt(f float64, signed bool, bits uint8) Value {
	if signed {
		var i int64
		switch bits {
		case 8:
			i = int64(int8(f))
		case 16:
			i = int64(int16(f))
		case 32:
			i = int64(int32(f))
		default:
			i = int64(f)
		}
		return Int(i)
	}
	var u uint64
	switch bits {
	case 8:
		u = uint64(uint8(f))
	case 16:
		u = uint64(uint16(f))
	case 32:
		u = uint64(uint32(f))
	default:
		u = uint64(f)
	}
	return Uint(u)
}
