package interp

import "go/token"

// What the instructions compute, each defined once. The functions below
// say what an instruction makes of its operands and when it panics;
// every engine (exec and step, execFast, execRec, recRun, recRunEach,
// recBlocks) computes through them, and keeps only what is its own:
// dispatch, step counting, recording, where its values live. They are
// small enough for the compiler to inline, so the engines pay nothing for
// calling them. Where an instruction panics, its function returns nil
// or false instead (a guard): each engine raises the panic its own way,
// exec at once, the faster forms after handing the instruction to a
// slower one that stops on the same step.
//
// The instructions defined elsewhere run in one engine only (step, and
// the helpers of ops.go and builtin.go it calls), or are defined by a
// function here that builds on one of those (binop, convert, storeInto).

// nilDeref is the runtime's message for a dereference of a nil pointer:
// by a Load, a Store, a FieldAddr or an IndexAddr of an array pointer.
const nilDeref = "invalid memory address or nil pointer dereference"

// Word operations: the BinOps that specialise gives opcodes of their own,
// on 64-bit words. Their result's kind is ins.rk (KindBool for the
// comparisons).

// addW is opAddW: a + b on 64-bit integers, wrapping.
func addW(a, b uint64) uint64 { return a + b }

// subW is opSubW: a - b on 64-bit integers, wrapping.
func subW(a, b uint64) uint64 { return a - b }

// mulW is opMulW: a * b on 64-bit integers, wrapping.
func mulW(a, b uint64) uint64 { return a * b }

// eqlW is opEqlW: a == b on integers or booleans of any width.
func eqlW(a, b uint64) bool { return a == b }

// neqW is opNeqW: a != b on integers or booleans of any width.
func neqW(a, b uint64) bool { return a != b }

// lssI is opLssI: a < b on signed integers of any width (sign-extended
// words).
func lssI(a, b uint64) bool { return int64(a) < int64(b) }

// leqI is opLeqI: a <= b on signed integers.
func leqI(a, b uint64) bool { return int64(a) <= int64(b) }

// gtrI is opGtrI: a > b on signed integers.
func gtrI(a, b uint64) bool { return int64(a) > int64(b) }

// geqI is opGeqI: a >= b on signed integers.
func geqI(a, b uint64) bool { return int64(a) >= int64(b) }

// wordOp is word operation op (opAddW ... opGeqI) on words a and b: its
// result's word, 1 or 0 for a comparison.
func wordOp(op opcode, a, b uint64) uint64 {
	switch op {
	case opAddW:
		return addW(a, b)
	case opSubW:
		return subW(a, b)
	case opMulW:
		return mulW(a, b)
	case opEqlW:
		return boolWord(eqlW(a, b))
	case opNeqW:
		return boolWord(neqW(a, b))
	case opLssI:
		return boolWord(lssI(a, b))
	case opLeqI:
		return boolWord(leqI(a, b))
	case opGtrI:
		return boolWord(gtrI(a, b))
	}
	return boolWord(geqI(a, b))
}

// wordVal is the value of word instruction in on operands a and b.
func wordVal(in *ins, a, b Value) Value { return Value{n: wordOp(in.op, a.n, b.n), k: in.rk} }

// intBin is the integer BinOp in (of class clsInt or clsUint) on words a
// and b: its result's word and kind; ok is false where the BinOp panics,
// on a zero divisor ("integer divide by zero") or a negative shift count
// of a signed type ("negative shift amount"), and for an operator that is
// not an integer one. binop raises those panics.
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
		return boolWord(eqlW(a, b)), KindBool, true
	case token.NEQ:
		return boolWord(neqW(a, b)), KindBool, true
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		lt := a < b
		if k == KindInt {
			lt = lssI(a, b)
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
		return 0, k, false
	}
	return in.ii.norm(z), k, true
}

// convInt is a Convert between integer types (see intConv) of word n.
func convInt(ci *convInfo, n uint64) Value {
	k := KindInt
	if ci.tcls == clsUint {
		k = KindUint
	}
	return Value{n: ci.tii.norm(n), k: k}
}

// Memory. A pointer is the address of a cell; a Load, a Store and a
// FieldAddr of a nil pointer panic (nilDeref).

// addrOf is the pointer to cell c.
func addrOf(c *cell) Value { return Value{k: KindPointer, p: ptrOf(c)} }

// loadVal is what a Load reads from cell c: a copy of an aggregate
// (structs and arrays are values), c's value itself otherwise.
func loadVal(c *cell) Value {
	if c.v.isAgg() {
		return copyVal(c.v)
	}
	return c.v
}

// storeVal is a Store of v into cell c by event e: storeInto, by the
// shortest way for v's kind.
func storeVal(c *cell, v Value, e EventID) {
	if copied(v.k) {
		storeInto(c, v, e)
		return
	}
	c.st, c.v = e, v // what storeInto does for these kinds
}

// storeWord is storeVal for a scalar src (see scalarType): its word and
// kind, without the pointer word, nil in the cell already, so that no
// write barrier runs.
func storeWord(c *cell, src *Value, e EventID) {
	n, k := src.n, src.k
	c.st = e
	c.v.n, c.v.k = n, k
}

// storeIns is Store instruction in's write of v into cell c by event e:
// storeWord if in stores a scalar (ins.sc), else storeVal.
func storeIns(in *ins, c *cell, v Value, e EventID) {
	if in.sc && v.p == nil {
		storeWord(c, &v, e)
		return
	}
	storeVal(c, v, e)
}

// copied reports whether values of kind k are copied when loaded or
// stored (see copyVal and storeInto), rather than their Value.
func copied(k Kind) bool { return copiedKinds[k] }

// copiedKinds are the kinds that copied reports, as a table: storeVal
// with three comparisons is over the inliner's budget.
var copiedKinds = [256]bool{KindStruct: true, KindArray: true, KindNative: true}

// fieldCell is FieldAddr's cell: field n of the struct x points to; nil
// if x is nil, where FieldAddr panics (nilDeref).
func fieldCell(x Value, n int32) *cell {
	if x.p == nil {
		return nil
	}
	return &(*cell)(x.p).v.cells()[n]
}

// elemCells returns the cells that IndexAddr indexes in x, a slice or a
// pointer to an array; nil if x is a nil pointer, where IndexAddr panics
// (nilDeref) whatever the index.
func elemCells(x Value) []cell {
	if x.k == KindSlice {
		return x.slice()
	}
	if x.p == nil {
		return nil
	}
	return (*cell)(x.p).v.cells()
}

// elemCell is IndexAddr's cell: element ix of x (see elemCells); nil if
// x is a nil pointer or ix is out of range, where IndexAddr panics (see
// elemAddr).
func elemCell(x Value, ix int) *cell {
	cs := elemCells(x)
	if ix < 0 || ix >= len(cs) {
		return nil
	}
	return &cs[ix]
}

// deferStack is the value of ssa:deferstack() in frame fr.
func deferStack(fr *frame) Value { return Value{k: kindDefers, p: ptrOf(fr)} }

// result is the value Return instruction in of fr returns: nothing, its
// one operand, or a tuple of its operands (see tupleOf).
func (fr *frame) result(in *ins) Value {
	switch len(in.a) {
	case 0:
		return Value{}
	case 1:
		return fr.regs[in.a0]
	}
	return fr.tupleOf(in.a)
}

// tupleOf is the tuple of registers a of fr.
func (fr *frame) tupleOf(a []int32) Value {
	vs := make([]Value, len(a))
	for i, s := range a {
		vs[i] = fr.regs[s]
	}
	return Tuple(vs...)
}
