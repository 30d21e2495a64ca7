package interp

import (
	"go/types"
	"reflect"
)

// Operations on interpreted values and memory for the stand-ins outside
// the package (package bridge), besides Value's own methods and those of
// extcall.go: values of a kind, addresses of elements, native values held
// in interpreted memory, conversions between interpreted and native
// values.

// Nil returns the nil value of kind k: a nil pointer, slice, map, func,
// interface or channel (the zero Value for other kinds).
func Nil(k Kind) Value {
	switch k {
	case KindPointer, KindSlice, KindMap, KindFunc, KindInterface, KindChan, KindNative:
		return Value{k: k}
	}
	return Value{}
}

// IndexAddr returns a pointer to element i of the slice s (&s[i]), or to
// field or element i of the struct or array s where s lives: in the
// variable it was read from ([Value.Elem] of a pointer, [Value.Index] of
// an aggregate), a store through the pointer changes that variable. It
// panics if i is out of range.
func IndexAddr(s Value, i int) Value {
	if s.isAgg() {
		return Value{k: KindPointer, p: ptrOf(&s.cells()[i])}
	}
	return Value{k: KindPointer, p: ptrOf(&s.slice()[i])}
}

// Copy returns v as an assignment copies it: structs and arrays deeply,
// references shared.
func Copy(v Value) Value { return copyVal(v) }

// Cap returns the capacity of the slice s (0 for nil).
func Cap(s Value) int { return cap(s.slice()) }

// Reslice returns s[:n] for the slice s, 0 <= n <= Cap(s): the same
// array (a nil s stays nil).
func Reslice(s Value, n int) Value {
	if s.p == nil && n == 0 {
		return s
	}
	return sliceOf(s.slice()[:n])
}

// MakeSlice returns make([]E, n, capacity) for the slice type t ([]E),
// charged to the run's allocation budget as make is.
func (c Call) MakeSlice(t types.Type, n, capacity int) Value {
	et := t.Underlying().(*types.Slice).Elem()
	c.r.allocCells(capacity)
	z := c.r.p.zero(et)
	cs := make([]cell, capacity)
	for i := range cs {
		cs[i] = cell{v: copyVal(z), st: NoEvent}
	}
	return sliceOf(cs[:n])
}

// AppendBytes returns append(s, b...) for slices s and b of one-byte
// elements: in s's array while it has room, else in a new one grown as
// the runtime grows it (charged to the run's allocation budget).
func (c Call) AppendBytes(s, b Value) Value { return c.r.appendCells(s, b.slice()) }

// MakeMap returns a new, empty map value (make(map[K]V)).
func MakeMap() Value { return Value{k: KindMap, p: ptrOf(newMap())} }

// MapIndex returns the value for key k of the map m and whether it is
// there (m[k] of a comma-ok assignment); k must be hashable.
func MapIndex(m, k Value) (Value, bool) {
	if m.p == nil {
		return Value{}, false
	}
	if e := (*mapObj)(m.p).lookup(k); e != nil && !e.dead {
		return e.c.v, true
	}
	return Value{}, false
}

// MapSet sets key k of the non-nil map m to v (m[k] = v), recording no
// event; a new key comes last in m's iteration order. k must be
// hashable.
func MapSet(m, k, v Value) { (*mapObj)(m.p).set(k, v, NoEvent) }

// BoxNative returns a value of kind KindNative that holds the native
// value x in interpreted memory (an *os.File, a *big.Int): interpreted
// code passes it to bridged functions and methods, which receive x.
func BoxNative(x any) Value { return nativeValue(x) }

// Write stores x in the variable the non-nil pointer ptr points to, as
// written by the bridged call c: a later load depends on the call's event,
// as it does on what a native call writes back through its arguments.
// [Store] records no writer.
func (c Call) Write(ptr, x Value) {
	cl := (*cell)(ptr.p)
	cl.v, cl.st = x, c.r.extEv
}

// FromNative converts the native value rv to an interpreted value of
// static type t (nil: rv's type decides), as the results of bridged calls
// are converted.
func (c Call) FromNative(rv reflect.Value, t types.Type) (Value, error) {
	return c.r.fromNative(rv, t)
}

// ToNative converts v, an interpreted value of static type t (nil if
// unknown), to a native value of type rt, as the arguments of bridged
// calls are converted.
func (c Call) ToNative(v Value, t types.Type, rt reflect.Type) (reflect.Value, error) {
	return c.r.toNative(c.fr, c.in, v, t, rt)
}

// RuntimeFuncName names a function as the runtime's tracebacks do, from
// its go/ssa name (ssa.Function.String): closures f$1 and f$1$2 become
// f.func1 and f.func1.2.
func RuntimeFuncName(ssaName string) string { return runtimeFuncName(ssaName) }

// NativeType returns the native type equal to the interpreted type t, or
// nil if there is none: types declared by the interpreted program (and
// composites of them) exist only as go/types types; a standard type whose
// values live natively (RegisterNativeType) is its native type.
func NativeType(t types.Type) reflect.Type { return nativeType(t) }

// ReflectTypeString names t as reflect.Type.String names the same native
// type: package names, uint8 and int32 for byte and rune, interface {}
// for any, spaced struct braces ([TypeString] is the runtime's name).
func ReflectTypeString(t types.Type) string { return goTypeName(t) }

// MapDelete deletes key k of the map m (delete(m, k)); nothing for a nil
// map or a missing key.
func MapDelete(m, k Value) {
	if m.p != nil {
		(*mapObj)(m.p).delete(k)
	}
}

// MapClear deletes every key of the map m (clear(m)).
func MapClear(m Value) {
	if m.p != nil {
		(*mapObj)(m.p).clear()
	}
}

// Equal reports x == y for interpreted values of the same type, as the
// == operator of the call does: comparing interface values whose dynamic
// type is not comparable is a run-time panic.
func (c Call) Equal(x, y Value) bool { return c.r.equal(c.fr, c.in, x, y) }

// CheckKey panics as the runtime does when k, an interface value used as
// a map key, holds a value of a type that cannot be hashed.
func (c Call) CheckKey(k Value) { c.r.hashable(c.fr, c.in, k) }

// Panic panics with the interpreted interface value v at the call, as
// panic(v) does in the interpreted program.
func (c Call) Panic(v Value) { c.r.throw(c.fr, c.in, v, NoEvent) }

// SwapElems exchanges elements i and j of the slice s, with what stored
// them: a later load of either depends on the store of the value it
// reads, as after a swap in the interpreted program.
func SwapElems(s Value, i, j int) {
	cs := s.slice()
	cs[i], cs[j] = cs[j], cs[i]
}
