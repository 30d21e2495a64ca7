package interp

import (
	"reflect"
	"sync/atomic"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// The methods of sync/atomic's typed values (Int32, Int64, Uint32,
// Uint64, Uintptr, Bool), called on the native variable an interpreted
// one holds (a native type's value lives in a box, value.go) directly,
// not by reflection: a loop that loads an atomic counter at each turn
// (go-runewidth's RuneWidth) would spend most of its time converting
// arguments. A receiver that holds no native variable is the generated
// table's reflective call, as without these bridges.

// atomicOps is the method set of sync/atomic's integer types.
type atomicOps[T int32 | int64 | uint32 | uint64 | uintptr] interface {
	Load() T
	Store(T)
	Swap(T) T
	CompareAndSwap(old, new T) bool
	Add(T) T
	And(T) T
	Or(T) T
}

// atomicVar returns the native variable that x, a pointer to a value of
// a native type, points to.
func atomicVar(x Value) any {
	var b *nativeBox
	switch {
	case x.p == nil:
		return nil
	case x.k == KindNative:
		b = (*nativeBox)(x.p)
	case x.k == KindPointer:
		if c := (*cell)(x.p); c.v.k == KindNative && c.v.p != nil {
			b = (*nativeBox)(c.v.p)
		}
	}
	switch {
	case b == nil:
		return nil
	case b.rv.Kind() == reflect.Pointer:
		return b.rv.Interface()
	case b.rv.CanAddr():
		return b.rv.Addr().Interface()
	}
	return nil
}

// atomicBridge registers the bridge of method op of sync/atomic's type
// typ: f on the receiver's native variable, of type A, when it has one.
func atomicBridge[A any](typ, op string, f func(a A, args []Value) Value) {
	name := "(*sync/atomic." + typ + ")." + op
	native, ok := stdtable.Funcs[name]
	if !ok {
		return // not in the table: the method is interpreted from source
	}
	rv := reflect.ValueOf(native)
	bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if a, ok := atomicVar(args[0]).(A); ok {
			return f(a, args[1:])
		}
		return r.reflectCall(fr, in, name, rv, calleeSig(in), args)
	}
}

// atomicIntBridges registers the bridges of the methods of typ, whose
// pointer is A, holding a T that val makes a Value of.
func atomicIntBridges[T int32 | int64 | uint32 | uint64 | uintptr, A atomicOps[T]](typ string, val func(T) Value) {
	w := func(v Value) T { return T(v.n) }
	atomicBridge(typ, "Load", func(a A, args []Value) Value { return val(a.Load()) })
	atomicBridge(typ, "Store", func(a A, args []Value) Value { a.Store(w(args[0])); return Value{} })
	atomicBridge(typ, "Swap", func(a A, args []Value) Value { return val(a.Swap(w(args[0]))) })
	atomicBridge(typ, "CompareAndSwap", func(a A, args []Value) Value {
		return Bool(a.CompareAndSwap(w(args[0]), w(args[1])))
	})
	atomicBridge(typ, "Add", func(a A, args []Value) Value { return val(a.Add(w(args[0]))) })
	atomicBridge(typ, "And", func(a A, args []Value) Value { return val(a.And(w(args[0]))) })
	atomicBridge(typ, "Or", func(a A, args []Value) Value { return val(a.Or(w(args[0]))) })
}

func init() {
	atomicIntBridges[int32, *atomic.Int32]("Int32", func(x int32) Value { return Int(int64(x)) })
	atomicIntBridges[int64, *atomic.Int64]("Int64", func(x int64) Value { return Int(x) })
	atomicIntBridges[uint32, *atomic.Uint32]("Uint32", func(x uint32) Value { return Uint(uint64(x)) })
	atomicIntBridges[uint64, *atomic.Uint64]("Uint64", func(x uint64) Value { return Uint(x) })
	atomicIntBridges[uintptr, *atomic.Uintptr]("Uintptr", func(x uintptr) Value { return Uint(uint64(x)) })
	atomicBridge("Bool", "Load", func(a *atomic.Bool, args []Value) Value { return Bool(a.Load()) })
	atomicBridge("Bool", "Store", func(a *atomic.Bool, args []Value) Value { a.Store(args[0].Bool()); return Value{} })
	atomicBridge("Bool", "Swap", func(a *atomic.Bool, args []Value) Value { return Bool(a.Swap(args[0].Bool())) })
	atomicBridge("Bool", "CompareAndSwap", func(a *atomic.Bool, args []Value) Value {
		return Bool(a.CompareAndSwap(args[0].Bool(), args[1].Bool()))
	})
}
