package interp

import (
	"fmt"
	"go/types"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// Kind is the representation class of a [Value]. Several Go types share a
// kind: all signed integer types are KindInt, all unsigned ones KindUint,
// arrays and structs are KindStruct-like aggregates (KindArray, KindStruct).
// The static type needed to interpret a value (its width, its field names)
// lives in the SSA program, not in the value.
type Kind uint8

// The kinds of [Value].
const (
	KindInvalid   Kind = iota // the zero Value: no value
	KindBool                  // bool
	KindInt                   // int, int8..int64, sign-extended to 64 bits
	KindUint                  // uint, uint8..uint64, uintptr, zero-extended
	KindFloat                 // float32 (rounded) and float64
	KindComplex               // complex64 and complex128
	KindString                // string
	KindPointer               // *T: a memory cell, or nil
	KindSlice                 // []T
	KindMap                   // map[K]V
	KindStruct                // struct{...}
	KindArray                 // [n]T
	KindInterface             // interface{...}: dynamic type and value, or nil
	KindFunc                  // func: a closure, or nil
	KindTuple                 // the results of a multi-valued call
	KindNative                // a value of a type the interpreter only knows natively
	KindChan                  // chan T: a channel, or nil
	kindIter                  // internal: range iterator
	kindDefers                // internal: a frame's defer stack
)

var kindNames = [...]string{"invalid", "bool", "int", "uint", "float", "complex", "string",
	"pointer", "slice", "map", "struct", "array", "interface", "func", "tuple", "native", "chan", "iter", "defers"}

// String returns the kind's name, for example "int".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Value is an interpreted Go value. It is a small struct passed by value: a
// 64-bit word holds booleans, integers and float bits; a pointer holds string
// data or the storage of aggregates. Values of aggregates (structs, arrays)
// held in registers are immutable; memory (variables, slice elements, fields
// reached through pointers) is made of cells that stores write into.
//
// The zero Value is invalid. Construct values with [Int], [Uint], [Bool],
// [Float], [String], [ValueOf] and friends.
type Value struct {
	p unsafe.Pointer
	n uint64
	k Kind
}

// cell is one unit of interpreted memory: a value and the event that last
// stored into it (-1 when none was recorded).
type cell struct {
	v  Value
	st EventID
}

// iface is the payload of a non-nil interface value.
type iface struct {
	t   typeRef
	v   Value
	nat any // for values created by native code whose type the program may not know
}

// closure is the payload of a non-nil func value.
type closure struct {
	fn    *fnCode   // interpreted function, or nil for a bridged function
	ext   extFunc   // bridged function when fn is nil
	env   []Value   // free variables
	envEv []EventID // events that produced env (MakeClosure's operands)
	name  string
}

// A tuple, the results of a multi-valued call (KindTuple), is a Value
// whose p points at its first element and n is its length (see Tuple and
// Value.tuple): making one allocates its elements and nothing else.

type nativeBox struct {
	rv reflect.Value // addressable
}

// Int returns a Value of kind KindInt.
func Int(i int64) Value { return Value{n: uint64(i), k: KindInt} }

// Uint returns a Value of kind KindUint.
func Uint(u uint64) Value { return Value{n: u, k: KindUint} }

// Bool returns a Value of kind KindBool.
func Bool(b bool) Value {
	if b {
		return Value{n: 1, k: KindBool}
	}
	return Value{k: KindBool}
}

// Float returns a Value of kind KindFloat.
func Float(f float64) Value { return Value{n: math.Float64bits(f), k: KindFloat} }

// Complex returns a Value of kind KindComplex.
func Complex(c complex128) Value { return Value{p: unsafe.Pointer(&c), k: KindComplex} }

// String returns a Value of kind KindString holding s.
func String(s string) Value {
	return Value{p: unsafe.Pointer(unsafe.StringData(s)), n: uint64(len(s)), k: KindString}
}

// Kind returns v's kind.
func (v Value) Kind() Kind { return v.k }

// IsValid reports whether v is not the zero Value.
func (v Value) IsValid() bool { return v.k != KindInvalid }

// Int returns v as a signed integer (the bits of a KindUint, truncated floats).
func (v Value) Int() int64 {
	if v.k == KindFloat {
		return int64(v.Float())
	}
	return int64(v.n)
}

// Uint returns v's 64-bit word as an unsigned integer.
func (v Value) Uint() uint64 { return v.n }

// Bool reports whether v is a true KindBool.
func (v Value) Bool() bool { return v.n != 0 }

// Float returns v as a float64 (converting integers).
func (v Value) Float() float64 {
	switch v.k {
	case KindInt:
		return float64(int64(v.n))
	case KindUint:
		return float64(v.n)
	}
	return math.Float64frombits(v.n)
}

// Complex returns v as a complex128; zero unless v is KindComplex.
func (v Value) Complex() complex128 {
	if v.k != KindComplex || v.p == nil {
		return 0
	}
	return *(*complex128)(v.p)
}

// Str returns the string held by a KindString value, else "".
func (v Value) Str() string {
	if v.k != KindString || v.n == 0 {
		return ""
	}
	return unsafe.String((*byte)(v.p), int(v.n))
}

// IsNil reports whether v is a nil pointer, slice, map, func or interface.
func (v Value) IsNil() bool {
	switch v.k {
	case KindPointer, KindSlice, KindMap, KindFunc, KindInterface, KindNative, KindChan:
		return v.p == nil
	}
	return false
}

// Len returns the length of a string, slice, array, struct (its field
// count), tuple or map value, and 0 for other kinds.
func (v Value) Len() int {
	switch v.k {
	case KindString, KindStruct, KindArray:
		return int(v.n)
	case KindSlice:
		if v.p == nil {
			return 0
		}
		return len(*(*[]cell)(v.p))
	case KindTuple:
		return int(v.n)
	case KindMap:
		if v.p == nil {
			return 0
		}
		return (*mapObj)(v.p).len()
	}
	return 0
}

// Index returns element i of a slice, array, struct (field i) or tuple, or
// the byte at i of a string (as KindUint). It panics if i is out of range,
// like a Go index expression.
func (v Value) Index(i int) Value {
	switch v.k {
	case KindString:
		return Uint(uint64(v.Str()[i]))
	case KindStruct, KindArray:
		return v.cells()[i].v
	case KindSlice:
		return (*(*[]cell)(v.p))[i].v
	case KindTuple:
		return v.tuple()[i]
	}
	panic("trace: Value.Index of " + v.k.String())
}

// Elem returns the value a non-nil pointer points to, or the dynamic value
// of a non-nil interface; otherwise the zero Value.
func (v Value) Elem() Value {
	switch v.k {
	case KindPointer:
		if v.p != nil {
			return (*cell)(v.p).v
		}
	case KindInterface:
		if v.p != nil {
			return (*iface)(v.p).v
		}
	}
	return Value{}
}

// DynamicType returns the dynamic type of a non-nil interface value of
// the interpreted program, or nil (a nil interface, a value of another
// kind, or one made by the standard library's native code whose type the
// program may not know).
func (v Value) DynamicType() types.Type {
	if v.k != KindInterface || v.p == nil {
		return nil
	}
	if it := (*iface)(v.p); it.nat == nil {
		return it.t.t
	}
	return nil
}

// Tuple returns a KindTuple value holding vs (not a copy).
func Tuple(vs ...Value) Value {
	return Value{p: unsafe.Pointer(unsafe.SliceData(vs)), n: uint64(len(vs)), k: KindTuple}
}

// tuple returns the elements of v, a KindTuple value.
func (v Value) tuple() []Value { return unsafe.Slice((*Value)(v.p), v.n) }

// Slice returns a KindSlice value whose elements are copies of elems.
func Slice(elems ...Value) Value {
	cs := make([]cell, len(elems))
	for i, e := range elems {
		cs[i] = cell{v: copyVal(e), st: -1}
	}
	return sliceOf(cs)
}

// Struct returns a KindStruct value with the given fields.
func Struct(fields ...Value) Value { return aggregate(KindStruct, fields) }

// Array returns a KindArray value with the given elements.
func Array(elems ...Value) Value { return aggregate(KindArray, elems) }

func aggregate(k Kind, vs []Value) Value {
	cs := make([]cell, len(vs))
	for i, e := range vs {
		cs[i] = cell{v: copyVal(e), st: -1}
	}
	return aggOf(k, cs)
}

func aggOf(k Kind, cs []cell) Value {
	if len(cs) == 0 {
		return Value{k: k}
	}
	return Value{p: unsafe.Pointer(&cs[0]), n: uint64(len(cs)), k: k}
}

func sliceOf(cs []cell) Value {
	return Value{p: unsafe.Pointer(&cs), k: KindSlice}
}

func (v Value) cells() []cell {
	if v.n == 0 {
		return nil
	}
	return unsafe.Slice((*cell)(v.p), v.n)
}

func (v Value) slice() []cell {
	if v.p == nil {
		return nil
	}
	return *(*[]cell)(v.p)
}

func (v Value) isAgg() bool { return v.k == KindStruct || v.k == KindArray }

// copyVal returns a deep copy of the aggregate parts of v (structs and
// arrays are values in Go); references are shared.
func copyVal(v Value) Value {
	if v.k == KindNative && v.p != nil {
		old := (*nativeBox)(v.p).rv
		nb := &nativeBox{rv: reflect.New(old.Type()).Elem()}
		nb.rv.Set(old)
		return Value{k: KindNative, p: ptrOf(nb)}
	}
	if !v.isAgg() || v.n == 0 {
		return v
	}
	src := v.cells()
	cs := make([]cell, len(src))
	for i := range src {
		cs[i] = cell{v: copyVal(src[i].v), st: src[i].st}
	}
	return aggOf(v.k, cs)
}

// newCell returns a new memory cell holding a copy of v, its cells and v's
// top-level cells stored by st. An aggregate's top-level cells share the
// cell's allocation.
func newCell(v Value, st EventID) *cell {
	if !v.isAgg() || v.n == 0 {
		return &cell{v: copyVal(v), st: st}
	}
	src := v.cells()
	cs := make([]cell, 1+len(src))
	for i := range src {
		cs[1+i] = cell{v: copyVal(src[i].v), st: src[i].st}
	}
	cs[0] = cell{v: aggOf(v.k, cs[1:]), st: st}
	return &cs[0]
}

// storeInto writes v into the memory cell c, in place for aggregates so that
// pointers to c's fields or elements observe the store.
func storeInto(c *cell, v Value, e EventID) {
	c.st = e
	if v.isAgg() && c.v.k == v.k && c.v.n == v.n && v.n > 0 {
		dst, src := c.v.cells(), v.cells()
		for i := range src {
			if sv := src[i].v; !copied(sv.k) {
				dst[i].st, dst[i].v = e, sv // what the call below does for these kinds
			} else {
				storeInto(&dst[i], sv, e)
			}
		}
		return
	}
	c.v = copyVal(v)
	if c.v.isAgg() {
		setStores(c.v.cells(), e)
	}
}

func setStores(cs []cell, e EventID) {
	for i := range cs {
		cs[i].st = e
		if cs[i].v.isAgg() {
			setStores(cs[i].v.cells(), e)
		}
	}
}

// Equal reports whether a and b are equal by Go's == on values of the same
// type: deep for strings, structs, arrays and interfaces, identity for
// pointers, and nil-ness for slices, maps and funcs.
func Equal(a, b Value) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case KindInvalid:
		return true
	case KindBool, KindInt, KindUint:
		return a.n == b.n
	case KindFloat:
		return a.Float() == b.Float()
	case KindComplex:
		return a.Complex() == b.Complex()
	case KindString:
		return a.Str() == b.Str()
	case KindStruct, KindArray:
		if a.n != b.n {
			return false
		}
		ac, bc := a.cells(), b.cells()
		for i := range ac {
			if !Equal(ac[i].v, bc[i].v) {
				return false
			}
		}
		return true
	case KindInterface:
		if a.p == nil || b.p == nil {
			return a.p == b.p
		}
		ai, bi := (*iface)(a.p), (*iface)(b.p)
		if ax, bx := ai.natHeld(), bi.natHeld(); ax != nil && bx != nil {
			// A value of a standard type that lives natively is the
			// same value as the program holds it (a package variable
			// of a bridged package, http.ErrNotSupported) and as a
			// native call returned it.
			return eqForm(ax) == eqForm(bx)
		}
		switch {
		case ai.nat != nil:
			return nativeEqualsInterpreted(ai.nat, bi)
		case bi.nat != nil:
			return nativeEqualsInterpreted(bi.nat, ai)
		}
		return ai.t.id == bi.t.id && Equal(ai.v, bi.v)
	case KindTuple:
		at, bt := a.tuple(), b.tuple()
		if len(at) != len(bt) {
			return false
		}
		for i := range at {
			if !Equal(at[i], bt[i]) {
				return false
			}
		}
		return true
	case KindNative:
		if a.p == nil || b.p == nil {
			return a.p == b.p
		}
		return eqForm((*nativeBox)(a.p).rv.Interface()) == eqForm((*nativeBox)(b.p).rv.Interface())
	}
	return a.p == b.p
}

// natHeld returns the native value interface payload it holds: its
// native dynamic value, or a value of a standard type that lives
// natively (a KindNative value held as its own type, not as a program's
// type over it); else nil.
func (it *iface) natHeld() any {
	if it.nat != nil {
		return it.nat
	}
	if it.v.k != KindNative || it.v.p == nil {
		return nil
	}
	rv := (*nativeBox)(it.v.p).rv
	if it.t.t == nil || nativeType(it.t.t) != rv.Type() {
		return nil
	}
	return rv.Interface()
}

// nativeEqualsInterpreted reports whether native value x equals the interpreted
// value of interface it: one of the same type (by name) and of a basic
// kind with the same value. A constant of a standard type the program
// names (syscall.EINVAL) is interpreted; the same value a native call
// returned (an *fs.PathError's Err) is native, and == holds between them.
func nativeEqualsInterpreted(x any, it *iface) bool {
	if emptyStructOf(x, it.t.t) {
		// A package variable of an empty struct type (http.NoBody),
		// which the program holds interpreted (tableGlobal), equals the
		// native one of its type.
		return true
	}
	if it.t.t == nil || !nativeIs(x, it.t.t) {
		return false
	}
	rv, v := reflect.ValueOf(x), it.v
	switch rv.Kind() {
	case reflect.Bool:
		return v.k == KindBool && rv.Bool() == (v.n != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.k == KindInt && rv.Int() == v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.k == KindUint && rv.Uint() == v.n
	case reflect.Float32, reflect.Float64:
		return v.k == KindFloat && rv.Float() == v.Float()
	case reflect.String:
		return v.k == KindString && rv.String() == v.Str()
	}
	return false
}

// emptyStructOf reports whether native x is a value of t, a named empty
// struct type of a standard package (exported or not): such values are
// all equal.
func emptyStructOf(x any, t types.Type) bool {
	rt := reflect.TypeOf(x)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || rt.Kind() != reflect.Struct || rt.Size() != 0 || n.Obj().Pkg() == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	return ok && st.NumFields() == rt.NumField() && rt.Name() == n.Obj().Name() && rt.PkgPath() == n.Obj().Pkg().Path()
}

// String formats v for people and golden files: integers in decimal, strings
// quoted, aggregates in braces, pointers as "ptr" (addresses are not stable),
// nil references as "nil".
func (v Value) String() string {
	var sb strings.Builder
	v.format(&sb, 0)
	return sb.String()
}

func (v Value) format(sb *strings.Builder, depth int) {
	if depth > 8 {
		sb.WriteString("...")
		return
	}
	switch v.k {
	case KindInvalid:
		sb.WriteString("<invalid>")
	case KindBool:
		sb.WriteString(strconv.FormatBool(v.Bool()))
	case KindInt:
		sb.WriteString(strconv.FormatInt(v.Int(), 10))
	case KindUint:
		sb.WriteString(strconv.FormatUint(v.n, 10))
	case KindFloat:
		sb.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case KindComplex:
		fmt.Fprint(sb, v.Complex())
	case KindString:
		sb.WriteString(strconv.Quote(v.Str()))
	case KindStruct, KindArray, KindSlice, KindTuple:
		if v.k == KindSlice && v.p == nil {
			sb.WriteString("nil")
			return
		}
		open, close := "{", "}"
		if v.k == KindArray || v.k == KindSlice {
			open, close = "[", "]"
		} else if v.k == KindTuple {
			open, close = "(", ")"
		}
		sb.WriteString(open)
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				if v.k == KindTuple {
					sb.WriteString(", ")
				} else {
					sb.WriteByte(' ')
				}
			}
			v.Index(i).format(sb, depth+1)
		}
		sb.WriteString(close)
	case KindMap:
		if v.p == nil {
			sb.WriteString("nil")
			return
		}
		sb.WriteString("map[")
		for i, e := range (*mapObj)(v.p).live() {
			if i > 0 {
				sb.WriteByte(' ')
			}
			e.k.format(sb, depth+1)
			sb.WriteByte(':')
			e.c.v.format(sb, depth+1)
		}
		sb.WriteString("]")
	case KindInterface:
		if v.p == nil {
			sb.WriteString("nil")
			return
		}
		it := (*iface)(v.p)
		if it.nat != nil {
			fmt.Fprint(sb, it.nat)
			return
		}
		it.v.format(sb, depth)
	case KindPointer, KindFunc, KindNative, KindChan:
		if v.p == nil {
			sb.WriteString("nil")
			return
		}
		if v.k == KindChan {
			sb.WriteString("chan")
			return
		}
		if v.k == KindNative {
			fmt.Fprint(sb, (*nativeBox)(v.p).rv.Interface())
			return
		}
		if v.k == KindFunc {
			sb.WriteString("func")
			return
		}
		sb.WriteString("ptr")
	default:
		sb.WriteString(v.k.String())
	}
}

// ValueOf converts a native Go value to a Value: booleans, integers,
// floats, complex numbers and strings of any (named) type; slices, arrays
// and structs of convertible values; pointers to convertible values (a fresh
// cell); nil. Other types yield an error.
func ValueOf(x any) (Value, error) {
	if x == nil {
		return Value{k: KindInterface}, nil
	}
	return valueOfReflect(reflect.ValueOf(x))
}

func valueOfReflect(rv reflect.Value) (Value, error) {
	switch rv.Kind() {
	case reflect.Bool:
		return Bool(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return Int(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return Uint(rv.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return Float(rv.Float()), nil
	case reflect.Complex64, reflect.Complex128:
		return Complex(rv.Complex()), nil
	case reflect.String:
		return String(rv.String()), nil
	case reflect.Slice:
		if rv.IsNil() {
			return Value{k: KindSlice}, nil
		}
		cs := make([]cell, rv.Len())
		for i := range cs {
			e, err := valueOfReflect(rv.Index(i))
			if err != nil {
				return Value{}, err
			}
			cs[i] = cell{v: e, st: -1}
		}
		return sliceOf(cs), nil
	case reflect.Array, reflect.Struct:
		n := rv.Len
		if rv.Kind() == reflect.Struct {
			n = rv.NumField
		}
		cs := make([]cell, n())
		for i := range cs {
			var f reflect.Value
			if rv.Kind() == reflect.Struct {
				f = rv.Field(i)
			} else {
				f = rv.Index(i)
			}
			e, err := valueOfReflect(f)
			if err != nil {
				return Value{}, err
			}
			cs[i] = cell{v: e, st: -1}
		}
		k := KindArray
		if rv.Kind() == reflect.Struct {
			k = KindStruct
		}
		return aggOf(k, cs), nil
	case reflect.Pointer:
		if rv.IsNil() {
			return Value{k: KindPointer}, nil
		}
		e, err := valueOfReflect(rv.Elem())
		if err != nil {
			return Value{}, err
		}
		return Value{p: unsafe.Pointer(&cell{v: e, st: -1}), k: KindPointer}, nil
	}
	return Value{}, fmt.Errorf("trace: ValueOf: unsupported type %s", rv.Type())
}

// Interface converts v to a native Go value without static type
// information: KindInt becomes int64, KindUint uint64, KindFloat float64,
// KindComplex complex128, KindString string, KindBool bool; slices, arrays,
// structs and tuples become []any; maps map[any]any (for keys that are
// comparable natively); interfaces their dynamic value; nil references nil;
// pointers the Interface of the value pointed to (one level); funcs and
// other kinds nil.
func (v Value) Interface() any {
	switch v.k {
	case KindBool:
		return v.Bool()
	case KindInt:
		return v.Int()
	case KindUint:
		return v.n
	case KindFloat:
		return v.Float()
	case KindComplex:
		return v.Complex()
	case KindString:
		return v.Str()
	case KindSlice, KindStruct, KindArray, KindTuple:
		if v.k == KindSlice && v.p == nil {
			return nil
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = v.Index(i).Interface()
		}
		return out
	case KindMap:
		if v.p == nil {
			return nil
		}
		out := map[any]any{}
		for _, e := range (*mapObj)(v.p).live() {
			k := e.k.Interface()
			if _, ok := k.([]any); ok {
				k = e.k.String()
			}
			out[k] = e.c.v.Interface()
		}
		return out
	case KindInterface:
		if v.p == nil {
			return nil
		}
		it := (*iface)(v.p)
		if it.nat != nil {
			return it.nat
		}
		return it.v.Interface()
	case KindPointer:
		if v.p == nil {
			return nil
		}
		return (*cell)(v.p).v.Interface()
	case KindNative:
		if v.p == nil {
			return nil
		}
		return (*nativeBox)(v.p).rv.Interface()
	}
	return nil
}
