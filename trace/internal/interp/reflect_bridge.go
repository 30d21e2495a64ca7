package interp

import (
	"errors"
	"go/types"
	"reflect"
	"strings"
)

// The bridges of package reflect's functions and of reflect.Value's and
// reflect.MapIter's methods, over rvalue and rtype (reflect_value.go,
// reflect_type.go). reflect.Type's methods are rtypeMethod's. What is not
// here stops the run with a *BridgeError naming the call
// (unbridgedReason).

// rvMethods are the methods of reflect.Value, by name: v is the receiver.
var rvMethods = map[string]func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value{
	"IsValid": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value { return Bool(v.t != nil) },
	"Kind":    func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value { return Uint(uint64(v.kind())) },
	"Type": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.Type", Kind: reflect.Invalid})
		}
		return r.typeValue(v.t)
	},
	"Interface": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return r.ifaceOf(fr, in, v, "Interface")
	},
	"CanInterface": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.CanInterface", Kind: reflect.Invalid})
		}
		return Bool(v.f&flagRO == 0 && (!v.nv.IsValid() || v.nv.CanInterface()))
	},
	"CanAddr": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.nv.IsValid() {
			return Bool(v.nv.CanAddr())
		}
		return Bool(v.f&flagAddr != 0)
	},
	"CanSet": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value { return Bool(v.canSet()) },
	"Addr": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.nv.IsValid() {
			return rvBox(r.rvNative(v.nv.Addr(), nil, v.f&flagRO))
		}
		if v.f&flagAddr == 0 {
			panic("reflect.Value.Addr of unaddressable value")
		}
		pt := types.NewPointer(v.t.need(r, in, "(reflect.Value).Addr"))
		return rvBox(r.rvOf(pt, Value{k: KindPointer, p: ptrOf(v.c)}, v.f&flagRO))
	},
	"Elem": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value { return rvBox(r.elem(fr, in, v)) },
	"NumField": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("NumField", reflect.Struct)
		if v.t.t == nil {
			if opaque(v.nv.Type()) {
				return Int(0)
			}
			return Int(int64(v.nv.NumField()))
		}
		return Int(int64(v.t.t.Underlying().(*types.Struct).NumFields()))
	},
	"Field": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return rvBox(r.field(fr, in, v, int(args[0].Int())))
	},
	"FieldByIndex": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		for k, i := range intsOf(args[0]) {
			if k > 0 && v.kind() == reflect.Pointer {
				if r.get(fr, in, v).p == nil {
					panic("reflect: indirection through nil pointer to embedded struct")
				}
				v = r.elem(fr, in, v)
			}
			v = r.field(fr, in, v, i)
		}
		return rvBox(v)
	},
	"FieldByIndexErr": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		idx := intsOf(args[0])
		if len(idx) != 1 {
			v.mustBe("FieldByIndexErr", reflect.Struct)
		}
		for k, i := range idx {
			if k > 0 && v.kind() == reflect.Pointer {
				et := r.p.rtypeOf(elemType(v.t.need(r, in, "(reflect.Value).FieldByIndexErr")))
				if et.kind() != reflect.Struct {
					v = r.field(fr, in, v, i) // panics as reflect does
					continue
				}
				if r.get(fr, in, v).p == nil {
					err := errors.New("reflect: indirection through nil pointer to embedded struct field " + et.name())
					return Tuple(rvBox(rvalue{}), r.nativeIface(err))
				}
				v = r.elem(fr, in, v)
			}
			v = r.field(fr, in, v, i)
		}
		return Tuple(rvBox(v), Value{k: KindInterface})
	},
	"FieldByNameFunc": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("FieldByNameFunc", reflect.Struct)
		idx, ok := fieldByNameFunc(v.t.need(r, in, "(reflect.Value).FieldByNameFunc"), r.nameMatcher(fr, in, args[0]))
		return rvBox(r.fieldPath(fr, in, v, idx, ok))
	},
	"FieldByName": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("FieldByName", reflect.Struct)
		idx, ok := fieldByName(v.t.need(r, in, "(reflect.Value).FieldByName"), args[0].Str())
		if !ok {
			return rvBox(rvalue{})
		}
		for k, i := range idx {
			if k > 0 && v.kind() == reflect.Pointer {
				if r.get(fr, in, v).p == nil {
					panic("reflect: indirection through nil pointer to embedded struct")
				}
				v = r.elem(fr, in, v)
			}
			v = r.field(fr, in, v, i)
		}
		return rvBox(v)
	},
	"Index": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return rvBox(r.rvIndex(fr, in, v, int(args[0].Int())))
	},
	"Len": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value { return Int(int64(r.length(fr, in, v))) },
	"Cap": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Cap", reflect.Slice, reflect.Array, reflect.Chan)
		if nv, ok := v.native(); ok {
			return Int(int64(nv.Cap()))
		}
		switch v.kind() {
		case reflect.Array:
			return Int(int64(r.length(fr, in, v)))
		case reflect.Chan:
			return Int(int64((*chanObj)(r.get(fr, in, v).p).capacity()))
		}
		return Int(int64(Cap(r.get(fr, in, v))))
	},
	"IsNil": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("IsNil", reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer)
		if nv, ok := v.native(); ok {
			return Bool(nv.IsNil())
		}
		return Bool(r.get(fr, in, v).p == nil)
	},
	"IsZero": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.IsZero", Kind: reflect.Invalid})
		}
		if nv, ok := v.native(); ok {
			return Bool(nv.IsZero())
		}
		return Bool(isZeroVal(v.t.t, r.get(fr, in, v)))
	},
	"Int": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Int", reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64)
		if nv, ok := v.native(); ok {
			return Int(nv.Int())
		}
		return Int(r.get(fr, in, v).Int())
	},
	"Uint": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Uint", reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr)
		if nv, ok := v.native(); ok {
			return Uint(nv.Uint())
		}
		return Uint(r.get(fr, in, v).Uint())
	},
	"Float": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Float", reflect.Float32, reflect.Float64)
		if nv, ok := v.native(); ok {
			return Float(nv.Float())
		}
		return Float(r.get(fr, in, v).Float())
	},
	"Complex": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Complex", reflect.Complex64, reflect.Complex128)
		if nv, ok := v.native(); ok {
			return Complex(nv.Complex())
		}
		return Complex(r.get(fr, in, v).Complex())
	},
	"Bool": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("Bool", reflect.Bool)
		if nv, ok := v.native(); ok {
			return Bool(nv.Bool())
		}
		return Bool(r.get(fr, in, v).Bool())
	},
	"String": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		switch v.kind() {
		case reflect.Invalid:
			return String("<invalid Value>")
		case reflect.String:
			if nv, ok := v.native(); ok {
				return String(nv.String())
			}
			return String(r.get(fr, in, v).Str())
		}
		return String("<" + v.t.String() + " Value>")
	},
	"Bytes": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.kind() == reflect.Array {
			if v.f&flagAddr == 0 {
				panic("reflect.Value.Bytes of unaddressable byte array")
			}
			return sliceOf(r.get(fr, in, v).cells())
		}
		v.mustBe("Bytes", reflect.Slice)
		if reflectKind(elemType(v.t.need(r, in, "(reflect.Value).Bytes"))) != reflect.Uint8 {
			panic("reflect.Value.Bytes of non-byte slice")
		}
		return r.get(fr, in, v)
	},
	"Pointer": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return Uint(uint64(r.pointerOf(fr, in, v)))
	},
	"UnsafeAddr": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.nv.IsValid() {
			return Uint(uint64(r.nativeAddr(v.nv)))
		}
		if v.f&flagAddr == 0 || v.c == nil {
			panic("reflect.Value.UnsafeAddr of unaddressable value")
		}
		return Uint(uint64(r.issueUintptr(ptrOf(v.c), v.t.t)))
	},
	"Set": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("Set")
		x := rvArg(args[0])
		if x.f&flagRO != 0 {
			panic("reflect: reflect.Value.Set using value obtained using unexported field")
		}
		r.set(fr, in, v, r.assignTo(fr, in, x, v.t.need(r, in, "(reflect.Value).Set"), "reflect.Set"))
		return Value{}
	},
	"SetIterKey": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		r.setIter(fr, in, v, args[0], "SetIterKey")
		return Value{}
	},
	"SetIterValue": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		r.setIter(fr, in, v, args[0], "SetIterValue")
		return Value{}
	},
	"SetZero": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetZero")
		r.set(fr, in, v, copyVal(r.p.zero(v.t.need(r, in, "(reflect.Value).SetZero"))))
		return Value{}
	},
	"SetInt": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetInt")
		v.mustBe("SetInt", reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64)
		_, ii := classify(v.t.need(r, in, "(reflect.Value).SetInt"))
		r.set(fr, in, v, Int(int64(ii.norm(uint64(args[0].Int())))))
		return Value{}
	},
	"SetUint": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetUint")
		v.mustBe("SetUint", reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr)
		_, ii := classify(v.t.need(r, in, "(reflect.Value).SetUint"))
		r.set(fr, in, v, Uint(ii.norm(args[0].Uint())))
		return Value{}
	},
	"SetFloat": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetFloat")
		v.mustBe("SetFloat", reflect.Float32, reflect.Float64)
		f := args[0].Float()
		if v.kind() == reflect.Float32 {
			f = float64(float32(f))
		}
		r.set(fr, in, v, Float(f))
		return Value{}
	},
	"SetComplex": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetComplex")
		v.mustBe("SetComplex", reflect.Complex64, reflect.Complex128)
		c := args[0].Complex()
		if v.kind() == reflect.Complex64 {
			c = complex128(complex64(c))
		}
		r.set(fr, in, v, Complex(c))
		return Value{}
	},
	"SetBool": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetBool")
		v.mustBe("SetBool", reflect.Bool)
		r.set(fr, in, v, Bool(args[0].Bool()))
		return Value{}
	},
	"SetString": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetString")
		v.mustBe("SetString", reflect.String)
		r.set(fr, in, v, args[0])
		return Value{}
	},
	"SetBytes": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetBytes")
		v.mustBe("SetBytes", reflect.Slice)
		r.set(fr, in, v, args[0])
		return Value{}
	},
	"SetLen": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("SetLen")
		v.mustBe("SetLen", reflect.Slice)
		x, n := r.get(fr, in, v), int(args[0].Int())
		if n < 0 || n > Cap(x) {
			panic("reflect: slice length out of range in SetLen")
		}
		r.set(fr, in, v, Reslice(x, n))
		return Value{}
	},
	"Grow": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBeAssignable("Grow")
		v.mustBe("Grow", reflect.Slice)
		if v.nv.IsValid() {
			v.nv.Grow(int(args[0].Int()))
			return Value{}
		}
		x, n := r.get(fr, in, v), int(args[0].Int())
		l := len(x.slice())
		switch {
		case n < 0:
			panic("reflect.Value.Grow: negative len")
		case l+n < 0:
			panic("reflect.Value.Grow: slice overflow")
		case l+n > Cap(x):
			// growslice's capacity, as append's; the length stays.
			r.set(fr, in, v, r.growVals(x, v.t.need(r, in, "(reflect.Value).Grow"), l+n))
		}
		return Value{}
	},
	"SetMapIndex": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("SetMapIndex", reflect.Map)
		if v.f&flagRO != 0 {
			panic("reflect: reflect.Value.SetMapIndex using value obtained using unexported field")
		}
		mt := v.t.need(r, in, "(reflect.Value).SetMapIndex").Underlying().(*types.Map)
		m := r.get(fr, in, v)
		k := r.assignTo(fr, in, rvArg(args[0]), mt.Key(), "reflect.Value.SetMapIndex")
		r.hashable(fr, in, k)
		e := rvArg(args[1])
		if e.t == nil {
			MapDelete(m, k)
			return Value{}
		}
		if m.p == nil {
			panic("assignment to entry in nil map")
		}
		(*mapObj)(m.p).set(k, r.assignTo(fr, in, e, mt.Elem(), "reflect.Value.SetMapIndex"), r.extEv)
		return Value{}
	},
	"MapIndex": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("MapIndex", reflect.Map)
		mt := v.t.need(r, in, "(reflect.Value).MapIndex").Underlying().(*types.Map)
		k := r.assignTo(fr, in, rvArg(args[0]), mt.Key(), "reflect.Value.MapIndex")
		r.hashable(fr, in, k)
		e, ok := MapIndex(r.get(fr, in, v), k)
		if !ok {
			return rvBox(rvalue{})
		}
		return rvBox(r.rvOf(mt.Elem(), copyVal(e), v.f&flagRO))
	},
	"MapKeys": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("MapKeys", reflect.Map)
		mt := v.t.need(r, in, "(reflect.Value).MapKeys").Underlying().(*types.Map)
		keys := MapKeys(r.get(fr, in, v))
		out := make([]rvalue, len(keys))
		for i, k := range keys {
			out[i] = r.rvOf(mt.Key(), k, v.f&flagRO)
		}
		return rvSlice(out)
	},
	"MapRange": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		v.mustBe("MapRange", reflect.Map)
		v.t.need(r, in, "(reflect.Value).MapRange")
		m := r.get(fr, in, v)
		return nativeValue(&mapIter{m: v, mv: m, keys: MapKeys(m)})
	},
	"Slice": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return rvBox(r.sliceVal(fr, in, v, int(args[0].Int()), int(args[1].Int()), -1))
	},
	"Slice3": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return rvBox(r.sliceVal(fr, in, v, int(args[0].Int()), int(args[1].Int()), int(args[2].Int())))
	},
	"Convert": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.Convert", Kind: reflect.Invalid})
		}
		return rvBox(r.convertTo(fr, in, v, r.asType(args[0])))
	},
	"CanConvert": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.CanConvert", Kind: reflect.Invalid})
		}
		return Bool(types.ConvertibleTo(v.t.need(r, in, "(reflect.Value).CanConvert"), r.asType(args[0]).need(r, in, "(reflect.Value).CanConvert")))
	},
	"NumMethod": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.NumMethod", Kind: reflect.Invalid})
		}
		return Int(int64(len(r.p.exportedMethods(v.t.need(r, in, "(reflect.Value).NumMethod")))))
	},
	"Method": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return rvBox(r.method(fr, in, v, int(args[0].Int())))
	},
	"MethodByName": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.Value.MethodByName", Kind: reflect.Invalid})
		}
		for i, m := range r.p.exportedMethods(v.t.need(r, in, "(reflect.Value).MethodByName")) {
			if m.Obj().Name() == args[0].Str() {
				return rvBox(r.method(fr, in, v, i))
			}
		}
		return rvBox(rvalue{})
	},
	"Call": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return r.callFunc(fr, in, v, rvArgs(args[0]), false)
	},
	"CallSlice": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return r.callFunc(fr, in, v, rvArgs(args[0]), true)
	},
	"Equal": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		u := rvArg(args[0])
		if v.t == nil || u.t == nil {
			return Bool(v.t == u.t)
		}
		if v.t != u.t {
			return Bool(false)
		}
		return Bool(r.equal(fr, in, r.get(fr, in, v), r.get(fr, in, u)))
	},
	"Comparable": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return Bool(r.rvComparable(fr, in, v, 0))
	},
	"OverflowInt": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return Bool(overflows(v.t, "OverflowInt", args[0]))
	},
	"OverflowUint": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return Bool(overflows(v.t, "OverflowUint", args[0]))
	},
	"OverflowFloat": func(r *run, fr *frame, in *ins, v rvalue, args []Value) Value {
		return Bool(overflows(v.t, "OverflowFloat", args[0]))
	},
}

// nameMatcher is the interpreted func(string) bool fv as a Go func.
func (r *run) nameMatcher(fr *frame, in *ins, fv Value) func(string) bool {
	return func(s string) bool { return r.callValue(fr, in, fv, []Value{String(s)}).Bool() }
}

// fieldPath is the field of v at index path idx (the invalid Value if
// !ok), through embedded pointers.
func (r *run) fieldPath(fr *frame, in *ins, v rvalue, idx []int, ok bool) rvalue {
	if !ok {
		return rvalue{}
	}
	for k, i := range idx {
		if k > 0 && v.kind() == reflect.Pointer {
			if r.get(fr, in, v).p == nil {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = r.elem(fr, in, v)
		}
		v = r.field(fr, in, v, i)
	}
	return v
}

// rvComparable is v.Comparable(): whether == on v's value would not
// panic.
func (r *run) rvComparable(fr *frame, in *ins, v rvalue, depth int) bool {
	switch v.kind() {
	case reflect.Invalid:
		return false
	case reflect.Interface:
		if nv, ok := v.native(); ok {
			return nv.Comparable()
		}
		if r.get(fr, in, v).p == nil {
			return true
		}
		return r.rvComparable(fr, in, r.elem(fr, in, v), depth+1)
	case reflect.Array, reflect.Struct:
		if nv, ok := v.native(); ok {
			return nv.Comparable()
		}
		n := 0
		if v.kind() == reflect.Array {
			n = r.length(fr, in, v)
		} else {
			n = v.t.t.Underlying().(*types.Struct).NumFields()
		}
		for i := range n {
			var e rvalue
			if v.kind() == reflect.Array {
				e = r.rvIndex(fr, in, v, i)
			} else {
				e = r.field(fr, in, v, i)
			}
			if !r.rvComparable(fr, in, e, depth+1) {
				return false
			}
		}
		return true
	}
	if v.t.t == nil {
		return v.t.rt.Comparable()
	}
	return types.Comparable(v.t.t)
}

// sliceVal is v.Slice(i, j), or v.Slice3(i, j, k) for k >= 0.
func (r *run) sliceVal(fr *frame, in *ins, v rvalue, i, j, k int) rvalue {
	v.mustBe("Slice", reflect.Slice, reflect.Array, reflect.String)
	t := v.t.need(r, in, "(reflect.Value).Slice")
	x := r.get(fr, in, v)
	var cs []cell
	st := t
	switch v.kind() {
	case reflect.String:
		s := x.Str()
		if i < 0 || j < i || j > len(s) || k >= 0 {
			panic("reflect.Value.Slice: string slice index out of bounds")
		}
		return r.rvOf(t, String(s[i:j]), v.f&flagRO)
	case reflect.Array:
		if v.f&flagAddr == 0 {
			panic("reflect.Value.Slice: slice of unaddressable array")
		}
		cs = x.cells()
		st = types.NewSlice(elemType(t))
	default:
		cs = x.slice()
	}
	if k < 0 {
		k = cap(cs)
	}
	if i < 0 || j < i || k < j || k > cap(cs) {
		panic("reflect.Value.Slice: slice index out of bounds")
	}
	return r.rvOf(st, sliceOf(cs[i:j:k]), v.f&flagRO)
}

// rvFuncs are package reflect's functions.
var rvFuncs = map[string]extFunc{
	"reflect.ValueOf": func(r *run, fr *frame, in *ins, args []Value) Value {
		x := args[0]
		if x.p == nil {
			return rvBox(rvalue{})
		}
		it := (*iface)(x.p)
		if it.nat != nil {
			return rvBox(r.rvNative(reflect.ValueOf(it.nat), nil, 0))
		}
		r.checkReflectable(in, it.t.t, "reflect.ValueOf")
		t := r.p.rtypeOf(it.t.t)
		return rvBox(rvalue{t: t, c: r.valueOfCell(t, it.v)})
	},
	"reflect.TypeOf": func(r *run, fr *frame, in *ins, args []Value) Value {
		x := args[0]
		if x.p == nil {
			return Value{k: KindInterface}
		}
		if it := (*iface)(x.p); it.nat != nil {
			return r.typeValue(r.p.rtypeNative(reflect.TypeOf(it.nat)))
		} else {
			r.checkReflectable(in, it.t.t, "reflect.TypeOf")
			return r.typeValue(r.p.rtypeOf(it.t.t))
		}
	},
	"reflect.TypeFor": func(r *run, fr *frame, in *ins, args []Value) Value {
		ci := in.x.(*callInfo)
		if ci.code == nil || ci.code.fn.TypeArgs() == nil {
			panic(&BridgeError{Func: "reflect.TypeFor", CallSite: r.pos(in), Reason: "called other than directly"})
		}
		r.checkReflectable(in, ci.code.fn.TypeArgs()[0], "reflect.TypeFor")
		return r.typeValue(r.p.rtypeOf(ci.code.fn.TypeArgs()[0]))
	},
	"reflect.TypeAssert": func(r *run, fr *frame, in *ins, args []Value) Value {
		// TypeAssert[T](v) is v.Interface().(T), with the comma.
		ci := in.x.(*callInfo)
		if ci.code == nil || ci.code.fn.TypeArgs() == nil {
			panic(&BridgeError{Func: "reflect.TypeAssert", CallSite: r.pos(in), Reason: "called other than directly"})
		}
		t := ci.code.fn.TypeArgs()[0]
		v := rvArg(args[0])
		if v.t == nil {
			panic(&reflect.ValueError{Method: "reflect.TypeAssert", Kind: reflect.Invalid})
		}
		if v.f&flagRO != 0 || (v.nv.IsValid() && !v.nv.CanInterface()) {
			panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
		}
		x := r.toIface(fr, in, v)
		if isIface(t) {
			if x.p == nil || !r.p.implements((*iface)(x.p), r.p.internLocked(t)) {
				return Tuple(Value{k: KindInterface}, Bool(false))
			}
			return Tuple(x, Bool(true))
		}
		if x.p != nil {
			it := (*iface)(x.p)
			switch {
			case it.nat != nil && nativeIs(it.nat, t):
				return Tuple(nativeToValue(r, it.nat, t), Bool(true))
			case it.nat == nil && types.Identical(it.t.t, t):
				return Tuple(it.v, Bool(true))
			}
		}
		return Tuple(copyVal(r.p.zero(t)), Bool(false))
	},
	"reflect.Indirect": func(r *run, fr *frame, in *ins, args []Value) Value {
		v := rvArg(args[0])
		if v.kind() != reflect.Pointer {
			return args[0]
		}
		return rvBox(r.elem(fr, in, v))
	},
	"reflect.New": func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.argType(in, args[0], "reflect.New")
		z := r.p.zero(t)
		r.allocCells(1 + z.aggLen())
		return rvBox(r.rvOf(types.NewPointer(t), Value{k: KindPointer, p: ptrOf(newCell(z, NoEvent))}, 0))
	},
	"reflect.Zero": func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.argType(in, args[0], "reflect.Zero")
		return rvBox(r.rvOf(t, copyVal(r.p.zero(t)), 0))
	},
	"reflect.MakeSlice": func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.argType(in, args[0], "reflect.MakeSlice")
		if reflectKind(t) != reflect.Slice {
			panic("reflect.MakeSlice of non-slice type")
		}
		n, c := int(args[1].Int()), int(args[2].Int())
		if n < 0 || c < n {
			panic("reflect.MakeSlice: len out of range")
		}
		return rvBox(r.rvOf(t, Call{r: r, fr: fr, in: in}.MakeSlice(t, n, c), 0))
	},
	"reflect.MakeMap": func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.argType(in, args[0], "reflect.MakeMap")
		if reflectKind(t) != reflect.Map {
			panic("reflect.MakeMapWithSize of non-map type")
		}
		return rvBox(r.rvOf(t, MakeMap(), 0))
	},
	"reflect.MakeMapWithSize": func(r *run, fr *frame, in *ins, args []Value) Value {
		t := r.argType(in, args[0], "reflect.MakeMapWithSize")
		if reflectKind(t) != reflect.Map {
			panic("reflect.MakeMapWithSize of non-map type")
		}
		return rvBox(r.rvOf(t, MakeMap(), 0))
	},
	"reflect.Append": func(r *run, fr *frame, in *ins, args []Value) Value {
		s := rvArg(args[0])
		s.mustBe("Append", reflect.Slice)
		t := s.t.need(r, in, "reflect.Append")
		var vs []Value
		for _, x := range rvArgs(args[1]) {
			vs = append(vs, r.assignTo(fr, in, x, elemType(t), "reflect.Append"))
		}
		return rvBox(r.rvOf(t, r.appendVals(r.get(fr, in, s), t, vs), 0))
	},
	"reflect.AppendSlice": func(r *run, fr *frame, in *ins, args []Value) Value {
		s, u := rvArg(args[0]), rvArg(args[1])
		s.mustBe("AppendSlice", reflect.Slice)
		u.mustBe("AppendSlice", reflect.Slice)
		t := s.t.need(r, in, "reflect.AppendSlice")
		if !types.Identical(elemType(t), elemType(u.t.need(r, in, "reflect.AppendSlice"))) {
			panic("reflect.AppendSlice: " + s.t.String() + " != " + u.t.String())
		}
		var vs []Value
		for _, c := range r.get(fr, in, u).slice() {
			vs = append(vs, c.v)
		}
		return rvBox(r.rvOf(t, r.appendVals(r.get(fr, in, s), t, vs), 0))
	},
	"reflect.Copy": func(r *run, fr *frame, in *ins, args []Value) Value {
		dst, src := rvArg(args[0]), rvArg(args[1])
		dst.mustBe("Copy", reflect.Slice, reflect.Array)
		src.mustBe("Copy", reflect.Slice, reflect.Array, reflect.String)
		var dcs []cell
		if dst.kind() == reflect.Array {
			if dst.f&flagAddr == 0 {
				panic("reflect.Copy: unaddressable array value")
			}
			dcs = r.get(fr, in, dst).cells()
		} else {
			dcs = r.get(fr, in, dst).slice()
		}
		var vs []Value
		sx := r.get(fr, in, src)
		switch src.kind() {
		case reflect.String:
			for i := 0; i < len(sx.Str()); i++ {
				vs = append(vs, Uint(uint64(sx.Str()[i])))
			}
		case reflect.Array:
			for _, c := range sx.cells() {
				vs = append(vs, copyVal(c.v))
			}
		default:
			for _, c := range sx.slice() {
				vs = append(vs, copyVal(c.v))
			}
		}
		n := min(len(dcs), len(vs))
		for i := range n {
			storeInto(&dcs[i], vs[i], r.extEv)
		}
		return Int(int64(n))
	},
	"reflect.Swapper": func(r *run, fr *frame, in *ins, args []Value) Value {
		x := args[0]
		if x.p == nil || (*iface)(x.p).nat != nil || reflectKind((*iface)(x.p).t.t) != reflect.Slice {
			panic(&reflect.ValueError{Method: "Swapper", Kind: rvArgKind(r, x)})
		}
		s := (*iface)(x.p).v
		return Value{k: KindFunc, p: ptrOf(&closure{name: "reflect.Swapper.func", ext: func(r *run, fr *frame, in *ins, args []Value) Value {
			i, j, n := int(args[0].Int()), int(args[1].Int()), s.Len()
			if i < 0 || i >= n || j < 0 || j >= n {
				panic("reflect: slice index out of range")
			}
			SwapElems(s, i, j)
			return Value{}
		}})}
	},
	"reflect.PointerTo": typeCons("reflect.PointerTo", func(ts []types.Type, args []Value) types.Type { return types.NewPointer(ts[0]) }, 0),
	"reflect.PtrTo":     typeCons("reflect.PtrTo", func(ts []types.Type, args []Value) types.Type { return types.NewPointer(ts[0]) }, 0),
	"reflect.SliceOf":   typeCons("reflect.SliceOf", func(ts []types.Type, args []Value) types.Type { return types.NewSlice(ts[0]) }, 0),
	"reflect.MapOf": typeCons("reflect.MapOf", func(ts []types.Type, args []Value) types.Type {
		if !types.Comparable(ts[0]) {
			panic("reflect.MapOf: invalid key type " + goTypeName(ts[0]))
		}
		return types.NewMap(ts[0], ts[1])
	}, 0, 1),
	"reflect.ArrayOf": typeCons("reflect.ArrayOf", func(ts []types.Type, args []Value) types.Type {
		return types.NewArray(ts[0], args[0].Int())
	}, 1),
	"reflect.ChanOf": typeCons("reflect.ChanOf", func(ts []types.Type, args []Value) types.Type {
		dir := types.SendRecv
		switch reflect.ChanDir(args[0].Int()) {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return types.NewChan(dir, ts[0])
	}, 1),
	"reflect.FuncOf": func(r *run, fr *frame, in *ins, args []Value) Value {
		// FuncOf's checks, in its order: the variadic parameter's kind,
		// the count, then each type (nil panics).
		ins, outs, variadic := args[0].slice(), args[1].slice(), args[2].Bool()
		if variadic {
			lastSlice := false
			if n := len(ins); n > 0 {
				_, lastSlice = r.argType(in, ins[n-1].v, "reflect.FuncOf").Underlying().(*types.Slice)
			}
			if !lastSlice {
				panic("reflect.FuncOf: last arg of variadic func must be slice")
			}
		}
		if len(ins)+len(outs) > 128 {
			panic("reflect.FuncOf: too many arguments")
		}
		tuple := func(cs []cell) *types.Tuple {
			vs := make([]*types.Var, len(cs))
			for i, c := range cs {
				vs[i] = types.NewParam(0, nil, "", r.argType(in, c.v, "reflect.FuncOf"))
			}
			return types.NewTuple(vs...)
		}
		return r.typeValue(r.p.rtypeOf(types.NewSignatureType(nil, nil, nil, tuple(ins), tuple(outs), variadic)))
	},
	"(reflect.StructTag).Get": func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(reflect.StructTag(args[0].Str()).Get(args[1].Str()))
	},
	"(reflect.StructTag).Lookup": func(r *run, fr *frame, in *ins, args []Value) Value {
		s, ok := reflect.StructTag(args[0].Str()).Lookup(args[1].Str())
		return Tuple(String(s), Bool(ok))
	},
	"(reflect.StructField).IsExported": func(r *run, fr *frame, in *ins, args []Value) Value {
		return Bool(args[0].Index(1).Str() == "") // PkgPath
	},
	"(reflect.Method).IsExported": func(r *run, fr *frame, in *ins, args []Value) Value {
		return Bool(args[0].Index(1).Str() == "") // PkgPath
	},
	"(reflect.ChanDir).String": func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(reflect.ChanDir(args[0].Int()).String())
	},
	"(reflect.Kind).String": func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(reflect.Kind(args[0].Uint()).String())
	},
	"(*reflect.MapIter).Next": func(r *run, fr *frame, in *ins, args []Value) Value {
		it := iterOf(args[0])
		if it == nil || it.m.t == nil {
			panic("reflect.MapIter.Next called on an iterator that has no map")
		}
		return Bool(it.next())
	},
	"(*reflect.MapIter).Key": func(r *run, fr *frame, in *ins, args []Value) Value {
		it := iterOf(args[0])
		if it == nil || !it.k.IsValid() {
			panic("reflect.MapIter.Key called before Next")
		}
		return rvBox(r.rvOf(it.m.t.t.Underlying().(*types.Map).Key(), it.k, it.m.f&flagRO))
	},
	"(*reflect.MapIter).Value": func(r *run, fr *frame, in *ins, args []Value) Value {
		it := iterOf(args[0])
		if it == nil || !it.k.IsValid() {
			panic("reflect.MapIter.Value called before Next")
		}
		return rvBox(r.rvOf(it.m.t.t.Underlying().(*types.Map).Elem(), copyVal(it.vv), it.m.f&flagRO))
	},
	"(*reflect.MapIter).Reset": func(r *run, fr *frame, in *ins, args []Value) Value {
		it := iterOf(args[0])
		if it == nil {
			panic("reflect.MapIter.Reset of a nil iterator")
		}
		v := rvArg(args[1])
		*it = mapIter{}
		if v.t != nil {
			v.mustBe("MapRange", reflect.Map)
			m := r.get(fr, in, v)
			*it = mapIter{m: v, mv: m, keys: MapKeys(m)}
		}
		return Value{}
	},
}

// setIter is v.SetIterKey(iter) (method "SetIterKey") or
// v.SetIterValue(iter): v.Set of the iterator's current key or element,
// with reflect's checks in reflect's order.
func (r *run) setIter(fr *frame, in *ins, v rvalue, iter Value, method string) {
	it := iterOf(iter)
	if it == nil || it.m.t == nil || it.i == 0 {
		panic("reflect: Value." + method + " called before Next")
	}
	if !it.k.IsValid() {
		panic("reflect: Value." + method + " called on exhausted iterator")
	}
	v.mustBeAssignable(method)
	if it.m.f&flagRO != 0 {
		panic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
	mt := it.m.t.t.Underlying().(*types.Map)
	x := r.rvOf(mt.Key(), it.k, 0)
	what := "reflect.MapIter.SetKey"
	if method == "SetIterValue" {
		x, what = r.rvOf(mt.Elem(), copyVal(it.vv), 0), "reflect.MapIter.SetValue"
	}
	r.set(fr, in, v, r.assignTo(fr, in, x, v.t.need(r, in, "(reflect.Value)."+method), what))
}

// checkReflectable stops the run with a *BridgeError naming call if t
// involves a type reflect would name otherwise than go/types does.
func (r *run) checkReflectable(in *ins, t types.Type, call string) {
	if localToGeneric(t, 0) {
		panic(&BridgeError{Func: call, CallSite: r.pos(in), Reason: "type " + t.String() + " is declared inside a generic function, whose runtime type name carries the function's type arguments; not emulated"})
	}
}

// rvArgKind is the reflect.Kind of the interpreted interface value x's
// dynamic value.
func rvArgKind(r *run, x Value) reflect.Kind {
	if x.p == nil {
		return reflect.Invalid
	}
	if it := (*iface)(x.p); it.nat == nil {
		return reflectKind(it.t.t)
	}
	return reflect.TypeOf((*iface)(x.p).nat).Kind()
}

// argType is the go/types type of the reflect.Type argument v of call.
func (r *run) argType(in *ins, v Value, call string) types.Type {
	t := r.asType(v)
	if t == nil {
		panic("reflect: " + strings.TrimPrefix(call, "reflect.") + "(nil)")
	}
	return t.need(r, in, call)
}

// typeCons is a type constructor of package reflect: the arguments at
// typeArgs are reflect.Types.
func typeCons(name string, f func(ts []types.Type, args []Value) types.Type, typeArgs ...int) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		ts := make([]types.Type, len(typeArgs))
		var rest []Value
		for i, a := range args {
			isType := false
			for j, k := range typeArgs {
				if k == i {
					ts[j] = r.argType(in, a, name)
					isType = true
				}
			}
			if !isType {
				rest = append(rest, a)
			}
		}
		return r.typeValue(r.p.rtypeOf(f(ts, rest)))
	}
}

func init() {
	for name, f := range rvFuncs {
		bridges[name] = f
	}
	for name, m := range rvMethods {
		bridges["(reflect.Value)."+name] = func(r *run, fr *frame, in *ins, args []Value) Value {
			return m(r, fr, in, rvArg(args[0]), args[1:])
		}
	}
}

// ReflectValue returns the type and the value that the interpreted
// reflect.Value v holds, and false for an invalid Value or one of a
// native value (package bridge's testing/quick reads what Config.Values
// stores).
func ReflectValue(v Value) (types.Type, Value, bool) {
	x := rvArg(v)
	if x.t == nil || x.t.t == nil || x.c == nil {
		return nil, Value{}, false
	}
	return x.t.t, x.c.v, true
}
