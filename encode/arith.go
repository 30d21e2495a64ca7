package encode

import (
	"go/constant"
	"go/token"
	"go/types"
	"math/bits"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// binop encodes a binary operation.
func (e *Encoder) binop(r *run, ev trace.EventID, in *ssa.BinOp) definition {
	x := e.operand(r, ev, in.X)
	y := e.operand(r, ev, in.Y)
	if x == nil || y == nil {
		return definition{}
	}
	xs := e.sortOf(in.X.Type())
	if types.IsInterface(in.X.Type()) {
		// Interfaces compare equal when they hold equal values of one
		// dynamic type: with the run's dynamic types equal, their terms'
		// equality (floats aside, whose == is not equality of terms).
		xv, ok1 := e.operandValue(r, ev, in.X)
		yv, ok2 := e.operandValue(r, ev, in.Y)
		if !ok1 || !ok2 || xv.DynamicType() == nil || !types.Identical(xv.DynamicType(), yv.DynamicType()) ||
			e.sortOf(xv.DynamicType()).isFloat || in.Op != token.EQL && in.Op != token.NEQ {
			return definition{}
		}
	}
	if xs.isFloat {
		return floatBinop(in.Op, x, y)
	}
	switch in.Op {
	case token.EQL:
		return definition{term: maxsat.Eq(x, y)}
	case token.NEQ:
		return definition{term: maxsat.Not(maxsat.Eq(x, y))}
	case token.ADD: // the same function serves Int and bit-vectors
		if xs.isString {
			return definition{term: maxsat.StrConcat(x, y)}
		}
		return definition{term: maxsat.Add(x, y)}
	case token.SUB:
		return definition{term: maxsat.Sub(x, y)}
	case token.MUL:
		return definition{term: maxsat.Mul(x, y)}
	}
	if xs.isBool {
		return definition{}
	}
	if r, ok := relations[in.Op]; ok {
		if f := r.of(xs); f != nil {
			return definition{term: f(x, y)}
		}
		return definition{}
	}
	if xs.isString {
		return definition{}
	}
	if xs.integer {
		switch in.Op {
		case token.QUO, token.REM:
			// Go panics on a zero divisor: the statement must avoid it.
			return definition{term: intDiv(x, y, in.Op == token.REM), extra: maxsat.Not(maxsat.Eq(y, maxsat.Int(0)))}
		}
		return definition{} // bitwise operations and shifts: not modelled over Int, concrete
	}
	div := func(signed, unsigned func(a, b *maxsat.Term) *maxsat.Term) definition {
		if k, ok := powerOfTwo(in.Y, xs); ok {
			return definition{term: divPow2(x, k, xs, in.Op == token.REM)}
		}
		op := unsigned
		if xs.signed {
			op = signed
		}
		// Go panics on a zero divisor: the statement must avoid it.
		return definition{term: op(x, y), extra: maxsat.Not(maxsat.Eq(y, maxsat.BV(0, xs.width)))}
	}
	switch in.Op {
	case token.QUO:
		return div(maxsat.SDiv, maxsat.UDiv)
	case token.REM:
		return div(maxsat.SRem, maxsat.URem)
	case token.AND:
		return definition{term: maxsat.BVAnd(x, y)}
	case token.OR:
		return definition{term: maxsat.BVOr(x, y)}
	case token.XOR:
		return definition{term: maxsat.BVXor(x, y)}
	case token.AND_NOT:
		return definition{term: maxsat.BVAnd(x, maxsat.BVNot(y))}
	case token.SHL, token.SHR:
		return e.shift(in, x, y, xs)
	}
	return definition{}
}

// intDiv returns x / y (or x % y if rem) over Int with Go's semantics
// for a nonzero y: the quotient truncated toward zero, the remainder with
// the sign of x. SMT-LIB's div is Euclidean (its remainder is never
// negative), which is Go's quotient for x >= 0 whatever y's sign, so a
// negative x is negated around it.
func intDiv(x, y *maxsat.Term, rem bool) *maxsat.Term {
	zero := maxsat.Int(0)
	q := maxsat.Ite(maxsat.Ge(x, zero), maxsat.Div(x, y), maxsat.Neg(maxsat.Div(maxsat.Neg(x), y)))
	if rem {
		return maxsat.Sub(x, maxsat.Mul(y, q))
	}
	return q
}

// powerOfTwo reports whether v is a constant 2^k, 1 <= k, that is positive
// in the type of xs.
func powerOfTwo(v ssa.Value, xs sortInfo) (int, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	u, exact := constant.Uint64Val(c.Value)
	if !exact || u < 2 || u&(u-1) != 0 {
		return 0, false
	}
	k := bits.TrailingZeros64(u)
	if k >= xs.width || xs.signed && k >= xs.width-1 {
		return 0, false
	}
	return k, true
}

// divPow2 returns x / 2^k (or x % 2^k if rem) with Go's semantics, by
// shifts: Z3 rewrites an unsigned division by a power of two so, but
// bit-blasts a signed one into a full divider circuit, thousands of
// clauses per instance at 64 bits (a binary search's (lo+hi)/2 in a loop).
// A signed quotient truncates toward zero: a negative x is biased by
// 2^k-1 before the arithmetic shift.
func divPow2(x *maxsat.Term, k int, xs sortInfo, rem bool) *maxsat.Term {
	w := xs.width
	if !xs.signed {
		if rem {
			return maxsat.BVAnd(x, maxsat.BV(1<<k-1, w))
		}
		return maxsat.LShr(x, maxsat.BV(uint64(k), w))
	}
	bias := maxsat.LShr(maxsat.AShr(x, maxsat.BV(uint64(w-1), w)), maxsat.BV(uint64(w-k), w))
	q := maxsat.AShr(maxsat.Add(x, bias), maxsat.BV(uint64(k), w))
	if rem {
		return maxsat.Sub(x, maxsat.Shl(q, maxsat.BV(uint64(k), w)))
	}
	return q
}

// relation is an order comparison over Int, signed and unsigned
// bit-vectors, and strings (Go's byte order; nil where not modelled).
type relation struct {
	integer, signed, unsigned, str func(a, b *maxsat.Term) *maxsat.Term
}

// of returns the comparison for operands of sort si.
func (r relation) of(si sortInfo) func(a, b *maxsat.Term) *maxsat.Term {
	switch {
	case si.isString:
		return r.str
	case si.integer:
		return r.integer
	case si.signed:
		return r.signed
	}
	return r.unsigned
}

// The order of strings is not modelled (relation.str is nil): Z3
// 4.8.12's sequence solver answers unsat, under assumptions, for formulas
// with str.< that are satisfiable (its model validation reports unhandled
// str.< skolems), which would make fault localization unsound.
var relations = map[token.Token]relation{
	token.LSS: {maxsat.Lt, maxsat.SLT, maxsat.ULT, nil},
	token.LEQ: {maxsat.Le, maxsat.SLE, maxsat.ULE, nil},
	token.GTR: {maxsat.Gt, maxsat.SGT, maxsat.UGT, nil},
	token.GEQ: {maxsat.Ge, maxsat.SGE, maxsat.UGE, nil},
}

// floatOps are the binary operations on floats: arithmetic rounded as Go
// rounds, comparisons as Go compares (NaN equals nothing, -0 == +0).
var floatOps = map[token.Token]func(x, y *maxsat.Term) *maxsat.Term{
	token.ADD: maxsat.FAdd, token.SUB: maxsat.FSub, token.MUL: maxsat.FMul, token.QUO: maxsat.FDiv,
	token.EQL: maxsat.FEq, token.LSS: maxsat.FLt, token.LEQ: maxsat.FLe, token.GTR: maxsat.FGt, token.GEQ: maxsat.FGe,
	token.NEQ: func(x, y *maxsat.Term) *maxsat.Term { return maxsat.Not(maxsat.FEq(x, y)) },
}

// floatBinop encodes a binary operation on floats (see floatOps).
func floatBinop(op token.Token, x, y *maxsat.Term) definition {
	if f := floatOps[op]; f != nil {
		return definition{term: f(x, y)}
	}
	return definition{}
}

// floatConv encodes a conversion from or to a float: between widths
// rounded to nearest even, from integers rounded so, to integers truncated
// toward zero (an out-of-range value, which Go leaves to the
// implementation, is whatever Z3 picks: a replay judges it). Over Int
// (Options.Arith) conversions with integers are not modelled.
func floatConv(x *maxsat.Term, from, to sortInfo) definition {
	switch {
	case from.isFloat && to.isFloat:
		return definition{term: maxsat.FToF(x, to.width)}
	case from.integer || to.integer:
		return definition{}
	case to.isFloat && from.signed:
		return definition{term: maxsat.SBVToF(x, to.width)}
	case to.isFloat:
		return definition{term: maxsat.UBVToF(x, to.width)}
	case to.signed:
		return definition{term: maxsat.FToSBV(x, to.width)}
	}
	return definition{term: maxsat.FToUBV(x, to.width)}
}

// toInt returns integer term x of sort si as an Int.
func toInt(x *maxsat.Term, si sortInfo) *maxsat.Term {
	if si.integer {
		return x
	}
	return maxsat.BVToInt(x, si.signed)
}

// shift encodes x << y and x >> y with Go's semantics for counts of any
// unsigned width: a count at least the width shifts everything out.
func (e *Encoder) shift(in *ssa.BinOp, x, y *maxsat.Term, xs sortInfo) definition {
	ys := e.sortOf(in.Y.Type())
	if ys.isBool || !ys.ok {
		return definition{}
	}
	op := maxsat.Shl
	if in.Op == token.SHR {
		op = maxsat.LShr
		if xs.signed {
			op = maxsat.AShr
		}
	}
	w := xs.width
	switch {
	case ys.width == w:
		return definition{term: op(x, y)}
	case ys.width < w:
		// Zero-extended counts >= w behave in SMT-LIB as in Go.
		return definition{term: op(x, maxsat.ZeroExt(y, w-ys.width))}
	}
	over := maxsat.BV(0, w)
	if in.Op == token.SHR && xs.signed {
		over = maxsat.AShr(x, maxsat.BV(uint64(w-1), w))
	}
	big := maxsat.UGE(y, maxsat.BV(uint64(w), ys.width))
	return definition{term: maxsat.Ite(big, over, op(x, maxsat.Extract(y, w-1, 0)))}
}
