package term

import (
	"go/token"
	"go/types"
	"math"
	"strings"

	"github.com/faultloc/faultloc/trace"
)

// Term is an expression of the synthesis: its Go source, its type, its
// size (operands and operators) and its value at every instance of the
// repair data, in one order the synthesis fixes; an untyped constant
// has Type nil and takes its type from the operand it meets.
type Term struct {
	Text string
	Type types.Type // nil: an untyped constant
	Size int
	Bin  bool // a binary expression: parenthesized as an operand
	// Const says the expression is a constant of the code, or one
	// computed from constants alone (-c, f(c)): the same value at every
	// instance, whatever the run.
	Const bool
	Vals  []trace.Value
}

// Operand returns t's text as an operand of a binary expression.
func (t *Term) Operand() string {
	if t.Bin {
		return "(" + t.Text + ")"
	}
	return t.Text
}

// Key is t's type and values: two terms with the same key are
// observationally equivalent on the data, and the smaller is kept.
func (t *Term) Key() string {
	var sb strings.Builder
	if t.Type != nil {
		sb.WriteString(t.Type.String())
	}
	for _, v := range t.Vals {
		sb.WriteByte(0)
		sb.WriteString(v.String())
	}
	return sb.String()
}

// BasicInfo returns the info bits of typ's underlying basic type (0 if
// it is none).
func BasicInfo(typ types.Type) types.BasicInfo {
	if typ == nil {
		return 0
	}
	if b, ok := typ.Underlying().(*types.Basic); ok {
		return b.Info()
	}
	return 0
}

// unify returns the type of a binary expression's operands x and y: the
// typed one's when the other is an untyped constant, whose values are
// then converted; false if they cannot meet.
func unify(x, y *Term) (types.Type, []trace.Value, []trace.Value, bool) {
	xs, ys := x.Vals, y.Vals
	switch {
	case x.Type != nil && y.Type != nil:
		return x.Type, xs, ys, types.Identical(x.Type, y.Type)
	case x.Type == nil && y.Type == nil:
		return nil, nil, nil, false // constant folding is not synthesis
	case x.Type == nil:
		cs, ok := ConvertAll(xs, y.Type)
		return y.Type, cs, ys, ok
	default:
		cs, ok := ConvertAll(ys, x.Type)
		return x.Type, xs, cs, ok
	}
}

// ConvertAll converts an untyped constant's values to typ.
func ConvertAll(vs []trace.Value, typ types.Type) ([]trace.Value, bool) {
	out := make([]trace.Value, len(vs))
	for i, v := range vs {
		c, ok := Convert(v, typ)
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// Binary returns x op y, or false if Go does not allow it on their
// types, it fails on some instance (a division by zero), or its value
// does not depend on its operands' values: both constants (a constant
// expression, whose value is the same in every run: as a condition,
// always true or always false), or one expression on both sides of an
// operator for which x op x is a constant or x itself (x != x, x - x,
// x / x, x && x; x + x and x * x stay).
func Binary(op token.Token, x, y *Term) (*Term, bool) {
	if x.Const && y.Const || x.Text == y.Text && op != token.ADD && op != token.MUL {
		return nil, false
	}
	typ, xs, ys, ok := unify(x, y)
	if !ok {
		return nil, false
	}
	info := BasicInfo(typ)
	rtyp := typ
	switch op {
	case token.ADD:
		if info&(types.IsNumeric|types.IsString) == 0 || info&types.IsComplex != 0 {
			return nil, false
		}
	case token.SUB, token.MUL, token.QUO:
		if info&types.IsNumeric == 0 || info&types.IsComplex != 0 {
			return nil, false
		}
	case token.REM:
		if info&types.IsInteger == 0 {
			return nil, false
		}
	case token.EQL, token.NEQ:
		if info&(types.IsNumeric|types.IsString|types.IsBoolean) == 0 || info&types.IsComplex != 0 {
			return nil, false
		}
		rtyp = types.Typ[types.Bool]
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if info&types.IsOrdered == 0 || info&types.IsComplex != 0 {
			return nil, false
		}
		rtyp = types.Typ[types.Bool]
	case token.LAND, token.LOR:
		if info&types.IsBoolean == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	vals := make([]trace.Value, len(xs))
	for i := range xs {
		v, ok := Apply(op, typ, xs[i], ys[i])
		if !ok {
			return nil, false
		}
		vals[i] = v
	}
	return &Term{Text: x.Operand() + " " + op.String() + " " + y.Operand(), Type: rtyp, Size: x.Size + y.Size + 1, Bin: true, Vals: vals}, true
}

// Apply computes x op y on values of type typ with Go's semantics:
// integers wrap around at their type's width.
func Apply(op token.Token, typ types.Type, x, y trace.Value) (trace.Value, bool) {
	info := BasicInfo(typ)
	switch {
	case info&types.IsBoolean != 0:
		a, b := x.Bool(), y.Bool()
		switch op {
		case token.LAND:
			return trace.Bool(a && b), true
		case token.LOR:
			return trace.Bool(a || b), true
		case token.EQL:
			return trace.Bool(a == b), true
		case token.NEQ:
			return trace.Bool(a != b), true
		}
	case info&types.IsString != 0:
		a, b := x.Str(), y.Str()
		if op == token.ADD {
			return trace.String(a + b), true
		}
		return compare(op, a < b, a == b, a > b)
	case info&types.IsFloat != 0:
		a, b := x.Float(), y.Float()
		var r float64
		switch op {
		case token.ADD:
			r = a + b
		case token.SUB:
			r = a - b
		case token.MUL:
			r = a * b
		case token.QUO:
			r = a / b
		default:
			return compare(op, a < b, a == b, a > b)
		}
		if typ.Underlying().(*types.Basic).Kind() == types.Float32 {
			r = float64(float32(r))
		}
		return trace.Float(r), !math.IsNaN(r)
	case info&types.IsUnsigned != 0:
		r, c, ok := integer(op, x.Uint(), y.Uint())
		if !ok || c.IsValid() {
			return c, ok
		}
		if s := basicSize(typ.Underlying().(*types.Basic)); s < 8 {
			r &= 1<<(8*s) - 1
		}
		return trace.Uint(r), true
	case info&types.IsInteger != 0:
		r, c, ok := integer(op, x.Int(), y.Int())
		if !ok || c.IsValid() {
			return c, ok
		}
		if s := basicSize(typ.Underlying().(*types.Basic)); s < 8 {
			shift := 64 - 8*uint(s)
			r = r << shift >> shift
		}
		return trace.Int(r), true
	}
	return trace.Value{}, false
}

// integer computes a op b on 64-bit integers: the result of an
// arithmetic operator (which the caller wraps at its type's width), or
// the Boolean of a comparison; false for a division by zero or an
// operator integers lack.
func integer[T int64 | uint64](op token.Token, a, b T) (r T, cmp trace.Value, ok bool) {
	switch op {
	case token.ADD:
		return a + b, trace.Value{}, true
	case token.SUB:
		return a - b, trace.Value{}, true
	case token.MUL:
		return a * b, trace.Value{}, true
	case token.QUO, token.REM:
		if b == 0 {
			return 0, trace.Value{}, false
		}
		if op == token.QUO {
			return a / b, trace.Value{}, true
		}
		return a % b, trace.Value{}, true
	}
	cmp, ok = compare(op, a < b, a == b, a > b)
	return 0, cmp, ok
}

// compare returns the comparison op given the order of its operands.
func compare(op token.Token, less, equal, greater bool) (trace.Value, bool) {
	switch op {
	case token.EQL:
		return trace.Bool(equal), true
	case token.NEQ:
		return trace.Bool(!equal), true
	case token.LSS:
		return trace.Bool(less), true
	case token.LEQ:
		return trace.Bool(less || equal), true
	case token.GTR:
		return trace.Bool(greater), true
	case token.GEQ:
		return trace.Bool(greater || equal), true
	}
	return trace.Value{}, false
}

// Unary returns op x (! on Booleans, - on signed numbers), or false.
func Unary(op token.Token, x *Term) (*Term, bool) {
	if x.Type == nil {
		return nil, false
	}
	info := BasicInfo(x.Type)
	vals := make([]trace.Value, len(x.Vals))
	for i, v := range x.Vals {
		switch {
		case op == token.NOT && info&types.IsBoolean != 0:
			vals[i] = trace.Bool(!v.Bool())
		case op == token.SUB && info&types.IsFloat != 0:
			vals[i] = trace.Float(-v.Float())
		case op == token.SUB && info&types.IsInteger != 0 && info&types.IsUnsigned == 0:
			r, ok := Apply(token.SUB, x.Type, trace.Int(0), v)
			if !ok {
				return nil, false
			}
			vals[i] = r
		default:
			return nil, false
		}
	}
	return &Term{Text: op.String() + x.Operand(), Type: x.Type, Size: x.Size + 1, Const: x.Const, Vals: vals}, true
}
