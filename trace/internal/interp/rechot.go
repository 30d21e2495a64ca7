package interp

import (
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// Hot blocks. Most of a recorded run's time goes to interpreting the naive
// form one instruction at a time (recRun), not to writing the trace. A block
// whose every instruction is a load or store of a value that is not an
// aggregate (ins.sc or ins.fl), an integer operation or comparison on words,
// a field or element address, an If or a Jump (no φ) is a hot block:
// recBlocks runs it from a copy of its instructions in a few bytes each
// (hop), each case computing its value, register and definition, the
// dependences written by code in the loop itself (a function there would not
// be inlined), and goes on to the next hot block without returning to
// execRec. The hot prefix of another block (its instructions before a call,
// say) runs the same way before execRec takes the rest. A hot block that
// would reach the step limit, lack room in the columns, dereference nil,
// index out of range or load or store a native or aggregate value (which are
// copied) is left to execRec from the instruction where it stopped, which
// records the rest. Scalar loads and stores, word operations and Ifs
// whose operands are all defined earlier in the block (or are the entry
// block's variables) have opcodes of their own (see implied) that neither
// test nor write the dependences on those operands: recBlocks' segments hold
// whole blocks, so they are always implied.

// hop is an instruction of a hot block.
type hop struct {
	op     opcode
	sub    opcode // hWordI's operation
	kd     Kind   // result kind of a word operation (ins.rk)
	rops   uint8  // see ins.rops
	a0, a1 int32
	dst    int32
	n      int32    // a FieldAddr's field
	sdmin  StaticID // see ins.sdmin
	sdyn   int32    // see ins.sdyn
	succ   [2]int32
}

// hotBlock is a hot block's instructions, or those of the hot prefix of
// a block (the instructions before its first that is not hot, of two
// instructions or more, in a block without φ); refs is the number of its
// instructions that may record a pointer.
type hotBlock struct {
	// hops are the block's instructions with the dependences that are
	// implied when a segment holds the whole block (sdmin >= 0: every
	// segment recBlocks writes does, unless RunOptions.noStaticDeps
	// offsets static IDs) decided once: such instructions get an opcode
	// of their own (hLdI, hStI, hWordI, hIfI) that writes no dependence on
	// register operands and tests nothing about them. gen are the same
	// instructions with their own opcodes, for runs that store every
	// dependence (Trace.sdOff != 0).
	hops, gen []hop
	refs      int
	sid0      StaticID // the first instruction's
	// cdep is the block the block is control dependent on if it is one
	// (see ctrlFor), -1 if none, -2 if several.
	cdep int32
}

// hotForm returns c's hot blocks (nil for the others), building them on
// first use.
func (c *fnCode) hotForm() []*hotBlock {
	c.hotOnce.Do(func() {
		c.hot = make([]*hotBlock, len(c.blocks))
		for bi := range c.blocks {
			bc := &c.blocks[bi]
			if bc.nphi > 0 {
				continue
			}
			hb := &hotBlock{}
			for i := range min(len(bc.instrs), segCap) {
				in := &bc.instrs[i]
				if !hotIns(c, in) {
					break // a hot prefix: execRec goes on from in
				}
				h := hop{op: in.op, kd: in.rk, a0: in.a0, a1: in.a1, dst: in.dst, n: in.n, sdmin: in.sdmin, sdyn: in.sdyn, succ: in.succ, rops: in.rops}
				switch in.op {
				case opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI:
					h.sub, h.op = in.op, hWord
				case opIf:
					h.kd = KindBool
				case opFieldAddr, opIndexAddr:
					hb.refs++
				case opLoad, opStore:
					if !in.sc { // a flat value (ins.fl)
						h.op = hLoadP
						if in.op == opStore {
							h.op = hStoreP
						}
						hb.refs++
					}
				}
				hb.gen = append(hb.gen, h)
				hb.hops = append(hb.hops, implied(h, in))
			}
			if len(hb.hops) >= 2 {
				hb.sid0 = bc.instrs[0].sid
				switch cd := c.cdeps[bi]; len(cd) {
				case 0:
					hb.cdep = -1
				case 1:
					hb.cdep = cd[0]
				default:
					hb.cdep = -2
				}
				c.hot[bi] = hb
			}
		}
	})
	return c.hot
}

// implied returns hop h of instruction in with the opcode that leaves the
// dependences on its register operands implied, if it has one: in has
// operands defined earlier in its block or by Allocs of the entry block
// (sdmin >= 0) and no other operand with a defining event (sdyn < 0).
func implied(h hop, in *ins) hop {
	if in.sdmin < 0 {
		return h
	}
	switch h.op {
	case opLoad: // the loaded value's store is a dependence still
		h.op = hLdI
	case opStore:
		if in.sdyn < 0 {
			h.op = hStI
		}
	case hWord:
		if in.sdyn < 0 {
			h.op = hWordI
		}
	case opIf:
		if in.sdyn < 0 {
			h.op = hIfI
		}
	}
	return h
}

// hotIns reports whether instruction in can be in a hot block.
func hotIns(c *fnCode, in *ins) bool {
	if !recSimple(c, in) {
		return false
	}
	switch in.op {
	case opLoad, opStore:
		return in.sc || in.fl
	case opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI, opFieldAddr, opIndexAddr, opIf, opJump:
		return true
	}
	return false
}

// hLoadP and hStoreP are a hop's Load and Store of a flat value (ins.fl),
// whose pointer is recorded too.
const (
	hLoadP opcode = 240 + iota
	hStoreP
	// hWord is an operation on words (hop.sub: opAddW ... opGeqI).
	hWord
	// Implied (see hotBlock.hops and implied): a Load of a scalar, a
	// Store of one, an operation on words (its operation in hop.sub) and
	// an If, whose dependences on register operands are implied.
	hLdI
	hStI
	hWordI
	hIfI
)

// recBlocks runs and records hot blocks of fr from block b (entered from
// prev), as execRec would, until a block that is not hot, or that it
// leaves to execRec; it returns that block, the block it was entered
// from, and the instruction of it to go on from (-1: the block is to be
// entered, its occurrence and control parent not set yet).
func (r *run) recBlocks(fr *frame, b, prev int) (int, int, int) {
	t := &r.tr.ev
	hot := fr.c.hotForm()
	rp := unsafe.Pointer(unsafe.SliceData(fr.regs))
	dp := unsafe.Pointer(unsafe.SliceData(fr.defs))
	for {
		hb := hot[b]
		if hb == nil {
			return b, prev, -1
		}
		hops := hb.hops
		if t.SdOff != 0 {
			hops = hb.gen
		}
		n := len(hops)
		wc, mc, dc, rc := &t.Words, &t.Meta, &t.Units, &t.Refs
		wi, mi, di, ri := wc.N-wc.Base, mc.N-mc.Base, dc.N-dc.Base, rc.N-rc.Base
		if r.steps+int64(n) >= r.limit || wi+n > len(wc.Tail) || mi+n > len(mc.Tail) || di+6*n > len(dc.Tail) ||
			ri+hb.refs > len(rc.Tail) {
			return b, prev, -1
		}
		occ := fr.occ[b]
		fr.occ[b] = occ + 1
		ctrl := fr.callEv // ctrlFor
		switch cd := hb.cdep; {
		case cd >= 0:
			if x := fr.lastIf[cd]; x > ctrl {
				ctrl = x
			}
		case cd < -1:
			ctrl = r.ctrlFor(fr, b)
		}
		fr.ctrl = ctrl
		e := EventID(t.N)
		s0 := hb.sid0
		if s0+1 != t.NextSid1 || occ != t.CurOcc || fr.idx != t.CurFrame || ctrl != t.CurCtrl || e-t.SegFirst >= segCap {
			if sc := &t.Segs; len(t.SegIdx)<<8 > int(e) && fr.idx == t.CurFrame && sc.N-sc.Base < len(sc.Tail) {
				// newSeg, when its index and frame stay as they are.
				g := &sc.Tail[sc.N-sc.Base]
				g.First, g.Sid0, g.Occ, g.Frame, g.Ctrl, g.Dep, g.Ref = e, s0, occ, fr.idx, ctrl, int32(dc.N), int32(rc.N)
				sc.N++
				t.NextSid1, t.CurOcc, t.CurCtrl, t.SegFirst, t.CurSid0 = s0+1, occ, ctrl, e, s0+t.SdOff
			} else {
				t.NewSeg(e, s0, fr.idx, occ, ctrl)
			}
		}
		first, sid0 := t.CurFirst, t.CurSid0
		ws := unsafe.Pointer(&wc.Tail[wi])
		ms := unsafe.Pointer(&mc.Tail[mi])
		u := dc.Tail[di : di+6*n : di+6*n]
		refs := unsafe.Pointer(unsafe.SliceData(rc.Tail[ri:]))
		j, nr := 0, 0
		k := 0
		for ; k < n; k++ {
			h := &hops[k]
			var x uint64
			var kd Kind
			f := uint16(0)
			j0 := j
			switch h.op {
			case hLdI:
				p := rg(rp, h.a0).p
				if p == nil {
					goto stop
				}
				c := (*cell)(p)
				x, kd = c.v.n, c.v.k
				f = uint16(sdepFlag)
				if d := c.st; d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
				dr := rg(rp, h.dst)
				dr.n, dr.k = x, kd
				*evAt(dp, h.dst) = e
				*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = x
				*u16At(ms, k) = uint16(kd) | f | uint16(j-j0)<<8
				e++
				continue
			case hWordI, hWord:
				// wordOp, whose call would cost the loop.
				a, y := rg(rp, h.a0).n, rg(rp, h.a1).n
				switch h.sub {
				case opAddW:
					x = addW(a, y)
				case opSubW:
					x = subW(a, y)
				case opMulW:
					x = mulW(a, y)
				case opEqlW:
					x = boolWord(eqlW(a, y))
				case opNeqW:
					x = boolWord(neqW(a, y))
				case opLssI:
					x = boolWord(lssI(a, y))
				case opLeqI:
					x = boolWord(leqI(a, y))
				case opGtrI:
					x = boolWord(gtrI(a, y))
				case opGeqI:
					x = boolWord(geqI(a, y))
				}
				kd = h.kd
				dr := rg(rp, h.dst)
				dr.n, dr.k = x, kd
				*evAt(dp, h.dst) = e
				if h.op == hWordI { // no dependence to store
					*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = x
					*u16At(ms, k) = uint16(kd) | uint16(sdepFlag)
					e++
					continue
				}
			case hStI:
				p := rg(rp, h.a0).p
				if p == nil {
					goto stop
				}
				src := rg(rp, h.a1)
				x, kd = src.n, src.k
				storeWord((*cell)(p), src, e)
				f = uint16(sdepFlag)
				*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = x
				*u16At(ms, k) = uint16(kd) | f | uint16(j-j0)<<8
				e++
				continue
			case hIfI:
				x = boolWord(rg(rp, h.a0).n != 0)
				*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = x
				*u16At(ms, k) = uint16(KindBool) | uint16(sdepFlag)
				r.steps += int64(n)
				t.Commit(k+1, j, nr, s0)
				fr.lastIf[b] = e
				prev, b = b, int(h.succ[1-x])
				goto next
			case opLoad:
				p := rg(rp, h.a0).p
				if p == nil { // execRec panics there
					goto stop
				}
				c := (*cell)(p)
				x, kd = c.v.n, c.v.k
				if h.sdmin >= sid0 { // the address is defined in the block
					f = uint16(sdepFlag)
				} else if d := *evAt(dp, h.a0); d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
				if d := c.st; d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
				dr := rg(rp, h.dst)
				dr.n, dr.k = x, kd
				*evAt(dp, h.dst) = e
				goto write
			case hLoadP: // a flat value: its pointer too, unless it is copied
				p := rg(rp, h.a0).p
				if p == nil {
					goto stop
				}
				c := (*cell)(p)
				v := c.v
				if copied(v.k) {
					goto stop // see copyVal: execRec loads it
				}
				x, kd = v.n, v.k
				if v.p != nil {
					nr, kd = putRef(refs, nr, v.p), kd|refFlag
				}
				*rg(rp, h.dst) = v
				if h.sdmin >= sid0 {
					f = uint16(sdepFlag)
				} else if d := *evAt(dp, h.a0); d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
				if d := c.st; d >= 0 {
					j = store.PutDep(u, j, e, d, first)
				}
				*evAt(dp, h.dst) = e
				goto write
			case hStoreP:
				p := rg(rp, h.a0).p
				if p == nil {
					goto stop
				}
				src := rg(rp, h.a1)
				if copied(src.k) {
					goto stop // see storeInto: execRec stores it
				}
				x, kd = src.n, src.k
				if src.p != nil {
					nr, kd = putRef(refs, nr, src.p), kd|refFlag
				}
				c := (*cell)(p)
				c.st = e
				c.v = *src
			case opIndexAddr: // of a slice or of an array through a pointer (see elemAddr)
				ec := elemCell(*rg(rp, h.a0), r.index(*rg(rp, h.a1)))
				if ec == nil {
					goto stop // execRec panics
				}
				ea := ptrOf(ec)
				nr = putRef(refs, nr, ea)
				*rg(rp, h.dst) = Value{k: KindPointer, p: ea}
				*evAt(dp, h.dst) = e
				kd = KindPointer | refFlag
			case opStore:
				p := rg(rp, h.a0).p
				if p == nil {
					goto stop
				}
				src := rg(rp, h.a1)
				x, kd = src.n, src.k
				storeWord((*cell)(p), src, e)
			case opFieldAddr:
				fc := fieldCell(*rg(rp, h.a0), h.n)
				if fc == nil {
					goto stop
				}
				fa := ptrOf(fc)
				nr = putRef(refs, nr, fa)
				*rg(rp, h.dst) = Value{k: KindPointer, p: fa}
				*evAt(dp, h.dst) = e
				kd = KindPointer | refFlag
			case opJump:
				r.steps += int64(n)
				t.Commit(k, j, nr, s0)
				prev, b = b, int(h.succ[0])
				goto next
			default: // an If
				x, kd = boolWord(rg(rp, h.a0).n != 0), KindBool
			}
			{
				// The dependences on the register operands, as addIns
				// records them.
				if h.sdmin >= sid0 {
					f = uint16(sdepFlag)
					if s := h.sdyn; s >= 0 {
						if d := *evAt(dp, s); d >= 0 {
							j = store.PutDep(u, j, e, d, first)
						} else {
							u[j] = 0
							j++
						}
					}
				} else {
					if h.rops&1 != 0 {
						if d := *evAt(dp, h.a0); d >= 0 {
							j = store.PutDep(u, j, e, d, first)
						}
					}
					if h.rops&2 != 0 {
						if d := *evAt(dp, h.a1); d >= 0 {
							j = store.PutDep(u, j, e, d, first)
						}
					}
				}
			}
		write:
			*(*uint64)(unsafe.Add(ws, uintptr(k)*8)) = x
			*u16At(ms, k) = uint16(kd) | f | uint16(j-j0)<<8
			if h.op == opIf {
				r.steps += int64(n)
				t.Commit(k+1, j, nr, s0)
				fr.lastIf[b] = e
				prev, b = b, int(h.succ[1-x])
				goto next
			}
			e++
		}
		// A hot prefix (k == n), or an instruction about to panic: execRec
		// goes on from instruction k.
	stop:
		r.steps += int64(k)
		t.Commit(k, j, nr, s0)
		return b, prev, k
	next: // the loop's top returns if b is not hot (φs included)
	}
}

// putRef writes pointer p at index nr of the array at refs and returns
// the index after it.
func putRef(refs unsafe.Pointer, nr int, p unsafe.Pointer) int {
	*(*unsafe.Pointer)(unsafe.Add(refs, uintptr(nr)*unsafe.Sizeof(p))) = p
	return nr + 1
}

// evAt returns the EventID at index i of the array at p.
func evAt(p unsafe.Pointer, i int32) *EventID {
	return (*EventID)(unsafe.Add(p, uintptr(i)*4))
}

// u16At returns the uint16 at index i of the array at p.
func u16At(p unsafe.Pointer, i int) *uint16 {
	return (*uint16)(unsafe.Add(p, uintptr(i)*2))
}
