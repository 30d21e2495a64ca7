package interp

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

type fopcode uint8

const (
	fNaive      fopcode = iota // run in through step (the last instruction of the fop)
	fMov                       // regs[d] = regs[x]
	fMovs                      // regs[moves[i]] = regs[moves[i+1]] for each pair, in order (consecutive fMovs)
	fZero                      // regs[d] = z (a variable's Alloc)
	fAdd                       // regs[d] = regs[x] + regs[y] (64-bit words, kind rk)
	fSub                       // -
	fMul                       // *
	fEq                        // regs[d] = Bool(x == y) on words
	fNe                        // !=
	fLt                        // < on signed words
	fLe                        // <=
	fGt                        // >
	fGe                        // >=
	fLdField                   // regs[d] = field n of *regs[x] (guard: non-nil)
	fStField                   // field n of *regs[x] = regs[y] (guard: non-nil)
	fDeferStack                // regs[d] = this frame's defer stack (ssa:deferstack())
	fCall                      // a static or dynamic call (see callPlain)
	fLen                       // regs[d] = len(regs[x]) for a slice or string (else as a call)
	fIdxLoad                   // regs[d] = regs[x][regs[y]] for a slice (guard: in range)
	fIdxStore                  // regs[x][regs[y]] = regs[n] for a slice (guard: in range)
	fAllocStore                // regs[d] = a new variable holding regs[y] (Alloc, then Store into it; guard: allocation budget)
	fCopyAgg                   // *regs[y] = *regs[x] for aggregates, in place (Load, then Store; guard: non-nil, same shape, no partial overlap)
	fIntBin                    // regs[d] = intBin(regs[x], regs[y]) for other integer operations (guard: no division by zero, no negative shift; see intBin)
	fConvInt                   // regs[d] = regs[x] converted between integer types
	fLocal                     // regs[d] = this frame's cell n of a local aggregate, reset to zero (an Alloc; guard: allocation budget)
	fLocalStore                // regs[d] = this frame's cell n holding regs[y] (Alloc, then Store into it; guard: allocation budget)
	fLoad                      // regs[d] = *regs[x] (copied if an aggregate; guard: non-nil)
	fStore                     // *regs[x] = regs[y] (guard: non-nil)
	fFieldAddr                 // regs[d] = &regs[x].n (guard: non-nil)
	fLoadRef                   // regs[d] = *regs[x], not copied: a local aggregate's value passed to a callee that copies it (see loadForSpill; guard: non-nil)
	// Terminators.
	fJump
	fJumpIf // jump to a block that only branches (no φs, one fop: next), and take that branch too
	fIf     // if regs[x] != 0
	fIfEq   // if x == y (words)
	fIfNe
	fIfLt // signed
	fIfLe
	fIfGt
	fIfGe
	fRet0 // return nothing
	fRet1 // return regs[x]
	fTerm // another terminator (several results, panic): run in as exec does
)

// fop is one fast operation: it covers the k naive instructions mops[j:j+k]
// of its block.
type fop struct {
	op      fopcode
	tail    bool // the operation performs its last instruction itself (naive ones, terminators): see slowFop
	w       bool // fMov, fZero, fLdField, fIdxLoad: regs[d] holds a scalar (see scalarType), written without its pointer word
	rk      Kind
	k, j    int32
	d, x, y int32
	n       int32
	succ    [2]int32
	z       Value
	in      *ins    // the last instruction
	bin     *ins    // fIntBin's BinOp, fConvInt's Convert
	moves   []int32 // fMovs' pairs
	next    *fop    // fJumpIf's branch
	mask    uint8   // a branch's outcomes (see branchMask) when a fJumpIf takes it
}

// mop is one naive instruction of a block in the fast form: how it runs
// alone (in slowFop).
type mop struct {
	kind mopKind
	v    int32 // the variable's register (mVarZero, mVarLoad, mVarStore)
	in   *ins
}

type mopKind uint8

const (
	mNaive    mopKind = iota // as in exec
	mVarZero                 // Alloc of a variable held in a register
	mVarLoad                 // regs[in.dst] = regs[v]
	mVarStore                // regs[v] = regs[in.a1]
	mLocal                   // Alloc of a local aggregate held in the frame's cell v (see escapes.local)
)

type fastBlock struct {
	fops []fop
	mops []mop // the block's instructions after its φs
	nphi int   // the block's φs (blockCode.nphi)
}

type fastCode struct {
	blocks []fastBlock
	nlocal int // local aggregates (mLocal): frame.locals
}

// fastCode returns c's fast form, building it on first use.
func (c *fnCode) fastForm() *fastCode {
	c.fastOnce.Do(func() { c.fast = buildFast(c) })
	return c.fast
}

// uses returns the number of instructions that use v (debug references
// aside).
func uses(v ssa.Value) int {
	refs := v.Referrers()
	if refs == nil {
		return 0
	}
	n := 0
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			n++
		}
	}
	return n
}

// singleUse reports whether the register defined by in is read by one
// instruction only.
func singleUse(in *ins) bool {
	v, ok := in.instr.(ssa.Value)
	return ok && in.dst >= 0 && uses(v) == 1
}

func buildFast(c *fnCode) *fastCode {
	// The variables held in registers: Allocs with a slab cell whose
	// register (the variable's address) is only loaded and stored.
	varOf := map[int32]int32{} // address register -> variable register
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			in := &c.blocks[bi].instrs[ii]
			if in.op == opAlloc && in.n >= 0 && c.varReg[in.n] >= 0 {
				varOf[in.dst] = c.varReg[in.n]
			}
		}
	}
	// The local aggregates.
	local := map[*ins]int32{}
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			in := &c.blocks[bi].instrs[ii]
			if a, ok := in.instr.(*ssa.Alloc); ok && in.op == opAlloc && in.n == -1 &&
				in.z.isAgg() && !hasNative(in.z) && (&escapes{}).local(a, false) {
				local[in] = int32(len(local))
			}
		}
	}
	fc := &fastCode{blocks: make([]fastBlock, len(c.blocks)), nlocal: len(local)}
	localRegs := map[int32]bool{} // the addresses of local aggregates
	for in := range local {
		localRegs[in.dst] = true
	}
	for bi := range c.blocks {
		bc := &c.blocks[bi]
		fb := &fc.blocks[bi]
		for ii := bc.nphi; ii < len(bc.instrs); ii++ {
			in := &bc.instrs[ii]
			m := mop{in: in}
			switch in.op {
			case opAlloc:
				if v, ok := varOf[in.dst]; ok {
					m.kind, m.v = mVarZero, v
				} else if v, ok := local[in]; ok {
					m.kind, m.v = mLocal, v
				}
			case opLoad:
				if v, ok := varOf[in.a0]; ok {
					m.kind, m.v = mVarLoad, v
				}
			case opStore:
				if v, ok := varOf[in.a0]; ok {
					m.kind, m.v = mVarStore, v
				}
			}
			fb.mops = append(fb.mops, m)
		}
		fb.fops = fuse(c, fb.mops, localRegs)
		fb.nphi = bc.nphi
	}
	// A jump to a block that only branches (a loop's condition) branches
	// too, in the same operation.
	for bi := range fc.blocks {
		fops := fc.blocks[bi].fops
		f := &fops[len(fops)-1]
		if f.op != fJump {
			continue
		}
		t := int(f.succ[0])
		if tf := fc.blocks[t].fops; c.blocks[t].nphi == 0 && len(tf) == 1 && tf[0].op >= fIf && tf[0].op <= fIfGe {
			f.op, f.next = fJumpIf, &tf[0]
			tf[0].mask = branchMask(tf[0].op)
		}
	}
	return fc
}

var binFops = map[opcode][2]fopcode{
	opAddW: {fAdd, 0}, opSubW: {fSub, 0}, opMulW: {fMul, 0},
	opEqlW: {fEq, fIfEq}, opNeqW: {fNe, fIfNe},
	opLssI: {fLt, fIfLt}, opLeqI: {fLe, fIfLe}, opGtrI: {fGt, fIfGt}, opGeqI: {fGe, fIfGe},
}

// fuse turns a block's instructions into fops.
func fuse(c *fnCode, ms []mop, localRegs map[int32]bool) []fop {
	var out []fop
	start := 0 // first instruction not covered yet
	emit := func(f fop, end int) {
		f.j, f.k = int32(start), int32(end-start)
		f.in = ms[end-1].in
		out = append(out, f)
		start = end
	}
	// pending: consecutive variable Loads ending right before i whose
	// result register may be left unwritten if the instruction at i reads
	// the variable instead.
	var pending []int
	flush := func(keep int) { // emits all pending Loads but the last keep
		for _, p := range pending[:len(pending)-keep] {
			emit(fop{op: fMov, d: ms[p].in.dst, x: ms[p].v, w: scalarIns(ms[p].in)}, p+1)
		}
		pending = pending[len(pending)-keep:]
	}
	// operand resolves register s read at i: a pending Load's variable if
	// the Load is the only reader; ok is false if s is read from a pending
	// Load that has other readers.
	operand := func(s int32) int32 {
		for _, p := range pending {
			if ms[p].in.dst == s {
				return ms[p].v
			}
		}
		return s
	}
	// fusable reports whether the pending Loads from the k-th last on are
	// all read by the instruction at i only, through its operands ops.
	fusable := func(from int, ops ...int32) bool {
		for _, p := range pending[from:] {
			if !singleUse(ms[p].in) {
				return false
			}
			found := false
			for _, s := range ops {
				if s == ms[p].in.dst {
					found = true
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	// take fuses the longest suffix of pending Loads read only by ops,
	// flushing the others.
	take := func(ops ...int32) {
		for from := 0; from <= len(pending); from++ {
			if fusable(from, ops...) {
				flush(len(pending) - from)
				return
			}
		}
	}
	for i := 0; i < len(ms); i++ {
		m := &ms[i]
		in := m.in
		switch {
		case m.kind == mVarLoad:
			// A Load after a pending Load of the same variable is fine:
			// only Stores change variables.
			pending = append(pending, i)
			continue
		case m.kind == mVarZero:
			flush(0)
			// Alloc then Store into the variable: the zero is never seen.
			if i+1 < len(ms) && ms[i+1].kind == mVarStore && ms[i+1].v == m.v && ms[i+1].in.a1 != in.dst {
				i++
				emit(fop{op: fMov, d: m.v, x: ms[i].in.a1, w: scalarStore(ms[i].in)}, i+1)
			} else {
				emit(fop{op: fZero, d: m.v, z: in.z, w: scalarKind(in.z.k)}, i+1)
			}
		case m.kind == mVarStore:
			// A pending Load of the stored variable must happen first.
			take(in.a1)
			for _, p := range pending {
				if ms[p].v == m.v && ms[p].in.dst != in.a1 {
					flush(0)
					break
				}
			}
			emit(fop{op: fMov, d: m.v, x: operand(in.a1), w: scalarStore(in)}, i+1)
			pending = pending[:0]
		case binFops[in.op][0] != 0:
			ops := binFops[in.op]
			take(in.a0, in.a1)
			f := fop{op: ops[0], d: in.dst, x: operand(in.a0), y: operand(in.a1), rk: in.rk}
			pending = pending[:0]
			end := i + 1
			if singleUse(in) && i+1 < len(ms) {
				next := &ms[i+1]
				switch {
				case next.kind == mVarStore && next.in.a1 == in.dst:
					f.d = next.v // the result goes to the variable only
					end = i + 2
				case next.in.op == opIf && next.in.a0 == in.dst && ops[1] != 0:
					f.op, f.tail = ops[1], true
					f.succ = next.in.succ
					end = i + 2
				}
			}
			emit(f, end)
			i = end - 1
		case in.op == opBinOp && (in.cls == clsInt || in.cls == clsUint) || in.op == opConvert && intConv(in):
			f := fop{op: fIntBin, bin: in, d: in.dst}
			if in.op == opConvert {
				take(in.a0)
				f.op, f.x = fConvInt, operand(in.a0)
			} else {
				take(in.a0, in.a1)
				f.x, f.y = operand(in.a0), operand(in.a1)
			}
			pending = pending[:0]
			end := i + 1
			if singleUse(in) && i+1 < len(ms) && ms[i+1].kind == mVarStore && ms[i+1].in.a1 == in.dst {
				f.d = ms[i+1].v // the result goes to the variable only
				end = i + 2
			}
			emit(f, end)
			i = end - 1
		case in.op == opIf:
			take(in.a0)
			emit(fop{op: fIf, tail: true, x: operand(in.a0), succ: in.succ}, i+1)
			pending = pending[:0]
		case in.op == opJump:
			flush(0)
			emit(fop{op: fJump, tail: true, succ: in.succ}, i+1)
		case in.op == opReturn && len(in.a) <= 1:
			f := fop{op: fRet0, tail: true}
			if len(in.a) == 1 {
				take(in.a[0])
				f.op, f.x = fRet1, operand(in.a[0])
			} else {
				flush(0)
			}
			emit(f, i+1)
			pending = pending[:0]
		case in.op == opReturn || in.op == opPanic:
			flush(0)
			emit(fop{op: fTerm, tail: true}, i+1)
		case in.op == opFieldAddr && singleUse(in) && i+1 < len(ms) &&
			ms[i+1].kind == mNaive && (ms[i+1].in.op == opLoad && ms[i+1].in.a0 == in.dst ||
			ms[i+1].in.op == opStore && ms[i+1].in.a0 == in.dst && ms[i+1].in.a1 != in.dst):
			take(in.a0)
			next := ms[i+1].in
			f := fop{op: fLdField, d: next.dst, x: operand(in.a0), n: in.n, w: scalarIns(next)}
			if next.op == opStore {
				f.op, f.d, f.y = fStField, -1, next.a1
			}
			pending = pending[:0]
			emit(f, i+2)
			i++
		case m.kind == mLocal:
			flush(0)
			if i+1 < len(ms) && ms[i+1].kind == mNaive && ms[i+1].in.op == opStore && ms[i+1].in.a0 == in.dst && ms[i+1].in.a1 != in.dst {
				emit(fop{op: fLocalStore, d: in.dst, y: ms[i+1].in.a1, z: in.z, n: m.v}, i+2)
				i++
			} else {
				emit(fop{op: fLocal, d: in.dst, z: in.z, n: m.v}, i+1)
			}
		case m.kind == mNaive && in.op == opAlloc && in.n == -1 && i+1 < len(ms) && ms[i+1].kind == mNaive &&
			ms[i+1].in.op == opStore && ms[i+1].in.a0 == in.dst && ms[i+1].in.a1 != in.dst:
			// The zero value is never seen: the variable starts as a copy
			// of what is stored.
			flush(0)
			emit(fop{op: fAllocStore, d: in.dst, y: ms[i+1].in.a1, z: in.z}, i+2)
			i++
		case m.kind == mNaive && in.op == opLoad && isAggType(in) && localRegs[in.a0] && loadForSpill(ms, i):
			flush(0)
			emit(fop{op: fLoadRef, d: in.dst, x: in.a0}, i+1)
		case in.op == opLoad && isAggType(in) && singleUse(in) && i+1 < len(ms) && ms[i+1].kind == mNaive &&
			ms[i+1].in.op == opStore && ms[i+1].in.a1 == in.dst && ms[i+1].in.a0 != in.dst:
			// The copy the Load makes is only stored: store in place.
			take(in.a0, ms[i+1].in.a0)
			f := fop{op: fCopyAgg, x: operand(in.a0), y: operand(ms[i+1].in.a0)}
			pending = pending[:0]
			emit(f, i+2)
			i++
		case in.op == opCall && isDeferStack(in):
			flush(0)
			if singleUse(in) && i+2 < len(ms) && ms[i+1].kind == mVarZero &&
				ms[i+2].kind == mVarStore && ms[i+2].v == ms[i+1].v && ms[i+2].in.a1 == in.dst {
				// t = ssa:deferstack(); v = local; *v = t (every
				// function's prologue in the naive form)
				if c.defers {
					emit(fop{op: fDeferStack, d: ms[i+1].v}, i+3)
				}
				// Else only Defers would read v: the three
				// instructions join the next fop.
				i += 2
			} else {
				emit(fop{op: fDeferStack, d: in.dst}, i+1)
			}
		case in.op == opCall && isLen(in):
			// Not fused with a Load: its fallback, call, reads in's operand.
			flush(0)
			emit(fop{op: fLen, tail: true, d: in.dst, x: in.a1}, i+1)
		case in.op == opIndexAddr && singleUse(in) && i+1 < len(ms) &&
			ms[i+1].kind == mNaive && (ms[i+1].in.op == opLoad && ms[i+1].in.a0 == in.dst ||
			ms[i+1].in.op == opStore && ms[i+1].in.a0 == in.dst && ms[i+1].in.a1 != in.dst):
			take(in.a0, in.a1)
			next := ms[i+1].in
			f := fop{op: fIdxLoad, d: next.dst, x: operand(in.a0), y: operand(in.a1), w: scalarIns(next)}
			if next.op == opStore {
				f.op, f.d, f.n = fIdxStore, -1, next.a1
			}
			pending = pending[:0]
			emit(f, i+2)
			i++
		case in.op == opCall && (in.x.(*callInfo).kind == callStatic || in.x.(*callInfo).kind == callDynamic):
			flush(0)
			emit(fop{op: fCall, tail: true}, i+1)
		case in.op == opRunDefers && !c.defers:
			// Nothing to run: the instruction joins the next fop.
			flush(0)
		case m.kind == mNaive && in.op == opLoad:
			take(in.a0)
			f := fop{op: fLoad, d: in.dst, x: operand(in.a0), w: scalarIns(in)}
			pending = pending[:0]
			emit(f, i+1)
		case m.kind == mNaive && in.op == opStore && in.a0 != in.a1:
			take(in.a0, in.a1)
			f := fop{op: fStore, x: operand(in.a0), y: operand(in.a1)}
			pending = pending[:0]
			emit(f, i+1)
		case m.kind == mNaive && in.op == opFieldAddr:
			take(in.a0)
			f := fop{op: fFieldAddr, d: in.dst, x: operand(in.a0), n: in.n}
			pending = pending[:0]
			emit(f, i+1)
		default:
			flush(0)
			emit(fop{op: fNaive, tail: true}, i+1)
		}
	}
	if start != len(ms) || len(pending) > 0 {
		panic("fast form: block does not end with a terminator")
	}
	// Consecutive moves are one operation (a function's prologue spills
	// its parameters into variables).
	merged := out[:0]
	for _, f := range out {
		if n := len(merged); n > 0 && f.op == fMov && (merged[n-1].op == fMov || merged[n-1].op == fMovs) {
			last := &merged[n-1]
			if last.op == fMov {
				last.op, last.moves = fMovs, []int32{last.d, last.x}
			}
			last.w = last.w && f.w
			last.moves = append(last.moves, f.d, f.x)
			last.k += f.k
			last.in = f.in
			continue
		}
		merged = append(merged, f)
	}
	return merged
}

// scalarType reports whether values of type t are held in a Value's word
// alone (booleans, integers, floats): the pointer word of a register of
// such a type is always nil, so the fast form writes the word and the kind
// only, without the garbage collector's write barrier.
func scalarType(t types.Type) bool {
	if isNativeType(t) {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() != types.UnsafePointer && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0
}

// scalarIns reports whether in defines a scalar (see scalarType).
func scalarIns(in *ins) bool {
	v, ok := in.instr.(ssa.Value)
	return ok && scalarType(v.Type())
}

// flatType reports whether values of type t are neither scalars (see
// scalarType) nor aggregates (structs, arrays) nor native: pointers,
// slices, strings, maps, channels, functions, interfaces, complex
// numbers. Their values are copied by copying the Value.
func flatType(t types.Type) bool {
	if isNativeType(t) || scalarType(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array, *types.Tuple:
		return false
	}
	return true
}

// flatMem reports whether in is a Load or Store of a value of a flat
// type (see flatType).
func flatMem(in *ins) bool {
	switch in.op {
	case opLoad:
		return flatType(in.instr.(ssa.Value).Type())
	case opStore:
		return flatType(in.instr.(*ssa.Store).Val.Type())
	}
	return false
}

// scalarStore reports whether the Store in stores a scalar.
func scalarStore(in *ins) bool {
	st, ok := in.instr.(*ssa.Store)
	return ok && scalarType(st.Val.Type())
}

// scalarKind reports whether a zero value of kind k is a scalar's.
func scalarKind(k Kind) bool {
	return k == KindBool || k == KindInt || k == KindUint || k == KindFloat
}

// setWord writes a scalar into register r: its word and kind, not its
// pointer word, which is nil in every register of a scalar type (see
// scalarType), so that no write barrier runs.
func setWord(r *Value, n uint64, k Kind) { r.n, r.k = n, k }

// isAggType reports whether in defines a struct or array.
func isAggType(in *ins) bool {
	v, ok := in.instr.(ssa.Value)
	if !ok {
		return false
	}
	switch v.Type().Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// intConv reports whether in converts between integer types.
func intConv(in *ins) bool {
	ci := in.x.(*convInfo)
	return (ci.fcls == clsInt || ci.fcls == clsUint) && (ci.tcls == clsInt || ci.tcls == clsUint) &&
		!ci.toBytes && !ci.toRun && !ci.fromBytes && !ci.fromRunes
}

func isLen(in *ins) bool {
	ci, ok := in.x.(*callInfo)
	return ok && ci.kind == callBuiltin && ci.builtin == "len" && len(in.a) == 2 && in.dst >= 0
}

func isDeferStack(in *ins) bool {
	ci, ok := in.x.(*callInfo)
	return ok && ci.kind == callBuiltin && ci.builtin == "ssa:deferstack" && in.dst >= 0
}

// branchMask gives the outcomes of the comparison (bit 0: less, 1: equal,
// 2: greater) for which the conditional branch op is taken.
func branchMask(op fopcode) uint8 {
	switch op {
	case fIf, fIfNe:
		return 0b101
	case fIfEq:
		return 0b010
	case fIfLt:
		return 0b001
	case fIfLe:
		return 0b011
	case fIfGt:
		return 0b100
	case fIfGe:
		return 0b110
	}
	panic("fast form: not a branch")
}
