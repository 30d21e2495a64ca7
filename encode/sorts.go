package encode

import (
	"go/constant"
	"go/types"
	"math/big"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// sortInfo is how a Go type is encoded: a Boolean, a bit-vector of the
// type's width read as signed or unsigned (or an Int), a String (of
// bytes), or an IEEE 754 float of the type's width. ok is false for types
// the encoding does not model (complex numbers, pointers, aggregates...).
type sortInfo struct {
	ok       bool
	isBool   bool
	isString bool
	isFloat  bool // width is 32 or 64
	width    int
	signed   bool
	integer  bool // encoded as an unbounded Int (Options.Arith == Integer)
}

func sortOf(t types.Type) sortInfo {
	if t == nil {
		return sortInfo{}
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return sortInfo{}
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return sortInfo{ok: true, isBool: true}
	case types.String, types.UntypedString:
		return sortInfo{ok: true, isString: true}
	case types.Float64, types.UntypedFloat:
		return sortInfo{ok: true, isFloat: true, width: 64}
	case types.Float32:
		return sortInfo{ok: true, isFloat: true, width: 32}
	case types.Int, types.Int64, types.UntypedInt:
		return sortInfo{ok: true, width: 64, signed: true}
	case types.Int32, types.UntypedRune:
		return sortInfo{ok: true, width: 32, signed: true}
	case types.Int16:
		return sortInfo{ok: true, width: 16, signed: true}
	case types.Int8:
		return sortInfo{ok: true, width: 8, signed: true}
	case types.Uint, types.Uint64, types.Uintptr:
		return sortInfo{ok: true, width: 64}
	case types.Uint32:
		return sortInfo{ok: true, width: 32}
	case types.Uint16:
		return sortInfo{ok: true, width: 16}
	case types.Uint8:
		return sortInfo{ok: true, width: 8}
	}
	return sortInfo{}
}

// variable returns the variable named name of sort si.
func (si sortInfo) variable(name string) *maxsat.Term {
	if si.isBool {
		return maxsat.BoolVar(name)
	}
	if si.isString {
		return maxsat.StringVar(name)
	}
	if si.isFloat {
		return maxsat.FloatVar(name, si.width)
	}
	if si.integer {
		return maxsat.IntVar(name)
	}
	return maxsat.BVVar(name, si.width)
}

// zero returns the zero value of sort si.
func (si sortInfo) zero() *maxsat.Term {
	if si.isBool {
		return maxsat.False()
	}
	if si.isString {
		return maxsat.Str("")
	}
	if si.isFloat {
		return si.float(0)
	}
	if si.integer {
		return maxsat.Int(0)
	}
	return maxsat.BV(0, si.width)
}

// concrete returns the constant for a concrete trace value, or nil if the
// value's kind does not fit the sort.
func (si sortInfo) concrete(v trace.Value) *maxsat.Term {
	if v.Kind() == trace.KindInterface {
		v = v.Elem() // an interface's dynamic value (see valueSort)
	}
	switch v.Kind() {
	case trace.KindBool:
		if si.isBool {
			return maxsat.BoolConst(v.Bool())
		}
	case trace.KindString:
		if si.isString {
			return maxsat.Str(v.Str())
		}
	case trace.KindFloat:
		if si.isFloat {
			return si.float(v.Float())
		}
	case trace.KindInt:
		if si.isString || si.isFloat {
			return nil
		}
		if si.integer {
			return maxsat.Int(v.Int())
		}
		if !si.isBool {
			return maxsat.BV(v.Uint(), si.width)
		}
	case trace.KindUint:
		if si.isString || si.isFloat {
			return nil
		}
		if si.integer {
			return maxsat.BigInt(new(big.Int).SetUint64(v.Uint()))
		}
		if !si.isBool {
			return maxsat.BV(v.Uint(), si.width)
		}
	}
	return nil
}

// constTerm returns the term of an SSA constant, or nil if not encodable.
func (si sortInfo) constant(c constant.Value) *maxsat.Term {
	if c == nil {
		return si.zero()
	}
	if si.isBool {
		if c.Kind() != constant.Bool {
			return nil
		}
		return maxsat.BoolConst(constant.BoolVal(c))
	}
	if si.isString {
		if c.Kind() != constant.String {
			return nil
		}
		return maxsat.Str(constant.StringVal(c))
	}
	if si.isFloat {
		if c.Kind() != constant.Int && c.Kind() != constant.Float {
			return nil
		}
		if si.width == 32 {
			f, _ := constant.Float32Val(c)
			return maxsat.Float32(f)
		}
		f, _ := constant.Float64Val(c)
		return maxsat.Float64(f)
	}
	c = constant.ToInt(c)
	if c.Kind() != constant.Int {
		return nil
	}
	if v, exact := constant.Int64Val(c); exact {
		if si.integer {
			return maxsat.Int(v)
		}
		return maxsat.BVInt(v, si.width)
	}
	if v, exact := constant.Uint64Val(c); exact {
		if si.integer {
			return maxsat.BigInt(new(big.Int).SetUint64(v))
		}
		return maxsat.BV(v, si.width)
	}
	return nil
}

// value converts a model value of sort si to a trace value of the Go type.
func (si sortInfo) value(m *maxsat.Model, t *maxsat.Term) (trace.Value, error) {
	if si.isBool {
		b, err := m.Bool(t)
		return trace.Bool(b), err
	}
	if si.isString {
		s, err := m.Str(t)
		return trace.String(s), err
	}
	if si.isFloat {
		f, err := m.Float(t)
		return trace.Float(f), err
	}
	if si.integer {
		n, err := m.Int(t)
		if err != nil {
			return trace.Value{}, err
		}
		if !si.signed && n.Sign() >= 0 && n.IsUint64() {
			return trace.Uint(n.Uint64()), nil
		}
		return trace.Int(n.Int64()), nil
	}
	bits, err := m.BV(t)
	if err != nil {
		return trace.Value{}, err
	}
	if si.signed {
		shift := 64 - si.width
		return trace.Int(int64(bits<<shift) >> shift), nil
	}
	return trace.Uint(bits), nil
}

// float returns the constant f of float sort si (rounded to float32 for a
// float32: the interpreter holds float32 values so rounded).
func (si sortInfo) float(f float64) *maxsat.Term {
	if si.width == 32 {
		return maxsat.Float32(float32(f))
	}
	return maxsat.Float64(f)
}
