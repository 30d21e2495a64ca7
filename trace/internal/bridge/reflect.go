package bridge

import (
	"go/types"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// What interpreted code asks of internal/reflectlite (reflect itself is
// emulated over interpreted values in package interp, reflect_*.go).
func init() {
	reg := interp.RegisterBridge
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
