package interp

import (
	"fmt"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// execRec is exec for recorded runs without hooks (r.tr != nil, r.h ==
// nil), the runs every client makes: the same instructions, steps, events
// and panics as exec, with what exec decides per instruction (plain or
// not, hooks or not, trace or not) decided once per run, and the hot
// instructions (see recSimple) recorded without going through def, stmtV
// and step: a run of two or more of them that stays below the step limit
// goes to recRun, which counts their steps without ticking and writes
// their events itself instead of calling addIns.
// RunOptions.noRecFast makes recorded runs use exec instead, as the
// oracle of recfast_test.go's differential tests.
func (r *run) execRec(fr *frame, b int) (Value, EventID) {
	prev := -1
	c := fr.c
	regs := fr.regs
	t := r.tr
	var hot []*hotBlock
	if !r.noHot && !r.noRecWide { // (recBlocks writes events as recRun does)
		hot = c.hotForm()
	}
blocks:
	for {
		pc := -1
		if hot != nil && hot[b] != nil {
			b, prev, pc = r.recBlocks(fr, b, prev)
		}
		bc := &c.blocks[b]
		if pc < 0 {
			fr.occ[b]++
			fr.ctrl = r.ctrlFor(fr, b)
			pc = 0
			if bc.nphi > 0 {
				r.phis(fr, bc, prev)
				pc = bc.nphi
			}
		}
		for ; pc < len(bc.instrs); pc++ {
			in := &bc.instrs[pc]
			if n := int(in.rrun); n > 1 && r.steps+int64(n) < r.limit {
				if nb := r.recRun(fr, bc.instrs[pc:pc+n], b); nb >= 0 {
					prev, b = b, nb
					continue blocks
				} else if nb == recReturned {
					return fr.result(&bc.instrs[len(bc.instrs)-1]), fr.retEv
				}
				pc += n - 1
				continue
			}
			r.steps++
			if r.steps >= r.limit {
				r.steps--
				r.tick(fr, in)
			}
			var v Value
			switch in.op {
			case opJump:
				prev, b = b, int(in.succ[0])
				continue blocks
			case opIf:
				cond := regs[in.a0].n != 0
				occ := fr.occ[in.loc] - 1
				fr.lastIf[b] = t.addIns(fr, in, occ, Bool(cond), NoEvent)
				prev = b
				if cond {
					b = int(in.succ[0])
				} else {
					b = int(in.succ[1])
				}
				continue blocks
			case opReturn:
				res := fr.result(in)
				occ := fr.occ[in.loc] - 1
				e := t.addIns(fr, in, occ, res, NoEvent)
				fr.retEv = e
				t.ev.Frames.Ptr(int(fr.idx)).Ret = e
				return res, e
			case opLoad:
				c := r.deref(fr, in, regs[in.a0])
				v := loadVal(c)
				occ := fr.occ[in.loc] - 1
				if !c.v.isAgg() {
					if in.sc {
						setWord(&regs[in.dst], v.n, v.k)
					} else {
						regs[in.dst] = v
					}
					fr.defs[in.dst] = t.addIns(fr, in, occ, v, c.st)
					continue
				}
				regs[in.dst] = v
				e := t.addIns(fr, in, occ, v, NoEvent)
				fr.defs[in.dst] = e
				r.memDeps(c, e)
				continue
			case opStore:
				c := r.deref(fr, in, regs[in.a0])
				v := regs[in.a1]
				occ := fr.occ[in.loc] - 1
				e := t.addIns(fr, in, occ, v, NoEvent)
				if in.sc && v.p == nil { // storeIns, whose call would cost the loop
					storeWord(c, &v, e)
				} else {
					storeVal(c, v, e)
				}
				continue
			case opFieldAddr:
				c := fieldCell(regs[in.a0], in.n)
				if c == nil {
					r.rtPanicEvent(fr, in, nilDeref)
				}
				v = addrOf(c)
			case opBinOp:
				v = r.binop(fr, in, regs[in.a0], regs[in.a1])
			case opAddW: // wordVal, whose call would cost the loop
				v = Value{n: addW(regs[in.a0].n, regs[in.a1].n), k: in.rk}
			case opSubW:
				v = Value{n: subW(regs[in.a0].n, regs[in.a1].n), k: in.rk}
			case opMulW:
				v = Value{n: mulW(regs[in.a0].n, regs[in.a1].n), k: in.rk}
			case opEqlW:
				v = Bool(eqlW(regs[in.a0].n, regs[in.a1].n))
			case opNeqW:
				v = Bool(neqW(regs[in.a0].n, regs[in.a1].n))
			case opLssI:
				v = Bool(lssI(regs[in.a0].n, regs[in.a1].n))
			case opLeqI:
				v = Bool(leqI(regs[in.a0].n, regs[in.a1].n))
			case opGtrI:
				v = Bool(gtrI(regs[in.a0].n, regs[in.a1].n))
			case opGeqI:
				v = Bool(geqI(regs[in.a0].n, regs[in.a1].n))
			case opPanic:
				r.panicIns(fr, in)
			case opCall:
				switch ci := in.x.(*callInfo); ci.kind {
				case callStatic:
					if cc := ci.code.ensure(r.p); len(cc.fn.Blocks) > 0 && cc.ext == nil && cc.reusable() {
						r.recCall(fr, in, ci, cc, nil, nil)
						continue
					}
				case callDynamic:
					if p := regs[in.a0].p; p != nil {
						if cl := (*closure)(p); cl.fn != nil {
							if cc := cl.fn.ensure(r.p); len(cc.fn.Blocks) > 0 && cc.ext == nil && cc.reusable() {
								r.recCall(fr, in, ci, cc, cl.env, cl.envEv)
								continue
							}
						}
					}
				case callBuiltin:
					// len of a slice or string, as builtin computes it: its
					// event has its value at once, not from setValue.
					if ci.builtin == "len" && len(in.a) == 2 && in.dst >= 0 {
						if x := regs[in.a1]; x.k == KindSlice || x.k == KindString {
							fr.at = in
							v = Int(int64(x.Len()))
							goto def
						}
					}
				}
				r.call(fr, in)
				continue
			default:
				r.step(fr, in)
				continue
			}
			// A value-defining instruction: what defRec does without hooks.
		def:
			occ := fr.occ[in.loc] - 1
			if in.sc {
				setWord(&regs[in.dst], v.n, v.k)
			} else {
				regs[in.dst] = v
			}
			fr.defs[in.dst] = t.addIns(fr, in, occ, v, NoEvent)
		}
		panic(fmt.Sprintf("block %d of %s has no terminator", b, c.fn))
	}
}

// recSimple reports whether recRun can run and record instruction in:
// a load or store of a non-aggregate value, an Alloc of one in the
// frame's slab, an integer operation, comparison or conversion, a field
// or element address, ssa:deferstack(), RunDefers without defers, a Jump
// or an If.
func recSimple(c *fnCode, in *ins) bool {
	if len(in.a) > 2 {
		return false
	}
	switch in.op {
	case opLoad, opStore:
		return in.sc || in.fl
	case opAlloc:
		// A variable of the frame's slab holding no aggregate or native
		// value (a first instance; recRun leaves the others to
		// recRunEach).
		return in.n >= 0 && in.z.k != KindStruct && in.z.k != KindArray && in.z.k != KindNative
	case opRunDefers:
		return !c.defers // nothing to run
	case opBinOp:
		return in.cls == clsInt || in.cls == clsUint // (binop's integer cases)
	case opIndexAddr:
		return true
	case opConvert:
		return intConv(in)
	case opCall:
		// ssa:deferstack(), which every function with a body starts
		// with in the naive form: its value is the frame.
		return isDeferStack(in)
	case opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI, opFieldAddr, opJump, opIf:
		return true
	case opReturn: // of one result or none (recReturned)
		return len(in.a) <= 1
	}
	return false
}

// recReturned is what recRun and recRunEach return when they ran the
// frame's Return: its event is fr.retEv, its result the register of its
// operand (see result).
const recReturned = -2

// setRecRuns sets the rrun of the instructions of a block after its φs.
func setRecRuns(c *fnCode, ins []ins) {
	n := int32(0)
	for i := len(ins) - 1; i >= 0; i-- {
		in := &ins[i]
		if len(in.a) > 0 && in.a0 >= 0 {
			in.rops |= 1
		}
		if len(in.a) > 1 && in.a1 >= 0 {
			in.rops |= 2
		}
		if recSimple(c, in) {
			n++
		} else {
			n = 0
		}
		ins[i].rrun = min(n, segCap)
	}
}

// recRun runs and records the instructions ins of block b (see
// recSimple), whose steps stay below the run's step limit, as execRec
// would one at a time, and returns the block to go to if they end with
// its terminator (recReturned for a Return), else -1. It writes their
// events itself, what addIns would, when the chunks have room for them
// all; else, and from an instruction about to panic or stop the run,
// recRunEach does.
func (r *run) recRun(fr *frame, ins []ins, b int) int {
	t := &r.tr.ev
	n := len(ins)
	wc, mc, dc, rc := &t.Words, &t.Meta, &t.Units, &t.Refs
	wi, mi, di := wc.N-wc.Base, mc.N-mc.Base, dc.N-dc.Base
	if wi+n > len(wc.Tail) || mi+n > len(mc.Tail) || di+6*n > len(dc.Tail) || r.noRecWide {
		return r.recRunEach(fr, ins, b)
	}
	occ := fr.occ[ins[0].loc] - 1
	// Every instruction of ins has the occurrence count of the first:
	// they run together, each once per instance of their block (a
	// panic between them ends the frame), and recRun starts with the
	// first not run yet in the block's instance.
	//
	// The events are written at the tails of the columns, which have
	// room for them all (six dependence units an event at most: two
	// operands, or one and a load's store); pointers go to refs while
	// its chunk has room. recEnd counts them in. They continue the last
	// segment if it is theirs, else start one.
	e := EventID(t.N)
	s0 := ins[0].sid
	if s0+1 != t.NextSid1 || occ != t.CurOcc || fr.idx != t.CurFrame || fr.ctrl != t.CurCtrl || e-t.SegFirst >= segCap {
		t.NewSeg(e, s0, fr.idx, occ, fr.ctrl)
	}
	first, sid0 := t.CurFirst, t.CurSid0
	// Registers, definitions and the value and record columns through
	// pointers, without bounds checks (as recBlocks).
	rp := unsafe.Pointer(unsafe.SliceData(fr.regs))
	dp := unsafe.Pointer(unsafe.SliceData(fr.defs))
	ws := unsafe.Pointer(&wc.Tail[wi])
	ms := unsafe.Pointer(&mc.Tail[mi])
	u := dc.Tail[di : di+6*n : di+6*n]
	refs := rc.Tail[rc.N-rc.Base:]
	j, k, nr := 0, 0, 0
	for i := range ins {
		in := &ins[i]
		var v Value
		extra := NoEvent
		var c *cell
		switch in.op {
		case opJump:
			r.steps += int64(i + 1)
			t.Commit(k, j, nr, s0)
			return int(in.succ[0])
		case opIf:
			v = Bool(rg(rp, in.a0).n != 0)
		case opReturn:
			v = fr.result(in)
		case opLoad:
			x := *rg(rp, in.a0)
			if x.p == nil {
				r.steps += int64(i + 1)
				t.Commit(k, j, nr, s0)
				r.rtPanicEvent(fr, in, nilDeref)
			}
			c = (*cell)(x.p)
			v, extra = loadVal(c), c.st
		case opStore:
			x := *rg(rp, in.a0)
			if x.p == nil {
				r.steps += int64(i + 1)
				t.Commit(k, j, nr, s0)
				r.rtPanicEvent(fr, in, nilDeref)
			}
			c = (*cell)(x.p)
			v = *rg(rp, in.a1)
		case opFieldAddr:
			fc := fieldCell(*rg(rp, in.a0), in.n)
			if fc == nil {
				r.steps += int64(i + 1)
				t.Commit(k, j, nr, s0)
				r.rtPanicEvent(fr, in, nilDeref)
			}
			v = addrOf(fc)
		case opAlloc:
			if occ == 0 && nr < len(refs) {
				c = &fr.slab[in.n]
				*c = cell{v: in.z, st: NoEvent}
			} else if nr < len(refs) && r.alloc+cellBytes <= r.maxAlloc {
				// A later instance in the frame: a cell of the heap,
				// charged to the run's allocation budget (allocCells).
				r.alloc += cellBytes
				c = &cell{v: in.z, st: NoEvent}
			} else { // no room for the pointer, or over the budget (then recRunEach stops the run)
				r.steps += int64(i)
				t.Commit(k, j, nr, s0)
				return r.recRunEach(fr, ins[i:], b)
			}
			v = addrOf(c)
		case opRunDefers:
			fr.at = in
		case opCall: // ssa:deferstack(), as call and builtin
			fr.at, r.cur = in, fr
			v = deferStack(fr)
		case opIndexAddr:
			ec := elemCell(*rg(rp, in.a0), r.index(*rg(rp, in.a1)))
			if ec == nil {
				// It panics (an index out of range records its
				// event first): recRunEach from here.
				r.steps += int64(i)
				t.Commit(k, j, nr, s0)
				return r.recRunEach(fr, ins[i:], b)
			}
			v = addrOf(ec)
		case opConvert:
			v = r.convert(in.x.(*convInfo), *rg(rp, in.a0))
		case opBinOp:
			z, kz, ok := intBin(in, rg(rp, in.a0).n, rg(rp, in.a1).n)
			if !ok {
				// It panics, recording its event first: recRunEach
				// from here.
				r.steps += int64(i)
				t.Commit(k, j, nr, s0)
				return r.recRunEach(fr, ins[i:], b)
			}
			v = Value{n: z, k: kz}
		case opAddW: // wordVal, whose call would cost the loop
			v = Value{n: addW(rg(rp, in.a0).n, rg(rp, in.a1).n), k: in.rk}
		case opSubW:
			v = Value{n: subW(rg(rp, in.a0).n, rg(rp, in.a1).n), k: in.rk}
		case opMulW:
			v = Value{n: mulW(rg(rp, in.a0).n, rg(rp, in.a1).n), k: in.rk}
		case opEqlW:
			v = Bool(eqlW(rg(rp, in.a0).n, rg(rp, in.a1).n))
		case opNeqW:
			v = Bool(neqW(rg(rp, in.a0).n, rg(rp, in.a1).n))
		case opLssI:
			v = Bool(lssI(rg(rp, in.a0).n, rg(rp, in.a1).n))
		case opLeqI:
			v = Bool(leqI(rg(rp, in.a0).n, rg(rp, in.a1).n))
		case opGtrI:
			v = Bool(gtrI(rg(rp, in.a0).n, rg(rp, in.a1).n))
		case opGeqI:
			v = Bool(geqI(rg(rp, in.a0).n, rg(rp, in.a1).n))
		}
		if v.p != nil && nr == len(refs) {
			// No room for its pointer: recRunEach from here (it
			// grows the column). The instruction has done nothing
			// yet (an Alloc checks first, above).
			r.steps += int64(i)
			t.Commit(k, j, nr, s0)
			return r.recRunEach(fr, ins[i:], b)
		}

		j0 := j
		kd := uint16(v.k)
		if in.sdmin >= sid0 {
			// As addIns: the dependences on operands defined in the
			// block are implied, the other one (if any) is stored.
			// recBlocks has the same code in its loop: one function
			// shared by both is over the inliner's budget, and the
			// call costs both hot loops.
			kd |= uint16(sdepFlag)
			if s := in.sdyn; s >= 0 {
				if dd := *evAt(dp, s); dd >= 0 {
					j = store.PutDep(u, j, e, dd, first)
				} else {
					u[j] = 0
					j++
				}
			}
		} else {
			if in.rops&1 != 0 {
				if d := *evAt(dp, in.a0); d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
			}
			if in.rops&2 != 0 {
				if d := *evAt(dp, in.a1); d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
			}
		}
		if extra >= 0 {
			j = store.PutDep(u, j, e, extra, first)
		}
		if v.p != nil {
			kd |= uint16(refFlag)
			refs[nr] = v.p
			nr++
		}
		*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = v.n
		*u16At(ms, k) = kd | uint16(j-j0)<<8
		k++

		switch in.op {
		case opIf:
			r.steps += int64(i + 1)
			t.Commit(k, j, nr, s0)
			fr.lastIf[b] = e
			if v.n != 0 {
				return int(in.succ[0])
			}
			return int(in.succ[1])
		case opReturn:
			r.steps += int64(i + 1)
			t.Commit(k, j, nr, s0)
			fr.retEv = e
			t.Frames.Ptr(int(fr.idx)).Ret = e
			return recReturned
		case opStore:
			if in.sc && v.p == nil { // storeIns, whose call would cost the loop
				storeWord(c, &v, e)
			} else {
				storeVal(c, v, e)
			}
		case opRunDefers:
		case opAlloc:
			c.st = e
			*rg(rp, in.dst) = v
			*evAt(dp, in.dst) = e
		default:
			if in.sc {
				setWord(rg(rp, in.dst), v.n, v.k)
			} else {
				*rg(rp, in.dst) = v
			}
			*evAt(dp, in.dst) = e
		}
		e++
	}
	r.steps += int64(n)
	t.Commit(k, j, nr, s0)
	return -1
}

// recRunEach is recRun when its events may not fit in the chunks as they
// are, or belong to a new frame: each event of the frame of the event
// before whose record and dependences fit is written here without
// calling addIns, the others through it.
func (r *run) recRunEach(fr *frame, ins []ins, b int) int {
	t := r.tr
	regs, defs, occs := fr.regs, fr.defs, fr.occ
	for i := range ins {
		in := &ins[i]
		r.steps++
		var v Value
		extra := NoEvent
		var c *cell
		switch in.op {
		case opJump:
			return int(in.succ[0])
		case opIf:
			v = Bool(regs[in.a0].n != 0)
		case opReturn:
			v = fr.result(in)
		case opLoad:
			c = r.deref(fr, in, regs[in.a0])
			v, extra = loadVal(c), c.st
		case opStore:
			c = r.deref(fr, in, regs[in.a0])
			v = regs[in.a1]
		case opFieldAddr:
			fc := fieldCell(regs[in.a0], in.n)
			if fc == nil {
				r.rtPanicEvent(fr, in, nilDeref)
			}
			v = addrOf(fc)
		case opAlloc:
			if occs[in.loc] == 1 { // the block's first instance
				c = &fr.slab[in.n]
				*c = cell{v: in.z, st: NoEvent}
			} else {
				r.allocCells(1)
				c = r.newVar(in.z, NoEvent)
			}
			v = addrOf(c)
		case opRunDefers:
			fr.at = in
		case opConvert:
			v = r.convert(in.x.(*convInfo), regs[in.a0])
		case opBinOp:
			v = r.binop(fr, in, regs[in.a0], regs[in.a1])
		case opCall: // ssa:deferstack(), as call and builtin
			fr.at, r.cur = in, fr
			v = deferStack(fr)
		case opIndexAddr: // as step
			v = r.elemAddr(fr, in, regs[in.a0], regs[in.a1])
		case opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI:
			v = wordVal(in, regs[in.a0], regs[in.a1])
		}
		occ := occs[in.loc] - 1

		e := t.addIns(fr, in, occ, v, extra)

		switch in.op {
		case opIf:
			fr.lastIf[b] = e
			if v.n != 0 {
				return int(in.succ[0])
			}
			return int(in.succ[1])
		case opReturn:
			fr.retEv = e
			t.ev.Frames.Ptr(int(fr.idx)).Ret = e
			return recReturned
		case opStore:
			storeIns(in, c, v, e)
		case opRunDefers:
		case opAlloc:
			c.st = e
			regs[in.dst] = v
			defs[in.dst] = e
		default:
			if in.sc {
				setWord(&regs[in.dst], v.n, v.k)
			} else {
				regs[in.dst] = v
			}
			defs[in.dst] = e
		}
	}
	return -1
}

// recCall is call, dispatch, invokeCode and enter in one for a recorded
// run without hooks calling c, a function with a body that defers nothing
// and starts no goroutine, statically or through a closure whose free
// variables are env (defined by the events envEv): the arguments go from
// the caller's registers to the callee's directly, without the run's
// argument stack (nothing runs between, so no other goroutine can).
func (r *run) recCall(fr *frame, in *ins, ci *callInfo, c *fnCode, env []Value, envEv []EventID) {
	t := r.tr
	fr.at = in
	occ := fr.occ[in.loc] - 1
	e := t.addIns(fr, in, occ, Value{}, NoEvent)
	refSlot := -1
	if ci.ptrRes {
		refSlot = t.ev.ReserveRef()
	}
	r.depth++
	if r.depth > r.maxDepth {
		r.outOfBudget(budgetStop{depth: true})
	}
	nf := r.newFrame(c, fr, e, mix(fr.path, in.sid, occ))
	for i, s := range in.a[1:] {
		v := fr.regs[s]
		nf.regs[i] = v
		nf.defs[i] = t.addParam(c.psid[i], nf.idx, e, v, fr.defs[s])
	}
	copy(nf.regs[c.np:], env)
	for i := range env {
		d := NoEvent
		if i < len(envEv) {
			d = envEv[i]
		}
		nf.defs[c.np+i] = d
	}
	r.cur = nf
	res, ret := r.execRec(nf, 0)
	r.cur = fr
	r.depth--
	if res.k != kindDefers || res.p != ptrOf(nf) { // else a frame's defer stack escapes through a result: keep it
		r.releaseFrame(nf)
	}
	if in.dst >= 0 {
		fr.regs[in.dst] = res
	}
	t.setValue(e, res, refSlot)
	if ret < 0 {
		ret = e
	}
	if in.dst >= 0 {
		fr.defs[in.dst] = ret
	}
}
