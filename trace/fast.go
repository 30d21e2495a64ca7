package trace

import (
	"go/token"
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

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
	fIntBin                    // regs[d] = binop(regs[x], regs[y]) for other integer operations (guard: no division by zero, no negative shift; see intBin)
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
			if a, ok := in.instr.(*ssa.Alloc); ok && in.op == opAlloc && in.n < 0 &&
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
		case m.kind == mNaive && in.op == opAlloc && in.n < 0 && i+1 < len(ms) && ms[i+1].kind == mNaive &&
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

// escapes decides whether an address escapes (see local).
type escapes struct {
	params map[*ssa.Parameter]bool // decided, or being decided (false)
}

// local reports whether the address a (an Alloc's, or a field or element
// address derived from it) is only loaded from, stored into, taken apart
// into addresses of which the same holds, or passed to a statically
// called function with a body whose parameter does not escape (see
// param). inCallee tells whether a lives in a callee's frame, which
// returns before the Alloc can run again: there it may also be stored
// into a variable of that frame (a scalar variable only loaded and
// stored, like the naive form's spill of a parameter) whose loads do not
// escape. No pointer into the variable is kept anywhere else (in the
// Alloc's frame's variables, other memory, a φ, a closure, a deferred or
// go call, a result).
func (e *escapes) local(a ssa.Value, inCallee bool) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if ref.Val == a {
				v, ok := ref.Addr.(*ssa.Alloc)
				if !inCallee || !ok || ref.Addr == a || !onlyLoadedAndStored(v) {
					return false
				}
				for _, ld := range *v.Referrers() {
					if ld, ok := ld.(*ssa.UnOp); ok && !e.local(ld, true) {
						return false
					}
				}
			}
		case *ssa.FieldAddr:
			if !e.local(ref, inCallee) {
				return false
			}
		case *ssa.IndexAddr:
			if ref.X != a || !e.local(ref, inCallee) {
				return false
			}
		case *ssa.Call:
			callee := ref.Call.StaticCallee()
			if ref.Call.Value == a || callee == nil || callee.Blocks == nil || bridgedSource(callee) || len(callee.Params) != len(ref.Call.Args) {
				return false
			}
			for j, x := range ref.Call.Args {
				if x == a && !e.param(callee.Params[j]) {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// param reports whether an address passed as parameter p does not escape
// its callee (see local). A parameter whose decision is under way (a
// recursive call) counts as escaping.
func (e *escapes) param(p *ssa.Parameter) bool {
	if ok, seen := e.params[p]; seen {
		return ok
	}
	if e.params == nil {
		e.params = map[*ssa.Parameter]bool{}
	}
	e.params[p] = false
	ok := e.local(p, true)
	e.params[p] = ok
	return ok
}

// loadForSpill reports whether the Load ms[i] of a local aggregate (see
// escapes.local) may leave its value uncopied: its only use is an argument of
// a static call, later in the block, of a function with a body whose
// parameter's only use is the naive form's spill (a Store, which copies
// it), and nothing in between can store into the variable (only this
// frame's Stores can: its address does not escape).
func loadForSpill(ms []mop, i int) bool {
	ld, ok := ms[i].in.instr.(*ssa.UnOp)
	if !ok || uses(ld) != 1 {
		return false
	}
	var call *ssa.Call
	for _, ref := range *ld.Referrers() {
		if c, ok := ref.(*ssa.Call); ok {
			call = c
		}
	}
	if call == nil {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || bridgedSource(callee) || len(callee.Params) != len(call.Call.Args) {
		return false
	}
	arg := -1
	for j, a := range call.Call.Args {
		if a == ssa.Value(ld) {
			if arg >= 0 {
				return false
			}
			arg = j
		}
	}
	if arg < 0 {
		return false
	}
	prm := callee.Params[arg]
	if uses(prm) != 1 {
		return false
	}
	for _, ref := range *prm.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && (st.Val != ssa.Value(prm) || st.Addr == ssa.Value(prm)) {
			return false
		} else if !ok {
			if _, dbg := ref.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	for _, m := range ms[i+1:] {
		if m.in.instr == ssa.Instruction(call) {
			return true
		}
		if m.kind != mNaive {
			continue // variables held in registers
		}
		switch m.in.op {
		case opLoad, opFieldAddr, opIndexAddr, opField, opIndex, opCall, opConvert, opChangeType, opUnOp, opExtract,
			opMakeInterface, opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI, opBinOp:
		default:
			return false
		}
	}
	return false
}

// hasNative reports whether v holds a native value in its aggregate parts
// (storeInto copies those into new boxes).
func hasNative(v Value) bool {
	if v.k == KindNative {
		return true
	}
	if v.isAgg() {
		for _, c := range v.cells() {
			if hasNative(c.v) {
				return true
			}
		}
	}
	return false
}

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

// disjoint reports whether the top-level cells of aggregates a and b do
// not overlap. (Nested aggregates have cells of their own: only an array
// made from a slice, see opSliceToArrayPtr, shares another's cells.)
func disjoint(a, b Value) bool {
	sz := uintptr(a.n) * unsafe.Sizeof(cell{})
	pa, pb := uintptr(a.p), uintptr(b.p)
	return pa+sz <= pb || pb+sz <= pa
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
			regs[in.dst] = Value{k: KindPointer, p: ptrOf(c)}
		default:
			in := m.in
			switch {
			case in.op >= opAddW:
				regs[in.dst] = r.binop(fr, in, regs[in.a0], regs[in.a1])
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
				setWord(rg(rp, f.d), rg(rp, f.x).n+rg(rp, f.y).n, f.rk)
			case fSub:
				setWord(rg(rp, f.d), rg(rp, f.x).n-rg(rp, f.y).n, f.rk)
			case fMul:
				setWord(rg(rp, f.d), rg(rp, f.x).n*rg(rp, f.y).n, f.rk)
			case fEq:
				setWord(rg(rp, f.d), boolWord(rg(rp, f.x).n == rg(rp, f.y).n), KindBool)
			case fNe:
				setWord(rg(rp, f.d), boolWord(rg(rp, f.x).n != rg(rp, f.y).n), KindBool)
			case fLt:
				setWord(rg(rp, f.d), boolWord(int64(rg(rp, f.x).n) < int64(rg(rp, f.y).n)), KindBool)
			case fLe:
				setWord(rg(rp, f.d), boolWord(int64(rg(rp, f.x).n) <= int64(rg(rp, f.y).n)), KindBool)
			case fGt:
				setWord(rg(rp, f.d), boolWord(int64(rg(rp, f.x).n) > int64(rg(rp, f.y).n)), KindBool)
			case fGe:
				setWord(rg(rp, f.d), boolWord(int64(rg(rp, f.x).n) >= int64(rg(rp, f.y).n)), KindBool)
			case fLdField:
				p := rg(rp, f.x).p
				if p == nil {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // panics at the instruction that dereferences
					continue
				}
				v := &(*cell)(p).v.cells()[f.n].v
				if f.w {
					setWord(rg(rp, f.d), v.n, v.k)
				} else if v.isAgg() || v.k == KindNative {
					*rg(rp, f.d) = copyVal(*v)
				} else {
					*rg(rp, f.d) = *v
				}
			case fStField:
				p := rg(rp, f.x).p
				if p == nil {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f)
					continue
				}
				c := &(*cell)(p).v.cells()[f.n]
				if v := *rg(rp, f.y); v.k != KindStruct && v.k != KindArray && v.k != KindNative {
					c.st, c.v = NoEvent, v
				} else {
					storeInto(c, v, NoEvent)
				}
			case fAllocStore:
				n := int64(1+f.z.aggLen()) * cellBytes
				if r.alloc+n > r.maxAlloc {
					r.steps -= int64(f.k)
					r.slowFop(fr, fb, f) // the Alloc stops the run
					continue
				}
				r.alloc += n
				c := newCell(*rg(rp, f.y), NoEvent)
				if c.v.isAgg() {
					setStores(c.v.cells(), NoEvent) // as storeInto does
				}
				*rg(rp, f.d) = Value{k: KindPointer, p: ptrOf(c)}
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
				*rg(rp, f.d) = Value{k: KindPointer, p: ptrOf(c)}
			case fLoad:
				if p := rg(rp, f.x).p; p != nil {
					v := &(*cell)(p).v
					if f.w {
						setWord(rg(rp, f.d), v.n, v.k)
					} else if v.isAgg() {
						*rg(rp, f.d) = copyVal(*v)
					} else {
						*rg(rp, f.d) = *v
					}
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // panics
			case fStore:
				if p := rg(rp, f.x).p; p != nil {
					c := (*cell)(p)
					if v := rg(rp, f.y); v.k != KindStruct && v.k != KindArray && v.k != KindNative {
						c.st, c.v = NoEvent, *v
					} else {
						storeInto(c, *v, NoEvent)
					}
					continue
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // panics
			case fFieldAddr:
				if p := rg(rp, f.x).p; p != nil {
					*rg(rp, f.d) = Value{k: KindPointer, p: ptrOf(&(*cell)(p).v.cells()[f.n])}
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
				ci := f.bin.x.(*convInfo)
				k := KindInt
				if ci.tcls == clsUint {
					k = KindUint
				}
				setWord(rg(rp, f.d), ci.tii.norm(rg(rp, f.x).n), k)
			case fDeferStack:
				fr.at = f.in
				*rg(rp, f.d) = Value{k: kindDefers, p: ptrOf(fr)}
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
				if cs := indexable(*rg(rp, f.x)); cs != nil {
					if i := r.index(*rg(rp, f.y)); i >= 0 && i < len(cs) {
						v := &cs[i].v
						if f.w {
							setWord(rg(rp, f.d), v.n, v.k)
						} else if v.isAgg() {
							*rg(rp, f.d) = copyVal(*v)
						} else {
							*rg(rp, f.d) = *v
						}
						continue
					}
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f) // the index panics, or a nil pointer to an array
			case fIdxStore:
				if cs := indexable(*rg(rp, f.x)); cs != nil {
					if i := r.index(*rg(rp, f.y)); i >= 0 && i < len(cs) {
						c := &cs[i]
						if v := *rg(rp, f.n); v.k != KindStruct && v.k != KindArray && v.k != KindNative {
							c.st, c.v = NoEvent, v
						} else {
							storeInto(c, v, NoEvent)
						}
						continue
					}
				}
				r.steps -= int64(f.k)
				r.slowFop(fr, fb, f)
			case fNaive:
				in := f.in
				if in.op >= opAddW {
					regs[in.dst] = r.binop(fr, in, regs[in.a0], regs[in.a1])
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
				prev, b = b, int(f.succ[cond(rg(rp, f.x).n != rg(rp, f.y).n)])
				continue blocks
			case fIfNe:
				prev, b = b, int(f.succ[cond(rg(rp, f.x).n == rg(rp, f.y).n)])
				continue blocks
			case fIfLt:
				prev, b = b, int(f.succ[cond(int64(rg(rp, f.x).n) >= int64(rg(rp, f.y).n))])
				continue blocks
			case fIfLe:
				prev, b = b, int(f.succ[cond(int64(rg(rp, f.x).n) > int64(rg(rp, f.y).n))])
				continue blocks
			case fIfGt:
				prev, b = b, int(f.succ[cond(int64(rg(rp, f.x).n) <= int64(rg(rp, f.y).n))])
				continue blocks
			case fIfGe:
				prev, b = b, int(f.succ[cond(int64(rg(rp, f.x).n) < int64(rg(rp, f.y).n))])
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
					fr.at = in
					e, _ := r.stmt(fr, in, regs[in.a[0]])
					r.throw(fr, in, regs[in.a[0]], e)
				}
				vs := make([]Value, len(in.a))
				for i, s := range in.a {
					vs[i] = regs[s]
				}
				if cov != nil {
					cov.exit(c, b)
				}
				fr.retEv = NoEvent
				return Tuple(vs...), NoEvent
			}
		}
	}
}

// indexable returns the cells that IndexAddr indexes in x, a slice or a
// non-nil pointer to an array, or nil (a nil pointer, which the naive
// form's IndexAddr reports before the index).
func indexable(x Value) []cell {
	if x.k == KindSlice {
		return x.slice()
	}
	if x.p == nil {
		return nil
	}
	return (*cell)(x.p).v.cells()
}

// intBin computes the integer BinOp in on words a and b as binop does,
// with its result's kind; ok is false when binop would panic (a zero
// divisor, a negative shift count).
func intBin(in *ins, a, b uint64) (z uint64, k Kind, ok bool) {
	k = KindInt
	if in.cls == clsUint {
		k = KindUint
	}
	switch in.sub {
	case token.ADD:
		z = a + b
	case token.SUB:
		z = a - b
	case token.MUL:
		z = a * b
	case token.QUO, token.REM:
		if b == 0 {
			return 0, k, false
		}
		switch {
		case k == KindUint && in.sub == token.QUO:
			z = a / b
		case k == KindUint:
			z = a % b
		case int64(b) == -1 && in.sub == token.QUO:
			z = uint64(-int64(a))
		case int64(b) == -1:
			z = 0
		case in.sub == token.QUO:
			z = uint64(int64(a) / int64(b))
		default:
			z = uint64(int64(a) % int64(b))
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
		if sii, _ := in.x.(intInfo); sii.signed && int64(b) < 0 {
			return 0, k, false
		}
		switch {
		case in.sub == token.SHL && b >= 64:
			z = 0
		case in.sub == token.SHL:
			z = a << b
		case k == KindInt:
			z = uint64(int64(a) >> min(b, 63))
		case b >= 64:
			z = 0
		default:
			z = a >> b
		}
	case token.EQL:
		return boolWord(a == b), KindBool, true
	case token.NEQ:
		return boolWord(a != b), KindBool, true
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		lt := a < b
		if k == KindInt {
			lt = int64(a) < int64(b)
		}
		var c bool
		switch in.sub {
		case token.LSS:
			c = lt
		case token.LEQ:
			c = lt || a == b
		case token.GTR:
			c = !lt && a != b
		default:
			c = !lt
		}
		return boolWord(c), KindBool, true
	default:
		return 0, k, false // not an integer operation: binop says so
	}
	return in.ii.norm(z), k, true
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
		panic(budgetStop{depth: true})
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
