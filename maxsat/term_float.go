package maxsat

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/internal/z3"
)

// Floating-point terms (IEEE 754, 32 and 64 bits).

// FloatVar returns the float variable named name of w bits (32 or 64).
func FloatVar(name string, w int) *Term {
	if w != 32 && w != 64 {
		return bad("float", fmt.Sprintf("width %d (32 or 64)", w))
	}
	return &Term{kind: kVar, sort: SortFloat(w), name: name}
}

// Float64 returns the float64 constant v (any value: NaN, infinities,
// negative zero).
func Float64(v float64) *Term {
	return &Term{kind: kConst, sort: SortFloat(64), bits: math.Float64bits(v)}
}

// Float32 returns the float32 constant v.
func Float32(v float32) *Term {
	return &Term{kind: kConst, sort: SortFloat(32), bits: uint64(math.Float32bits(v))}
}

// floatOperands returns an error term unless the operands are floats of
// one width.
func floatOperands(op string, ts ...*Term) *Term {
	if e := check(op, ts); e != nil {
		return e
	}
	for _, t := range ts {
		if t.sort.Kind != FloatSort || t.sort != ts[0].sort {
			return bad(op, "float operands of one width", ts...)
		}
	}
	return nil
}

func fop(op z3.Op, name string, ts ...*Term) *Term {
	if e := floatOperands(name, ts...); e != nil {
		return e
	}
	return app(op, ts[0].sort, ts...)
}

func fcmp(op z3.Op, name string, a, b *Term) *Term {
	if e := floatOperands(name, a, b); e != nil {
		return e
	}
	return app(op, SortBool, a, b)
}

// FAdd returns a + b, rounded to nearest even as Go rounds.
func FAdd(a, b *Term) *Term { return fop(z3.OpFPAdd, "fp.add", a, b) }

// FSub returns a - b, rounded to nearest even.
func FSub(a, b *Term) *Term { return fop(z3.OpFPSub, "fp.sub", a, b) }

// FMul returns a * b, rounded to nearest even.
func FMul(a, b *Term) *Term { return fop(z3.OpFPMul, "fp.mul", a, b) }

// FDiv returns a / b, rounded to nearest even (b = 0 gives an infinity or
// NaN, as in Go).
func FDiv(a, b *Term) *Term { return fop(z3.OpFPDiv, "fp.div", a, b) }

// FNeg returns -t.
func FNeg(t *Term) *Term { return fop(z3.OpFPNeg, "fp.neg", t) }

// FAbs returns |t| (math.Abs).
func FAbs(t *Term) *Term { return fop(z3.OpFPAbs, "fp.abs", t) }

// FSqrt returns the square root of t (math.Sqrt).
func FSqrt(t *Term) *Term { return fop(z3.OpFPSqrt, "fp.sqrt", t) }

// FFloor returns t rounded toward -∞ to an integer (math.Floor).
func FFloor(t *Term) *Term { return fop(z3.OpFPFloor, "fp.floor", t) }

// FCeil returns t rounded toward +∞ to an integer (math.Ceil).
func FCeil(t *Term) *Term { return fop(z3.OpFPCeil, "fp.ceil", t) }

// FTrunc returns t rounded toward zero to an integer (math.Trunc).
func FTrunc(t *Term) *Term { return fop(z3.OpFPTrunc, "fp.trunc", t) }

// FLt returns a < b (false when either is NaN, as in Go).
func FLt(a, b *Term) *Term { return fcmp(z3.OpFPLt, "fp.lt", a, b) }

// FLe returns a <= b.
func FLe(a, b *Term) *Term { return fcmp(z3.OpFPLe, "fp.leq", a, b) }

// FGt returns a > b.
func FGt(a, b *Term) *Term { return fcmp(z3.OpFPGt, "fp.gt", a, b) }

// FGe returns a >= b.
func FGe(a, b *Term) *Term { return fcmp(z3.OpFPGe, "fp.geq", a, b) }

// FEq returns a == b as Go compares floats: NaN equals nothing, -0 equals
// +0. (Eq is identity: Eq(NaN, NaN) holds, Eq(-0, +0) does not.)
func FEq(a, b *Term) *Term { return fcmp(z3.OpFPEq, "fp.eq", a, b) }

// FIsNaN returns whether t is NaN.
func FIsNaN(t *Term) *Term {
	if e := floatOperands("fp.isNaN", t); e != nil {
		return e
	}
	return app(z3.OpFPIsNaN, SortBool, t)
}

// FToSBV returns t truncated toward zero to a signed integer of w bits,
// as Go's conversion of a float to intN (out of range or NaN: an
// unspecified value, as Go leaves it implementation-specific).
func FToSBV(t *Term, w int) *Term {
	if e := floatOperands("fp.to_sbv", t); e != nil {
		return e
	}
	if e := checkWidth("fp.to_sbv", w); e != nil {
		return e
	}
	r := app(z3.OpFPToSBV, SortBV(w), t)
	r.p1 = w
	return r
}

// FToUBV returns t truncated toward zero to an unsigned integer of w bits.
func FToUBV(t *Term, w int) *Term {
	if e := floatOperands("fp.to_ubv", t); e != nil {
		return e
	}
	if e := checkWidth("fp.to_ubv", w); e != nil {
		return e
	}
	r := app(z3.OpFPToUBV, SortBV(w), t)
	r.p1 = w
	return r
}

// toFloat builds a conversion to a float of fw bits.
func toFloat(op z3.Op, name string, t *Term, from SortKind, fw int) *Term {
	if e := check(name, []*Term{t}); e != nil {
		return e
	}
	if t.sort.Kind != from || fw != 32 && fw != 64 {
		return bad(name, fmt.Sprintf("a %v operand and a float width of 32 or 64, not %d", from, fw), t)
	}
	r := app(op, SortFloat(fw), t)
	r.p1 = fw
	return r
}

// SBVToF returns the signed bit-vector t as a float of fw bits, rounded to
// nearest even (Go's conversion of an intN to a float).
func SBVToF(t *Term, fw int) *Term { return toFloat(z3.OpFPFromSBV, "to_fp", t, BVSort, fw) }

// UBVToF returns the unsigned bit-vector t as a float of fw bits.
func UBVToF(t *Term, fw int) *Term { return toFloat(z3.OpFPFromUBV, "to_fp_unsigned", t, BVSort, fw) }

// FToF returns the float t as a float of fw bits, rounded to nearest even
// (float32(x), float64(y)).
func FToF(t *Term, fw int) *Term {
	if e := check("to_fp", []*Term{t}); e == nil && t.sort.Kind == FloatSort && t.sort.Width == fw {
		return t
	}
	return toFloat(z3.OpFPToFP, "to_fp", t, FloatSort, fw)
}

// String renders t in SMT-LIB-like syntax.
func (t *Term) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Term) write(b *strings.Builder) {
	switch {
	case t == nil:
		b.WriteString("<nil>")
	case t.err != nil:
		b.WriteString("<ill-sorted>")
	case t.kind == kVar:
		b.WriteString(t.name)
	case t.kind == kConst:
		switch t.sort.Kind {
		case BoolSort:
			b.WriteString(strconv.FormatBool(t.bits != 0))
		case IntSort:
			b.WriteString(t.big.String())
		case StringSort:
			b.WriteString(strconv.Quote(t.str))
		case FloatSort:
			if t.sort.Width == 32 {
				b.WriteString(strconv.FormatFloat(float64(math.Float32frombits(uint32(t.bits))), 'g', -1, 32))
			} else {
				b.WriteString(strconv.FormatFloat(math.Float64frombits(t.bits), 'g', -1, 64))
			}
		default:
			if t.big != nil {
				fmt.Fprintf(b, "(_ bv%s %d)", t.big, t.sort.Width)
			} else {
				fmt.Fprintf(b, "(_ bv%d %d)", t.bits, t.sort.Width)
			}
		}
	default:
		b.WriteByte('(')
		switch t.op {
		case z3.OpZeroExt, z3.OpSignExt, z3.OpInt2BV:
			fmt.Fprintf(b, "(_ %s %d)", t.op, t.p1)
		case z3.OpExtract:
			fmt.Fprintf(b, "(_ extract %d %d)", t.p1, t.p2)
		case z3.OpBV2Int:
			if t.p1 != 0 {
				b.WriteString("sbv2int")
			} else {
				b.WriteString("bv2int")
			}
		case z3.OpIff:
			b.WriteString("=")
		default:
			b.WriteString(t.op.String())
		}
		for _, a := range t.args {
			b.WriteByte(' ')
			a.write(b)
		}
		b.WriteByte(')')
	}
}
