package term

import (
	"go/constant"
	"go/types"
	"strconv"

	"github.com/faultloc/faultloc/trace"
)

// Zero returns the zero value of a basic type.
func Zero(typ types.Type) (trace.Value, bool) {
	b, ok := typ.Underlying().(*types.Basic)
	if !ok {
		return trace.Value{}, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return trace.Bool(false), true
	case b.Info()&types.IsString != 0:
		return trace.String(""), true
	case b.Info()&types.IsUnsigned != 0:
		return trace.Uint(0), true
	case b.Info()&types.IsInteger != 0:
		return trace.Int(0), true
	case b.Info()&types.IsFloat != 0:
		return trace.Float(0), true
	}
	return trace.Value{}, false
}

// Const returns the trace value of constant val of type typ.
func Const(val constant.Value, typ types.Type) (trace.Value, bool) {
	b, ok := typ.Underlying().(*types.Basic)
	if !ok {
		return trace.Value{}, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return trace.Bool(constant.BoolVal(val)), true
	case b.Info()&types.IsString != 0:
		return trace.String(constant.StringVal(val)), true
	case b.Info()&types.IsUnsigned != 0:
		u, exact := constant.Uint64Val(val)
		return trace.Uint(u), exact
	case b.Info()&types.IsInteger != 0:
		i, exact := constant.Int64Val(constant.ToInt(val))
		return trace.Int(i), exact
	case b.Info()&types.IsFloat != 0:
		f, _ := constant.Float64Val(constant.ToFloat(val))
		return trace.Float(f), true
	}
	return trace.Value{}, false
}

// Convert returns v as a value of type typ, if it is representable
// there: an untyped constant's value taking the site's type.
func Convert(v trace.Value, typ types.Type) (trace.Value, bool) {
	b, ok := typ.Underlying().(*types.Basic)
	if !ok {
		return trace.Value{}, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return v, v.Kind() == trace.KindBool
	case b.Info()&types.IsString != 0:
		return v, v.Kind() == trace.KindString
	case b.Info()&types.IsFloat != 0:
		switch v.Kind() {
		case trace.KindFloat:
			return v, true
		case trace.KindInt:
			return trace.Float(float64(v.Int())), true
		}
	case b.Info()&types.IsInteger != 0:
		var x constant.Value
		switch v.Kind() {
		case trace.KindInt:
			x = constant.MakeInt64(v.Int())
		case trace.KindUint:
			x = constant.MakeUint64(v.Uint())
		default:
			return trace.Value{}, false
		}
		return intValue(x, b)
	}
	return trace.Value{}, false
}

// intValue returns integer x as a value of basic integer type b, if it
// fits.
func intValue(x constant.Value, b *types.Basic) (trace.Value, bool) {
	size := basicSize(b)
	if b.Info()&types.IsUnsigned != 0 {
		u, exact := constant.Uint64Val(x)
		if !exact || size < 8 && u >= 1<<(8*size) {
			return trace.Value{}, false
		}
		return trace.Uint(u), true
	}
	i, exact := constant.Int64Val(x)
	if !exact || size < 8 && (i >= 1<<(8*size-1) || i < -(1<<(8*size-1))) {
		return trace.Value{}, false
	}
	return trace.Int(i), true
}

// basicSize is the size in bytes of an integer type (int and uint: 8,
// as on the 64-bit platforms the interpreter models).
func basicSize(b *types.Basic) int {
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 1
	case types.Int16, types.Uint16:
		return 2
	case types.Int32, types.Uint32:
		return 4
	}
	return 8
}

// Parse reads an angelic value as localize formats it (a branch's:
// "true" or "false") as a value of type typ.
func Parse(s string, branch bool, typ types.Type) (trace.Value, bool) {
	if branch {
		b, err := strconv.ParseBool(s)
		return trace.Bool(b), err == nil
	}
	b, ok := typ.Underlying().(*types.Basic)
	if !ok {
		return trace.Value{}, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		x, err := strconv.ParseBool(s)
		return trace.Bool(x), err == nil
	case b.Info()&types.IsString != 0:
		x, err := strconv.Unquote(s)
		return trace.String(x), err == nil
	case b.Info()&types.IsUnsigned != 0:
		x, err := strconv.ParseUint(s, 10, 64)
		return trace.Uint(x), err == nil
	case b.Info()&types.IsInteger != 0:
		x, err := strconv.ParseInt(s, 10, 64)
		return trace.Int(x), err == nil
	case b.Info()&types.IsFloat != 0:
		x, err := strconv.ParseFloat(s, 64)
		return trace.Float(x), err == nil
	}
	return trace.Value{}, false
}
