package bridge

import (
	"go/types"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// What interpreted code asks of reflect and internal/reflectlite: the
// native types of values (for the interpreted program's own types, only
// those built from predeclared ones have one), the type constructors on
// native types, and the names of kinds. reflect's other functions and
// methods are not bridged.
func init() {
	reg := interp.RegisterBridge
	// reflect's type constructors run natively on native types (those
	// reflect.TypeOf returns).
	for name, f := range map[string]any{
		"reflect.SliceOf":   reflect.SliceOf,
		"reflect.PointerTo": reflect.PointerTo,
		"reflect.PtrTo":     reflect.PointerTo,
		"reflect.MapOf":     reflect.MapOf,
		"reflect.ArrayOf":   reflect.ArrayOf,
		"reflect.ChanOf":    reflect.ChanOf,
	} {
		rv, n := reflect.ValueOf(f), name
		reg(n, func(c interp.Call, args []interp.Value) interp.Value { return c.ReflectCall(n, rv, args) })
	}
	// A reflect.Kind (from a native reflect.Type's Kind) names itself.
	reg("(reflect.Kind).String", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.String(reflect.Kind(args[0].Uint()).String())
	})
	reg("reflect.TypeOf", func(c interp.Call, args []interp.Value) interp.Value {
		var rt reflect.Type
		if x := args[0]; !x.IsNil() {
			if nat := interp.NativeDynamic(x); nat != nil {
				rt = reflect.TypeOf(nat)
			} else if rt = interp.NativeType(x.DynamicType()); rt == nil {
				panic(&interp.BridgeError{Func: "reflect.TypeOf", CallSite: c.Pos(), Reason: "type " + x.DynamicType().String() + " has no native equivalent (only unnamed types built from predeclared ones have)"})
			}
		}
		v, err := c.FromNative(reflect.ValueOf(&rt).Elem(), resType(c, 0))
		if err != nil {
			panic(&interp.BridgeError{Func: "reflect.TypeOf", CallSite: c.Pos(), Reason: err.Error()})
		}
		return v
	})
	// context, which Load interprets from source, asks
	// internal/reflectlite whether a key is comparable and how to name a
	// type.
	reg("internal/reflectlite.TypeOf", func(c interp.Call, args []interp.Value) interp.Value {
		x := args[0]
		if x.IsNil() {
			return interp.Nil(interp.KindInterface)
		}
		if nat := interp.NativeDynamic(x); nat != nil {
			return c.NativeValue(liteType{rt: reflect.TypeOf(nat)})
		}
		return c.NativeValue(liteType{t: x.DynamicType()})
	})
}

// liteType is what internal/reflectlite.TypeOf returns to interpreted code
// (an internal/reflectlite.Type): an interpreted dynamic type t, or a
// native one rt.
type liteType struct {
	t  types.Type
	rt reflect.Type
}

// Comparable reports whether values of the type are comparable.
func (l liteType) Comparable() bool {
	if l.rt != nil {
		return l.rt.Comparable()
	}
	return types.Comparable(l.t)
}

// String names the type as the runtime does.
func (l liteType) String() string {
	if l.rt != nil {
		return l.rt.String()
	}
	return interp.TypeString(l.t)
}
