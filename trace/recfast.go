package trace

import "fmt"

// execRec is exec for recorded runs without hooks (r.tr != nil, r.h ==
// nil), the runs every client makes: the same instructions, steps, events
// and panics as exec, with what exec decides per instruction (plain or
// not, hooks or not, trace or not) decided once per run, and the hot
// instructions (integer operations and comparisons, scalar loads and
// stores, field and element addresses, branches) recorded inline, each by
// one call of addIns, without going through def, stmtV and step.
// RunOptions.noRecFast makes recorded runs use exec instead, as the
// oracle of recfast_test.go's differential tests.
func (r *run) execRec(fr *frame, b int) (Value, EventID) {
	prev := -1
	c := fr.c
	regs := fr.regs
	t := r.tr
blocks:
	for {
		bc := &c.blocks[b]
		fr.ctrl = r.ctrlFor(fr, b)
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
			var v Value
			switch in.op {
			case opJump:
				prev, b = b, int(in.succ[0])
				continue blocks
			case opIf:
				cond := regs[in.a0].n != 0
				occ := fr.occ[in.loc]
				fr.occ[in.loc] = occ + 1
				fr.lastIf[b] = t.addIns(fr, in, occ, Bool(cond), NoEvent)
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
				occ := fr.occ[in.loc]
				fr.occ[in.loc] = occ + 1
				e := t.addIns(fr, in, occ, res, NoEvent)
				fr.retEv = e
				t.frames.ptr(int(fr.idx)).ret = e
				return res, e
			case opLoad:
				x := regs[in.a0]
				if x.p == nil {
					r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
				}
				c := (*cell)(x.p)
				v := c.v
				occ := fr.occ[in.loc]
				fr.occ[in.loc] = occ + 1
				if !v.isAgg() {
					if in.sc {
						setWord(&regs[in.dst], v.n, v.k)
					} else {
						regs[in.dst] = v
					}
					fr.defs[in.dst] = t.addIns(fr, in, occ, v, c.st)
					continue
				}
				v = copyVal(v)
				regs[in.dst] = v
				e := t.addIns(fr, in, occ, v, NoEvent)
				fr.defs[in.dst] = e
				r.memDeps(c, e)
				continue
			case opStore:
				x := regs[in.a0]
				if x.p == nil {
					r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
				}
				v := regs[in.a1]
				occ := fr.occ[in.loc]
				fr.occ[in.loc] = occ + 1
				e := t.addIns(fr, in, occ, v, NoEvent)
				if c := (*cell)(x.p); in.sc && v.p == nil {
					c.st = e
					setWord(&c.v, v.n, v.k)
				} else if v.k != KindStruct && v.k != KindArray && v.k != KindNative {
					c.st, c.v = e, v // what storeInto does for these kinds
				} else {
					storeInto(c, v, e)
				}
				continue
			case opFieldAddr:
				x := regs[in.a0]
				if x.p == nil {
					r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
				}
				v = Value{k: KindPointer, p: ptrOf(&(*cell)(x.p).v.cells()[in.n])}
			case opBinOp:
				v = r.binop(fr, in, regs[in.a0], regs[in.a1])
			case opAddW:
				v = Value{n: regs[in.a0].n + regs[in.a1].n, k: in.rk}
			case opSubW:
				v = Value{n: regs[in.a0].n - regs[in.a1].n, k: in.rk}
			case opMulW:
				v = Value{n: regs[in.a0].n * regs[in.a1].n, k: in.rk}
			case opEqlW:
				v = Bool(regs[in.a0].n == regs[in.a1].n)
			case opNeqW:
				v = Bool(regs[in.a0].n != regs[in.a1].n)
			case opLssI:
				v = Bool(int64(regs[in.a0].n) < int64(regs[in.a1].n))
			case opLeqI:
				v = Bool(int64(regs[in.a0].n) <= int64(regs[in.a1].n))
			case opGtrI:
				v = Bool(int64(regs[in.a0].n) > int64(regs[in.a1].n))
			case opGeqI:
				v = Bool(int64(regs[in.a0].n) >= int64(regs[in.a1].n))
			case opPanic:
				fr.at = in
				e, _ := r.stmt(fr, in, regs[in.a[0]])
				r.throw(fr, in, regs[in.a[0]], e)
			default:
				r.step(fr, in)
				continue
			}
			// A value-defining instruction: what defRec does without hooks.
			occ := fr.occ[in.loc]
			fr.occ[in.loc] = occ + 1
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
