package interp

import (
	"go/constant"
	"go/types"
	"math"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// zero returns the zero value of t (a template: copy aggregates before
// putting them in memory).
func (p *Program) zero(t types.Type) Value {
	if v, ok := nativeZero(t); ok {
		return v
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch cls, _ := classify(u); cls {
		case clsBool:
			return Bool(false)
		case clsInt:
			return Int(0)
		case clsUint:
			return Uint(0)
		case clsFloat:
			return Float(0)
		case clsComplex:
			return Complex(0)
		case clsString:
			return String("")
		}
		if u.Kind() == types.UnsafePointer {
			return Value{k: KindPointer}
		}
		return Value{k: KindInterface}
	case *types.Struct:
		cs := make([]cell, u.NumFields())
		for i := range cs {
			cs[i] = cell{v: p.zero(u.Field(i).Type()), st: -1}
		}
		return aggOf(KindStruct, cs)
	case *types.Array:
		if u.Len() > 1<<24 {
			return Value{k: KindArray}
		}
		cs := make([]cell, u.Len())
		ez := p.zero(u.Elem())
		for i := range cs {
			cs[i] = cell{v: copyVal(ez), st: -1}
		}
		return aggOf(KindArray, cs)
	case *types.Pointer:
		return Value{k: KindPointer}
	case *types.Chan:
		return Value{k: KindChan}
	case *types.Slice:
		return Value{k: KindSlice}
	case *types.Map:
		return Value{k: KindMap}
	case *types.Signature:
		return Value{k: KindFunc}
	case *types.Interface:
		return Value{k: KindInterface}
	case *types.Tuple:
		vs := make([]Value, u.Len())
		for i := range vs {
			vs[i] = p.zero(u.At(i).Type())
		}
		return Tuple(vs...)
	}
	return Value{}
}

// Const returns the value of SSA constant c of p, as the interpreter
// computes it (a nil constant is its type's zero value).
func (p *Program) Const(c *ssa.Const) Value { return p.constValue(c) }

// constValue converts an SSA constant.
func (p *Program) constValue(c *ssa.Const) Value {
	if c.Value == nil {
		return p.zero(c.Type())
	}
	cls, ii := classify(c.Type())
	switch cls {
	case clsBool:
		return Bool(constant.BoolVal(c.Value))
	case clsInt:
		if v, ok := constant.Int64Val(constant.ToInt(c.Value)); ok {
			return Int(int64(ii.norm(uint64(v))))
		}
	case clsUint:
		if v, ok := constant.Uint64Val(constant.ToInt(c.Value)); ok {
			return Uint(v)
		}
		if v, ok := constant.Int64Val(constant.ToInt(c.Value)); ok {
			return Uint(ii.norm(uint64(v)))
		}
	case clsFloat:
		f, _ := constant.Float64Val(constant.ToFloat(c.Value))
		if ii.bits == 32 {
			f = float64(float32(f))
		}
		return Float(f)
	case clsComplex:
		re, _ := constant.Float64Val(constant.Real(c.Value))
		im, _ := constant.Float64Val(constant.Imag(c.Value))
		return Complex(complex(re, im))
	case clsString:
		if c.Value.Kind() == constant.Int { // T(0) in an instantiation with T = string
			if v, ok := constant.Int64Val(c.Value); ok && v >= 0 && v <= utf8.MaxRune {
				return String(string(rune(v)))
			}
			return String("\uFFFD")
		}
		return String(constant.StringVal(c.Value))
	}
	if c.Value.Kind() == constant.Float {
		f, _ := constant.Float64Val(c.Value)
		return Float(f)
	}
	return Float(math.NaN())
}
