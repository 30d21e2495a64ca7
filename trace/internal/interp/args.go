package interp

import (
	"fmt"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// ArgError reports an argument of [Program.Run] that does not fit its
// parameter: a value of another kind, an integer that overflows the
// parameter's type, a struct with another number of fields... Reason says
// what, and where inside the value if the mismatch is in a field, an
// element or what a pointer points to.
type ArgError struct {
	Func   string     // the function
	Param  string     // the parameter's name
	Index  int        // its index in the arguments
	Type   types.Type // its type
	Kind   Kind       // the argument's kind
	Reason string     // what does not fit
}

// Error formats the error, naming the parameter, its type and the
// argument's kind.
func (e *ArgError) Error() string {
	return fmt.Sprintf("trace: Run: %s: argument %d (%s %s) is a value of kind %s: %s", e.Func, e.Index, e.Param, e.Type, e.Kind, e.Reason)
}

// checkArgs returns an *ArgError for the first of args that does not fit
// its parameter of fn.
func checkArgs(fn *ssa.Function, args []Value) error {
	for i, prm := range fn.Params {
		if why := misfit(prm.Type(), args[i], prm.Name(), 0); why != "" {
			return &ArgError{Func: fn.String(), Param: prm.Name(), Index: i, Type: prm.Type(), Kind: args[i].k, Reason: why}
		}
	}
	return nil
}

// misfit returns why v cannot be a value of type t ("" if it can),
// looking into fields, elements and pointers down to a fixed depth; at
// names the part of the argument v is (at depth 0, the argument).
func misfit(t types.Type, v Value, at string, depth int) string {
	where := ""
	if depth > 0 {
		where = at + ": "
	}
	want := kindOf(t)
	switch {
	case v.k != want && depth == 0:
		return fmt.Sprintf("want kind %s", want)
	case v.k != want:
		return fmt.Sprintf("%swant kind %s for type %s, have %s", where, want, t, v.k)
	}
	if depth > 8 {
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		cls, ii := classify(u)
		switch {
		case (cls == clsInt || cls == clsUint) && ii.norm(v.n) != v.n:
			return fmt.Sprintf("%svalue %s overflows type %s", where, v, t)
		case cls == clsFloat && ii.bits == 32:
			if f := v.Float(); !math.IsNaN(f) && float64(float32(f)) != f {
				return fmt.Sprintf("%svalue %s is not exactly representable as %s", where, v, t)
			}
		}
	case *types.Struct:
		if v.Len() != u.NumFields() {
			return fmt.Sprintf("%s%d fields for type %s, which has %d", where, v.Len(), t, u.NumFields())
		}
		for i := range u.NumFields() {
			if why := misfit(u.Field(i).Type(), v.Index(i), at+"."+u.Field(i).Name(), depth+1); why != "" {
				return why
			}
		}
	case *types.Array:
		if int64(v.Len()) != u.Len() {
			return fmt.Sprintf("%s%d elements for type %s", where, v.Len(), t)
		}
		for i := range v.Len() {
			if why := misfit(u.Elem(), v.Index(i), fmt.Sprintf("%s[%d]", at, i), depth+1); why != "" {
				return why
			}
		}
	case *types.Slice:
		for i := range v.Len() {
			if why := misfit(u.Elem(), v.Index(i), fmt.Sprintf("%s[%d]", at, i), depth+1); why != "" {
				return why
			}
		}
	case *types.Pointer:
		if v.p != nil {
			return misfit(u.Elem(), v.Elem(), "(*"+at+")", depth+1)
		}
	}
	return ""
}

// kindOf returns the kind of the values of type t: that of the zero
// value [Program.zero] makes, without making it.
func kindOf(t types.Type) Kind {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && nativeTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()] != nil {
		return KindNative
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch cls, _ := classify(u); cls {
		case clsBool:
			return KindBool
		case clsInt:
			return KindInt
		case clsUint:
			return KindUint
		case clsFloat:
			return KindFloat
		case clsComplex:
			return KindComplex
		case clsString:
			return KindString
		}
		if u.Kind() == types.UnsafePointer {
			return KindPointer
		}
		return KindInterface
	case *types.Struct:
		return KindStruct
	case *types.Array:
		return KindArray
	case *types.Pointer:
		return KindPointer
	case *types.Chan:
		return KindChan
	case *types.Slice:
		return KindSlice
	case *types.Map:
		return KindMap
	case *types.Signature:
		return KindFunc
	case *types.Interface:
		return KindInterface
	case *types.Tuple:
		return KindTuple
	}
	return KindInvalid
}
