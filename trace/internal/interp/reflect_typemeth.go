package interp

import (
	"go/types"
	"reflect"
)

// The methods of reflect.Type on an *rtype (see reflect_type.go), called
// by callNativeMethod: what reflect's own methods answer for the native
// type, computed from the go/types type (for a native type the program
// cannot name, from the native type where nativeTypeMethod can). A
// method that needs the go/types type of such a type otherwise, and a
// method not emulated here, stop the run with a *BridgeError naming the
// call.

// rtypeMethod runs the reflect.Type method ci names on t.
func (r *run) rtypeMethod(fr *frame, in *ins, ci *callInfo, t *rtype, args []Value) Value {
	name := ci.method.Name()
	call := "(reflect.Type)." + name
	res := func(i int) types.Type { return ci.sig.Results().At(i).Type() }
	// Methods that the native type answers as well.
	switch name {
	case "String":
		return String(t.String())
	case "Name":
		return String(t.name())
	case "PkgPath":
		return String(t.pkgPath())
	case "Kind":
		return Uint(uint64(t.kind()))
	case "Bits":
		return Int(int64(typeBits(t)))
	case "Comparable":
		if t.t == nil {
			return Bool(t.rt.Comparable())
		}
		return Bool(types.Comparable(t.t))
	}
	if t.t == nil {
		if v, ok := r.nativeTypeMethod(ci, t, args); ok {
			return v
		}
	}
	tt := t.need(r, in, call)
	switch name {
	case "Size":
		return Uint(uint64(sizes.Sizeof(tt)))
	case "Align", "FieldAlign":
		return Int(sizes.Alignof(tt))
	case "Elem":
		e := elemType(tt)
		if e == nil {
			kindPanic("reflect.Type.Elem", t)
		}
		return r.typeValue(r.p.rtypeOf(e))
	case "Key":
		m, ok := tt.Underlying().(*types.Map)
		if !ok {
			panic("reflect: Key of non-map type " + t.String())
		}
		return r.typeValue(r.p.rtypeOf(m.Key()))
	case "Len":
		a, ok := tt.Underlying().(*types.Array)
		if !ok {
			panic("reflect: Len of non-array type " + t.String())
		}
		return Int(a.Len())
	case "ChanDir":
		c, ok := tt.Underlying().(*types.Chan)
		if !ok {
			panic("reflect: ChanDir of non-chan type " + t.String())
		}
		return Int(int64(chanDir(c)))
	case "NumField":
		st, ok := tt.Underlying().(*types.Struct)
		if !ok {
			panic("reflect: NumField of non-struct type " + t.String())
		}
		return Int(int64(st.NumFields()))
	case "Field":
		st, ok := tt.Underlying().(*types.Struct)
		if !ok {
			panic("reflect: Field of non-struct type " + t.String())
		}
		i := int(args[0].Int())
		if i < 0 || i >= st.NumFields() {
			panic("reflect: Field index out of bounds")
		}
		return r.structField(res(0), st, i, []int{i})
	case "FieldByIndex":
		idx := intsOf(args[0])
		if len(idx) == 0 {
			return r.p.makeStruct(res(0), nil)
		}
		if _, ok := tt.Underlying().(*types.Struct); !ok {
			panic("reflect: FieldByIndex of non-struct type " + t.String())
		}
		st, i := fieldByIndex(tt, idx)
		return r.structField(res(0), st, i, idx)
	case "FieldByName":
		if _, ok := tt.Underlying().(*types.Struct); !ok {
			panic("reflect: FieldByName of non-struct type " + t.String())
		}
		idx, ok := fieldByName(tt, args[0].Str())
		if !ok {
			return Tuple(r.p.makeStruct(res(0), nil), Bool(false))
		}
		st, i := fieldByIndex(tt, idx)
		return Tuple(r.structField(res(0), st, i, idx), Bool(true))
	case "FieldByNameFunc":
		if _, ok := tt.Underlying().(*types.Struct); !ok {
			panic("reflect: FieldByNameFunc of non-struct type " + t.String())
		}
		idx, ok := fieldByNameFunc(tt, r.nameMatcher(fr, in, args[0]))
		if !ok {
			return Tuple(r.p.makeStruct(res(0), nil), Bool(false))
		}
		st, i := fieldByIndex(tt, idx)
		return Tuple(r.structField(res(0), st, i, idx), Bool(true))
	case "NumMethod":
		return Int(int64(len(r.p.exportedMethods(tt))))
	case "Method":
		ms := r.p.exportedMethods(tt)
		i := int(args[0].Int())
		if i < 0 || i >= len(ms) {
			panic("reflect: Method index out of range")
		}
		return r.methodInfo(res(0), tt, ms[i], i)
	case "MethodByName":
		for i, m := range r.p.exportedMethods(tt) {
			if m.Obj().Name() == args[0].Str() {
				return Tuple(r.methodInfo(res(0), tt, m, i), Bool(true))
			}
		}
		return Tuple(r.p.makeStruct(res(0), nil), Bool(false))
	case "NumIn", "NumOut", "In", "Out", "IsVariadic":
		sig, ok := tt.Underlying().(*types.Signature)
		if !ok {
			panic("reflect: " + name + " of non-func type " + t.String())
		}
		switch name {
		case "NumIn":
			return Int(int64(sig.Params().Len()))
		case "NumOut":
			return Int(int64(sig.Results().Len()))
		case "In":
			return r.typeValue(r.p.rtypeOf(sig.Params().At(int(args[0].Int())).Type()))
		case "Out":
			return r.typeValue(r.p.rtypeOf(sig.Results().At(int(args[0].Int())).Type()))
		}
		return Bool(sig.Variadic())
	case "Implements", "AssignableTo", "ConvertibleTo":
		u := r.asType(args[0])
		if u == nil {
			panic("reflect: nil type passed to Type." + name)
		}
		ut := u.need(r, in, call)
		switch name {
		case "Implements":
			it, ok := ut.Underlying().(*types.Interface)
			if !ok {
				panic("reflect: non-interface type passed to Type.Implements")
			}
			return Bool(types.Implements(tt, it))
		case "AssignableTo":
			return Bool(types.AssignableTo(tt, ut))
		}
		return Bool(types.ConvertibleTo(tt, ut))
	case "OverflowInt", "OverflowUint", "OverflowFloat":
		return Bool(overflows(t, name, args[0]))
	}
	panic(&BridgeError{Func: call, CallSite: r.pos(in), Reason: "reflect.Type's method " + name + " is not emulated over interpreted types"})
}

// overflows is reflect.Type's OverflowInt, OverflowUint and
// OverflowFloat.
func overflows(t *rtype, name string, x Value) bool {
	k := t.kind()
	switch name {
	case "OverflowInt":
		switch k {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			bits := uint(typeBits(t))
			v := x.Int()
			trunc := (v << (64 - bits)) >> (64 - bits)
			return v != trunc
		}
	case "OverflowUint":
		switch k {
		case reflect.Uint, reflect.Uintptr, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			bits := uint(typeBits(t))
			v := x.Uint()
			trunc := (v << (64 - bits)) >> (64 - bits)
			return v != trunc
		}
	case "OverflowFloat":
		switch k {
		case reflect.Float32:
			f := x.Float()
			if f < 0 {
				f = -f
			}
			return 3.40282346638528859811704183484516925440e+38 < f && f <= 1.79769313486231570814527423731704356798070e+308
		case reflect.Float64:
			return false
		}
	}
	panic("reflect: " + name + " of " + k.String() + " type " + t.String())
}

// methodInfo builds the reflect.Method (of type mt) for method sel of t,
// index i.
func (r *run) methodInfo(mt types.Type, t types.Type, sel *types.Selection, i int) Value {
	pkg := ""
	if !sel.Obj().Exported() && sel.Obj().Pkg() != nil {
		pkg = sel.Obj().Pkg().Path()
	}
	ft := methodFuncType(t, sel)
	fields := map[string]Value{
		"Name":    String(sel.Obj().Name()),
		"PkgPath": String(pkg),
		"Type":    r.typeValue(r.p.rtypeOf(ft)),
		"Index":   Int(int64(i)),
	}
	if _, isIface := t.Underlying().(*types.Interface); !isIface {
		fn := r.p.methodFunc(sel)
		fv := Value{k: KindFunc, p: ptrOf(&closure{fn: r.p.code(fn), name: fn.String()})}
		fields["Func"] = nativeValue(rvalue{t: r.p.rtypeOf(ft), c: &cell{v: fv, st: NoEvent}})
	}
	return r.p.makeStruct(mt, fields)
}

// intsOf reads an interpreted []int.
func intsOf(v Value) []int {
	cs := v.slice()
	out := make([]int, len(cs))
	for i := range cs {
		out[i] = int(cs[i].v.Int())
	}
	return out
}

// nativeTypeMethod answers, natively, the reflect.Type methods that walk
// a native type the program cannot name (t.t nil: a value of an
// unexported standard type held in an interface, such as
// *errors.errorString), as encoding/json walks every value it encodes:
// the types it reaches are the native ones, as natively; ok is false for
// the other methods.
func (r *run) nativeTypeMethod(ci *callInfo, t *rtype, args []Value) (v Value, ok bool) {
	rt := t.rt
	switch name := ci.method.Name(); name {
	case "Elem":
		switch rt.Kind() {
		case reflect.Array, reflect.Chan, reflect.Map, reflect.Pointer, reflect.Slice:
			return r.typeValue(r.p.rtypeNative(rt.Elem())), true
		}
	case "Key":
		if rt.Kind() == reflect.Map {
			return r.typeValue(r.p.rtypeNative(rt.Key())), true
		}
	case "Len":
		if rt.Kind() == reflect.Array {
			return Int(int64(rt.Len())), true
		}
	case "NumField":
		if rt.Kind() == reflect.Struct {
			if opaque(rt) {
				return Int(0), true
			}
			return Int(int64(rt.NumField())), true
		}
	case "Field":
		if i := int(args[0].Int()); rt.Kind() == reflect.Struct && !opaque(rt) && i >= 0 && i < rt.NumField() {
			f := rt.Field(i)
			return r.p.makeStruct(ci.sig.Results().At(0).Type(), map[string]Value{
				"Name":      String(f.Name),
				"PkgPath":   String(f.PkgPath),
				"Type":      r.typeValue(r.p.rtypeNative(f.Type)),
				"Tag":       String(string(f.Tag)),
				"Offset":    Uint(uint64(f.Offset)),
				"Index":     intSlice(f.Index),
				"Anonymous": Bool(f.Anonymous),
			}), true
		}
	case "NumMethod":
		return Int(int64(rt.NumMethod())), true
	case "Implements":
		u := r.asType(args[0])
		if u == nil {
			return Value{}, false
		}
		if u.t == nil {
			if u.rt.Kind() != reflect.Interface {
				return Value{}, false
			}
			return Bool(rt.Implements(u.rt)), true
		}
		it, isIface := u.t.Underlying().(*types.Interface)
		if !isIface {
			return Value{}, false
		}
		for i := range it.NumMethods() {
			m := it.Method(i)
			nm, found := rt.MethodByName(m.Name())
			if !found || !m.Exported() || !kindsMatch(nm.Type, m.Signature()) {
				return Bool(false), true
			}
		}
		return Bool(true), true
	}
	return Value{}, false
}
