package interp

import "unsafe"

// The fast form of a function runs plain runs (no trace, no hooks: nothing
// observes instances). It executes the same naive-form instructions with
// the same results, panics and step counts as exec, in fewer dispatches:
//
//   - a variable whose cell would live in the frame's slab (a local that
//     is only loaded and stored, see onlyLoadedAndStored) lives in a
//     register of its own, so its Alloc, Loads and Stores are register
//     moves;
//   - an aggregate variable (a struct or array) whose address is only
//     loaded from, stored into, or taken apart into field and element
//     addresses that are themselves only so used (see escapes.local) lives in
//     a cell of the frame that every execution of its Alloc resets to
//     zero, instead of a new cell per execution: no pointer to an earlier
//     instance can be used after the Alloc runs again (a use of a derived
//     address is dominated by its definition, which follows the Alloc);
//   - a run of consecutive instructions is fused into one fast operation
//     (a fop): Loads of variables feeding an integer operation, a
//     comparison or a branch are read from the variable's register by
//     that operation, a result stored into a variable is written to it
//     directly, a comparison feeding the If right after it is the If's
//     condition, a field address loaded or stored through right away is
//     not materialised.
//
// A fop covers k naive instructions and counts k steps. When those steps
// would reach the run's step limit (the budget, or the next periodic
// check, see run.tick), or when a fused operation's guard fails (a nil
// pointer), the fop's instructions run one at a time, each counted and
// ticked as in exec, so that budget stops, scheduling points and panics
// happen at exactly the same instruction and step. Only registers that no
// other instruction reads are left unwritten by a fused operation.

// local returns the frame's cell of local aggregate n (see escapes.local),
// made on first use with zero z; its content is unspecified.
func (fr *frame) local(n int32, nlocal int, z Value) *cell {
	if fr.locals == nil {
		fr.locals = make([]*cell, nlocal)
	}
	c := fr.locals[n]
	if c == nil {
		c = newCell(z, NoEvent)
		fr.locals[n] = c
	}
	return c
}

// disjoint reports whether the top-level cells of aggregates a and b do
// not overlap. (Nested aggregates have cells of their own: only an array
// made from a slice, see opSliceToArrayPtr, shares another's cells.)
func disjoint(a, b Value) bool {
	sz := uintptr(a.n) * unsafe.Sizeof(cell{})
	pa, pb := uintptr(a.p), uintptr(b.p)
	return pa+sz <= pb || pb+sz <= pa
}

// slowFop runs f's instructions one at a time, counting and ticking each
// step as exec does. It reports whether f's operation must still run: it
// then performs the last instruction itself (its step already counted).
func (r *run) slowFop(fr *frame, fb *fastBlock, f *fop) bool {
	ms := fb.mops[f.j : f.j+f.k]
	regs := fr.regs
	for i := range ms {
		m := &ms[i]
		r.steps++
		if r.steps >= r.limit {
			r.steps--
			r.tick(fr, m.in)
		}
		if i == len(ms)-1 && f.tail {
			return true
		}
		switch m.kind {
		case mVarZero:
			regs[m.v] = m.in.z // a scalar: nothing to copy
		case mVarLoad:
			regs[m.in.dst] = regs[m.v]
		case mVarStore:
			regs[m.v] = regs[m.in.a1]
		case mLocal:
			in := m.in
			r.allocCells(1 + in.z.aggLen()) // as the naive Alloc
			c := fr.local(m.v, fr.c.fast.nlocal, in.z)
			storeInto(c, in.z, NoEvent)
			regs[in.dst] = addrOf(c)
		default:
			in := m.in
			switch {
			case in.op >= opAddW:
				regs[in.dst] = wordVal(in, regs[in.a0], regs[in.a1])
			case in.op == opIf || in.op == opJump || in.op == opReturn || in.op == opPanic:
				panic("fast form: terminator inside a fop")
			default:
				r.step(fr, in)
			}
		}
	}
	return false
}

// execFast runs fr from block b until it returns, as exec does for plain
// runs.
func (r *run) execFast(fr *frame, b int) (Value, EventID) {
	c := fr.c
	fc := c.fastForm()
	regs := fr.regs
	rp := unsafe.Pointer(unsafe.SliceData(regs))
	fblocks := fc.blocks
	cov := r.cov
	prev := -1
blocks:
	for {
		fb := &fblocks[b]
		fr.occ[b]++
		if cov != nil { // a coverage-only run (cover.go): prev completed
			if prev >= 0 {
				cov.exit(c, prev)
			}
			cov.entries++
		}
		if fb.nphi > 0 {
			r.phis(fr, &c.blocks[b], prev)
		}
		// Every block ends with a terminator, which leaves the loop:
		// f never passes the block's last fop.
		for f := &fb.fops[0]; ; f = (*fop)(unsafe.Add(unsafe.Pointer(f), unsafe.Sizeof(fop{}))) {
			if s := r.steps + int64(f.k); s < r.limit {
				r.steps = s
			} else if !r.slowFop(fr, fb, f) {
				continue
			}
			switch f.op {
			case fMov:
				if f.w {
					s := rg(rp, f.x)
					setWord(rg(rp, f.d), s.n, s.k)
				} else {
					*rg(rp, f.d) = *rg(rp, f.x)
				}
			case fMovs:
				m := f.moves
				if f.w {
					for i := 0; i+1 < len(m); i += 2 {
						s := rg(rp, m[i+1])
						setWord(rg(rp, m[i]), s.n, s.k)
					}
				} else {
					for i := 0; i+1 < len(m); i += 2 {
						*rg(rp, m[i]) = *rg(rp, m[i+1])
					}
				}
			case fZero:
				if f.w {
					setWord(rg(rp, f.d), f.z.n, f.z.k)
				} else {
					*rg(rp, f.d) = f.z
				}
			case fAdd:
				setWord(rg(rp, f.d), addW(rg(rp, f.x).n, rg(rp, f.y).n), f.rk)
			case fSub:
				setWord(rg(rp, f.d), subW(rg(rp, f.x).n, rg(rp, f.y).n), f.rk)
			case fMul:
				setWord(rg(rp, f.d), mulW(rg(rp, f.x).n, rg(rp, f.y).n), f.rk)
			case fEq:
				setWord(rg(rp, f.d), boolWord(eqlW(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fNe:
				setWord(rg(rp, f.d), boolWord(neqW(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fLt:
				setWord(rg(rp, f.d), boolWord(lssI(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fLe:
				setWord(rg(rp, f.d), boolWord(leqI(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fGt:
				setWord(rg(rp, f.d), boolWord(gtrI(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fGe:
				setWord(rg(rp, f.d), boolWord(geqI(rg(rp, f.x).n, rg(rp, f.y).n)), f.rk)
			case fLdField:
				c := fieldCell(*rg(rp, f.x), f.n)
				if c == nil {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // panics at the instruction that dereferences
					continue
				}
				if f.w {
					setWord(rg(rp, f.d), c.v.n, c.v.k)
				} else {
					*rg(rp, f.d) = loadVal(c)
				}
			case fStField:
				c := fieldCell(*rg(rp, f.x), f.n)
				if c == nil {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f)
					continue
				}
				storeVal(c, *rg(rp, f.y), NoEvent)
			case fAllocStore:
				n := int64(1+f.z.aggLen()) * cellBytes
				if r.alloc+n > r.maxAlloc {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // the Alloc stops the run
					continue
				}
				r.alloc += n
				c := r.newVar(*rg(rp, f.y), NoEvent)
				if c.v.isAgg() {
					setStores(c.v.cells(), NoEvent) // as storeInto does
				}
				*rg(rp, f.d) = addrOf(c)
			case fLocal, fLocalStore:
				n := int64(1+f.z.aggLen()) * cellBytes
				if r.alloc+n > r.maxAlloc {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // the Alloc stops the run
					continue
				}
				r.alloc += n
				c := fr.local(f.n, fc.nlocal, f.z)
				if f.op == fLocal {
					storeInto(c, f.z, NoEvent)
				} else {
					storeInto(c, *rg(rp, f.y), NoEvent)
				}
				*rg(rp, f.d) = addrOf(c)
			case fLoad:
				if p := rg(rp, f.x).p; p != nil {
					c := (*cell)(p)
					if f.w {
						setWord(rg(rp, f.d), c.v.n, c.v.k)
					} else {
						*rg(rp, f.d) = loadVal(c)
					}
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // panics
			case fStore:
				if p := rg(rp, f.x).p; p != nil {
					storeVal((*cell)(p), *rg(rp, f.y), NoEvent)
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // panics
			case fFieldAddr:
				if c := fieldCell(*rg(rp, f.x), f.n); c != nil {
					*rg(rp, f.d) = addrOf(c)
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // panics
			case fLoadRef:
				if p := rg(rp, f.x).p; p != nil {
					*rg(rp, f.d) = (*cell)(p).v
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f)
			case fCopyAgg:
				if sp, dp := rg(rp, f.x).p, rg(rp, f.y).p; sp != nil && dp != nil {
					sc, dc := (*cell)(sp), (*cell)(dp)
					if sv, dv := sc.v, dc.v; sv.isAgg() && sv.n > 0 && dv.k == sv.k && dv.n == sv.n && (sv.p == dv.p || disjoint(sv, dv)) {
						storeInto(dc, sv, NoEvent)
						continue
					}
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f)
			case fIntBin:
				z, k, ok := intBin(f.bin, rg(rp, f.x).n, rg(rp, f.y).n)
				if !ok {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // divides by zero, or a negative shift
					continue
				}
				setWord(rg(rp, f.d), z, k)
			case fConvInt:
				v := convInt(f.bin.x.(*convInfo), rg(rp, f.x).n)
				setWord(rg(rp, f.d), v.n, v.k)
			case fDeferStack:
				fr.at = f.in
				*rg(rp, f.d) = deferStack(fr)
			case fCall:
				r.callPlain(fr, f.in)
			case fLen:
				if x := *rg(rp, f.x); x.k == KindSlice || x.k == KindString {
					fr.at = f.in
					*rg(rp, f.d) = Int(int64(x.Len()))
				} else {
					r.call(fr, f.in)
				}
			case fIdxLoad:
				if c := elemCell(*rg(rp, f.x), r.index(*rg(rp, f.y))); c != nil {
					if f.w {
						setWord(rg(rp, f.d), c.v.n, c.v.k)
					} else {
						*rg(rp, f.d) = loadVal(c)
					}
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // the index panics, or a nil pointer to an array
			case fIdxStore:
				if c := elemCell(*rg(rp, f.x), r.index(*rg(rp, f.y))); c != nil {
					storeVal(c, *rg(rp, f.n), NoEvent)
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f)
			case fNaive:
				in := f.in
				if in.op >= opAddW {
					regs[in.dst] = wordVal(in, regs[in.a0], regs[in.a1])
				} else {
					r.step(fr, in)
				}
			case fJump:
				prev, b = b, int(f.succ[0])
				continue blocks
			case fJumpIf:
				t := f.next
				if s := r.steps + int64(t.k); s < r.limit {
					r.steps = s
					if cov != nil { // b completes, and the branch's block is entered
						cov.exit(c, b)
						cov.entries++
					}
					prev, b = int(f.succ[0]), int(t.succ[cond(!branches(t, rp))])
				} else {
					prev, b = b, int(f.succ[0]) // the branch's block counts its steps one at a time
				}
				continue blocks
			case fIf:
				prev = b
				if rg(rp, f.x).n != 0 {
					b = int(f.succ[0])
				} else {
					b = int(f.succ[1])
				}
				continue blocks
			case fIfEq:
				prev, b = b, int(f.succ[cond(!eqlW(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fIfNe:
				prev, b = b, int(f.succ[cond(!neqW(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fIfLt:
				prev, b = b, int(f.succ[cond(!lssI(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fIfLe:
				prev, b = b, int(f.succ[cond(!leqI(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fIfGt:
				prev, b = b, int(f.succ[cond(!gtrI(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fIfGe:
				prev, b = b, int(f.succ[cond(!geqI(rg(rp, f.x).n, rg(rp, f.y).n))])
				continue blocks
			case fRet0:
				if cov != nil {
					cov.exit(c, b)
				}
				fr.retEv = NoEvent
				return Value{}, NoEvent
			case fRet1:
				if cov != nil {
					cov.exit(c, b)
				}
				fr.retEv = NoEvent
				return *rg(rp, f.x), NoEvent
			case fTerm:
				in := f.in
				if in.op == opPanic {
					r.panicIns(fr, in)
				}
				if cov != nil {
					cov.exit(c, b)
				}
				fr.retEv = NoEvent
				return fr.tupleOf(in.a), NoEvent
			}
		}
	}
}

// branches evaluates the condition of f, a conditional branch: the
// signed comparison of its operands (of its condition with false for
// fIf) against f.mask (see branchMask).
func branches(f *fop, rp unsafe.Pointer) bool {
	x, y := int64(rg(rp, f.x).n), int64(0)
	if f.op != fIf {
		y = int64(rg(rp, f.y).n)
	}
	c := 1 // equal
	if x < y {
		c = 0
	} else if x > y {
		c = 2
	}
	return f.mask>>c&1 != 0
}

// rg returns register i of the registers at p. The fast form's register
// indexes are those the compiler gave the function, all below its
// register count: no bounds check is needed.
func rg(p unsafe.Pointer, i int32) *Value {
	return (*Value)(unsafe.Add(p, uintptr(i)*unsafe.Sizeof(Value{})))
}

// newFramePlain is newFrame for a plain run (no trace, no hooks). A frame
// this run released (run.pools) needs less than newFrame does: in a plain
// run, its events are NoEvent already, it has no defers and no panic (its
// function has no defer statement), and its occurrence counters are its
// own (only the calls' are cleared).
func (r *run) newFramePlain(c *fnCode, caller *frame, path uint64) *frame {
	if id := int(c.id); c.reusable() && id < len(r.pools) {
		if l := r.pools[id]; len(l) > 0 {
			m := l[len(l)-1]
			r.pools[id] = l[:len(l)-1]
			fr := &m.fr
			fr.at, fr.deferOf = nil, nil
			fr.caller, fr.path, fr.depth = caller, path, r.depth
			if r.next != nil {
				fr.deferOf, r.next = r.next, nil
			}
			clear(fr.occ)
			return fr
		}
	}
	return r.newFrame(c, caller, NoEvent, path)
}

// cond is 1 for true, 0 for false: the index of the successor an If takes
// when its condition is false.
func cond(b bool) int {
	if b {
		return 1
	}
	return 0
}

// callPlain performs a static call, or a call of a func value, in a plain
// run: as call does, without the argument stack (the arguments go straight
// into the callee's frame). Calls of bridged functions and builtins, of nil
// func values and of functions that may defer take call's path.
func (r *run) callPlain(fr *frame, in *ins) {
	ci := in.x.(*callInfo)
	var c *fnCode
	var env []Value
	if ci.kind == callStatic {
		c = ci.code
	} else if fnv := fr.regs[in.a0]; fnv.p != nil {
		cl := (*closure)(fnv.p)
		c, env = cl.fn, cl.env
	}
	if c == nil {
		r.call(fr, in)
		return
	}
	c = c.ensure(r.p)
	if c.blocks == nil || c.defers {
		r.call(fr, in)
		return
	}
	fr.at = in
	occ := fr.occ[in.loc] - 1
	path := mix(fr.path, in.sid, occ)
	r.depth++
	if r.depth > r.maxDepth {
		r.outOfBudget(budgetStop{depth: true})
	}
	callee := r.newFramePlain(c, fr, path)
	regs := callee.regs
	crp, rp := unsafe.Pointer(unsafe.SliceData(regs)), unsafe.Pointer(unsafe.SliceData(fr.regs))
	for i, s := range in.a[1:] {
		*rg(crp, int32(i)) = *rg(rp, s)
	}
	if len(env) > 0 {
		copy(regs[c.np:], env)
	}
	r.cur = callee
	v, _ := r.execFast(callee, 0)
	r.depth--
	if v.k != kindDefers || v.p != ptrOf(callee) {
		r.releaseFrame(callee)
	}
	r.cur = fr
	if in.dst >= 0 {
		fr.regs[in.dst] = v
	}
}
