package interp

import (
	"fmt"
	"go/token"
)

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
				res, e := r.stmtV(fr, in, fr.result(in))
				fr.retEv = e
				if r.tr != nil {
					r.tr.ev.Frames.Ptr(int(fr.idx)).Ret = e
				}
				return res, e
			case opLoad:
				c := r.deref(fr, in, regs[in.a0])
				if r.tr != nil && r.h == nil && !c.v.isAgg() {
					// A scalar, recorded without hooks: its event
					// also depends on the cell's last store.
					v := loadVal(c)
					occ := fr.occ[in.loc] - 1
					if in.sc {
						setWord(&regs[in.dst], v.n, v.k)
					} else {
						regs[in.dst] = v
					}
					fr.defs[in.dst] = r.tr.addIns(fr, in, occ, v, c.st)
					continue
				}
				e := r.def(fr, in, loadVal(c))
				if r.tr != nil {
					if c.v.isAgg() {
						r.memDeps(c, e)
					} else {
						r.tr.ev.Dep(c.st) // what memDeps does for a scalar
					}
				}
			case opStore:
				c := r.deref(fr, in, regs[in.a0])
				v, e := r.stmtV(fr, in, regs[in.a1])
				storeIns(in, c, v, e)
			case opBinOp:
				r.def(fr, in, r.binop(fr, in, regs[in.a0], regs[in.a1]))
			case opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI:
				r.def(fr, in, wordVal(in, regs[in.a0], regs[in.a1]))
			case opPanic:
				r.panicIns(fr, in)
			default:
				r.step(fr, in)
			}
		}
		panic(fmt.Sprintf("block %d of %s has no terminator", b, c.fn))
	}
}

// panicIns runs Panic instruction in: it records its event and panics
// with its operand.
func (r *run) panicIns(fr *frame, in *ins) {
	fr.at = in
	e, _ := r.stmt(fr, in, fr.regs[in.a[0]])
	r.throw(fr, in, fr.regs[in.a[0]], e)
}

// deref is the cell x points to, for a Load or Store in; it panics if x
// is nil.
func (r *run) deref(fr *frame, in *ins, x Value) *cell {
	if x.p == nil {
		r.rtPanicEvent(fr, in, nilDeref)
	}
	return (*cell)(x.p)
}

// branch counts, steers and records an If of block b deciding cond.
func (r *run) branch(fr *frame, in *ins, b int, cond bool) bool {
	occ := fr.occ[in.loc] - 1
	steered := false
	if r.h != nil {
		k := InstanceKey{Static: in.sid, Path: fr.path, Occ: occ}
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
	if r.h != nil && r.h.StopAt != nil && *r.h.StopAt == (InstanceKey{Static: in.sid, Path: fr.path, Occ: occ}) {
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
			t.ev.Dep(evs[i])
			if gate != evs[i] {
				t.ev.Dep(gate)
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
		} else if in.n == zeroAlloc {
			c = r.zeroCell(in.x.(int32), in.z)
		} else {
			r.allocCells(1 + in.z.aggLen())
			c = r.newVar(in.z, NoEvent)
		}
		e := r.def(fr, in, addrOf(c))
		c.st = e
	case opBinOp:
		r.def(fr, in, r.binop(fr, in, regs[in.a[0]], regs[in.a[1]]))
	case opUnOp:
		r.def(fr, in, r.unop(fr, in, regs[in.a[0]]))
	case opLoad:
		c := r.deref(fr, in, regs[in.a[0]])
		e := r.def(fr, in, loadVal(c))
		if r.tr != nil {
			r.memDeps(c, e)
		}
	case opStore:
		c := r.deref(fr, in, regs[in.a[0]])
		v, e := r.stmtV(fr, in, regs[in.a[1]])
		storeIns(in, c, v, e)
	case opCall:
		r.call(fr, in)
	case opLoadNative:
		r.loadNative(fr, in)
	case opStoreNative:
		r.storeNative(fr, in)
	case opFieldAddrNative:
		r.fieldAddrNative(fr, in)
	case opFieldNative:
		r.fieldNative(fr, in)
	case opDefer:
		r.deferCall(fr, in)
	case opRunDefers:
		r.stmt(fr, in, Value{})
		fr.at = in
		r.runDefers(fr)
	case opConvert:
		r.def(fr, in, r.convert(in.x.(*convInfo), regs[in.a[0]]))
	case opUnsafeConv:
		r.unsafeConv(fr, in, regs[in.a[0]])
	case opLoadView:
		r.loadLiveView(fr, in)
	case opStoreView:
		r.storeLiveView(fr, in)
	case opStoreWord:
		c := r.deref(fr, in, regs[in.a[0]])
		v, e := r.stmtV(fr, in, regs[in.a[1]])
		storeIns(in, c, v, e)
		r.storeWordBack(regs[in.a[2]], int64(in.n), v, e)
	case opChangeType:
		if cr, ok := in.x.(*changeRep); ok {
			r.def(fr, in, r.changeRep(fr, in, cr, regs[in.a[0]]))
			break
		}
		r.def(fr, in, regs[in.a[0]])
	case opMakeInterface:
		t := in.x.(typeRef)
		r.def(fr, in, Value{k: KindInterface, p: ptrOf(&iface{t: t, v: regs[in.a[0]]})})
	case opTypeAssert:
		r.def(fr, in, r.typeAssert(fr, in, regs[in.a[0]]))
	case opExtract:
		r.def(fr, in, regs[in.a[0]].tuple()[in.n])
	case opField:
		r.def(fr, in, regs[in.a[0]].cells()[in.n].v)
	case opFieldAddr:
		c := fieldCell(regs[in.a[0]], in.n)
		if c == nil {
			r.rtPanicEvent(fr, in, nilDeref)
		}
		r.def(fr, in, addrOf(c))
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
			r.tr.ev.Dep(cs[i].st)
		}
		_ = e
	case opIndexAddr:
		r.def(fr, in, r.elemAddr(fr, in, regs[in.a[0]], regs[in.a[1]]))
	case opIndexAddrKept:
		p := r.elemAddr(fr, in, regs[in.a[0]], regs[in.a[1]])
		r.keepElems(in, regs[in.a[0]])
		r.def(fr, in, p)
	case opSlice:
		r.def(fr, in, r.sliceOp(fr, in))
	case opSliceToArrayPtr:
		x := regs[in.a[0]]
		cs := x.slice()
		if len(cs) < int(in.n) {
			r.rtPanicEvent(fr, in, "cannot convert slice with length %d to array or pointer to array with length %d", len(cs), in.n)
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
			r.rtPanicEvent(fr, in, "makeslice: len out of range")
		}
		if m < n || m > 1<<28 {
			r.rtPanicEvent(fr, in, "makeslice: cap out of range")
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
			r.plainPanicEvent(fr, in, "assignment to entry in nil map")
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
			r.tr.ev.Dep(ent.c.st)
		}
		_ = e
	case opRange:
		r.def(fr, in, r.rangeIter(regs[in.a[0]], in.n == 1))
	case opNext:
		it := (*iterObj)(regs[in.a[0]].p)
		v, st := it.next(in.z)
		e := r.def(fr, in, v)
		if r.tr != nil && st >= 0 {
			r.tr.ev.Dep(st)
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
		cl.name = cl.fn.closureName
		r.def(fr, in, Value{k: KindFunc, p: ptrOf(cl)})
	case opGo:
		fr.at = in
		r.goStmt(fr, in)
	case opMakeChan:
		n := r.index(regs[in.a[0]])
		if n < 0 || n > 1<<28 {
			r.rtPanicEvent(fr, in, "makechan: size out of range")
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
			r.tr.ev.Dep(sent)
		}
		_ = e
	case opSelect:
		fr.at = in
		v, sent := r.selectOp(fr, in)
		e := r.def(fr, in, v)
		if r.tr != nil {
			for _, d := range sent {
				r.tr.ev.Dep(d)
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
