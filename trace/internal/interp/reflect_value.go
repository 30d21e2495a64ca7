package interp

import (
	"go/types"
	"math"
	"reflect"
	"unsafe"
)

// reflect.Value over interpreted values. A reflect.Value in interpreted
// memory is a native value (reflect.Value is one of nativeTypes) of type
// rvalue: the value's type as an *rtype and the memory cell that holds
// it. A Value reached through a pointer, a slice element or a field of an
// addressable struct holds the program's own cell, so that Set and the
// typed setters change the interpreted variable, as reflect changes the
// variable itself; other Values hold a cell of their own. A value that
// lives natively (a time.Time, a native error) is reached through a
// native reflect.Value (nv), to which the methods delegate.

// rflag holds what reflect's flags say of a Value.
type rflag uint8

const (
	flagAddr     rflag = 1 << iota // addressable: CanAddr, and CanSet unless flagRO
	flagStickyRO                   // obtained through an unexported field not embedded
	flagEmbedRO                    // an unexported embedded field (its exported fields are not)
	flagIndir                      // a field or element of a value held in memory (reflect_flag.go)

	flagRO = flagStickyRO | flagEmbedRO
)

// rvalue is a reflect.Value of interpreted code; the zero rvalue is the
// invalid Value.
type rvalue struct {
	t  *rtype
	c  *cell         // the cell holding the value, when interpreted
	nv reflect.Value // the native value, when c is nil
	f  rflag
	k  reflect.Kind // the kind a program set in the flag word, else 0
	fw *cell        // the flag word a program took the address of (reflect_flag.go)
}

func init() {
	nativeTypes["reflect.Value"] = reflect.TypeFor[rvalue]()
	nativeTypes["reflect.MapIter"] = reflect.TypeFor[mapIter]()
}

// rvKey names what a reflect.Value of a pointer-shaped kind holds.
type rvKey struct {
	t    *rtype
	p    unsafe.Pointer
	n    uint64
	name string // a bridged function's
}

// valueOfCell returns the cell of reflect.ValueOf's Value of v, of type
// t. A value of a pointer-shaped kind (func, pointer, map, channel) is
// held by a native Value itself, so two Values of one func or pointer
// are == natively; the run keeps one cell for each such value, so that
// they are here too (a static function's closures are one function).
func (r *run) valueOfCell(t *rtype, v Value) *cell {
	switch v.k {
	case KindFunc, KindPointer, KindMap, KindChan:
	default:
		return &cell{v: v, st: NoEvent}
	}
	key := rvKey{t: t, p: v.p, n: v.n}
	// Only a func's pointer is a *closure: a pointer, map or channel may
	// point at a smaller object, which the conversion must not cover.
	if v.k == KindFunc && v.p != nil {
		if cl := (*closure)(v.p); len(cl.env) == 0 {
			if key.p = unsafe.Pointer(cl.fn); cl.fn == nil {
				key.name = cl.name
			}
		}
	}
	if c := r.rvCells[key]; c != nil {
		return c
	}
	if r.rvCells == nil {
		r.rvCells = map[rvKey]*cell{}
	}
	c := &cell{v: v, st: NoEvent}
	r.rvCells[key] = c
	return c
}

// opaque reports whether t is a type of the interpreter's own (an
// rvalue, an rtype, a cell): a program that reflects on a reflect.Value
// or a reflect.Type it holds (a printer such as repr walking every
// field of a value) sees such a struct without fields, rather than the
// interpreter's state and, through it, the whole loaded program.
func opaque(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.PkgPath() == interpPkgPath
}

var interpPkgPath = reflect.TypeFor[rvalue]().PkgPath()

// rvIdentity is what == compares of a reflect.Value. gc's reflect
// compares a Value's type, its pointer to the value and its flag word;
// an rvalue's cell (or native Value) stands for the pointer, and
// flagWord gives the word, so that two Values of one variable or field,
// however reached (reflect.ValueOf(&s.F).Elem() and
// reflect.ValueOf(&s).Elem().Field(0)), are == and one map key, as a
// library keying a map by reflect.Value (kong's Registry) needs.
type rvIdentity struct {
	t  *rtype
	c  *cell
	nv reflect.Value
	w  uint64
}

// eqForm returns the native value x as == compares it: an rvalue as its
// rvIdentity, any other value as it is.
func eqForm(x any) any {
	v, ok := x.(rvalue)
	if !ok {
		return x
	}
	if v.fw != nil {
		v = v.withWord(v.fw.v.n)
	}
	return rvIdentity{t: v.t, c: v.c, nv: v.nv, w: v.flagWord()}
}

// rvArg reads the reflect.Value v (a native box of an rvalue).
func rvArg(v Value) rvalue {
	if v.k != KindNative || v.p == nil {
		return rvalue{}
	}
	x, _ := (*nativeBox)(v.p).rv.Interface().(rvalue)
	if x.fw != nil {
		return x.withWord(x.fw.v.n)
	}
	return x
}

// rvBox is v as an interpreted reflect.Value.
func rvBox(v rvalue) Value { return nativeValue(v) }

// rvOf is a Value of type t holding x in a cell of its own.
func (r *run) rvOf(t types.Type, x Value, f rflag) rvalue {
	return rvalue{t: r.p.rtypeOf(t), c: &cell{v: x, st: NoEvent}, f: f}
}

// rvNative is a Value for the native value nv, of the program's type t
// (nil: nv's type decides).
func (r *run) rvNative(nv reflect.Value, t types.Type, f rflag) rvalue {
	if !nv.IsValid() {
		return rvalue{}
	}
	rt := r.p.rtypeNative(nv.Type())
	if t != nil {
		rt = r.p.rtypeOf(t)
	}
	return rvalue{t: rt, nv: nv, f: f}
}

// native returns the native value v stands for: its nv, or the value of
// a native box in its cell. A box's value is always addressable (it is
// the interpreted variable's storage); when v is not (reflect.ValueOf of
// a copy), the value returned is a copy that is not either, so that its
// fields are not addressable or settable, as natively.
func (v rvalue) native() (reflect.Value, bool) {
	if v.nv.IsValid() {
		return v.nv, true
	}
	if v.c != nil && v.c.v.k == KindNative && v.c.v.p != nil {
		rv := (*nativeBox)(v.c.v.p).rv
		if v.f&flagAddr == 0 && rv.Kind() != reflect.Interface && rv.CanAddr() && rv.CanInterface() {
			rv = reflect.ValueOf(rv.Interface())
		}
		return rv, true
	}
	return reflect.Value{}, false
}

// get returns v's interpreted value.
func (r *run) get(fr *frame, in *ins, v rvalue) Value {
	if v.c != nil {
		return v.c.v
	}
	var t types.Type
	if v.t != nil {
		t = v.t.t
	}
	x, err := r.fromNative(v.nv, t)
	if err != nil {
		panic(&BridgeError{Func: "reflect.Value", CallSite: r.pos(in), Reason: err.Error()})
	}
	return x
}

// kind is v's reflect.Kind.
func (v rvalue) kind() reflect.Kind {
	if v.k != 0 {
		if v.k == kindCleared {
			return reflect.Invalid
		}
		return v.k
	}
	if v.t == nil {
		return reflect.Invalid
	}
	return v.t.kind()
}

// mustBe panics as reflect does unless v's kind is one of ks.
func (v rvalue) mustBe(method string, ks ...reflect.Kind) {
	k := v.kind()
	for _, want := range ks {
		if k == want {
			return
		}
	}
	panic(&reflect.ValueError{Method: "reflect.Value." + method, Kind: k})
}

// mustBeAssignable panics as reflect does unless v can be set.
func (v rvalue) mustBeAssignable(method string) {
	if v.t == nil {
		panic(&reflect.ValueError{Method: "reflect.Value." + method, Kind: reflect.Invalid})
	}
	if v.f&flagRO != 0 {
		panic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
	if nv, ok := v.native(); ok && v.nv.IsValid() {
		if !nv.CanSet() {
			panic("reflect: reflect.Value." + method + " using unaddressable value")
		}
		return
	}
	if v.f&flagAddr == 0 {
		panic("reflect: reflect.Value." + method + " using unaddressable value")
	}
}

// canSet is reflect.Value.CanSet.
func (v rvalue) canSet() bool {
	if v.nv.IsValid() {
		return v.nv.CanSet() && v.f&flagRO == 0
	}
	return v.t != nil && v.f&flagAddr != 0 && v.f&flagRO == 0
}

// isIface reports whether t is an interface type.
func isIface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// ifaceOf is v.Interface(): an interpreted interface value.
func (r *run) ifaceOf(fr *frame, in *ins, v rvalue, method string) Value {
	if v.t == nil {
		panic(&reflect.ValueError{Method: "reflect.Value." + method, Kind: reflect.Invalid})
	}
	if v.f&flagRO != 0 || (v.nv.IsValid() && !v.nv.CanInterface()) {
		panic("reflect.Value." + method + ": cannot return value obtained from unexported field or method")
	}
	return r.toIface(fr, in, v)
}

// toIface is v as an interpreted interface value (an interface-kinded v:
// the interface value itself).
func (r *run) toIface(fr *frame, in *ins, v rvalue) Value {
	if v.nv.IsValid() {
		return r.nativeIface(v.nv.Interface())
	}
	x := r.get(fr, in, v)
	if isIface(v.t.t) {
		return x
	}
	return Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(v.t.t), v: copyVal(x)})}
}

// assignTo returns x as a value of type to (an interface holds x's
// dynamic type and value), panicking as reflect does if x is not
// assignable to it.
func (r *run) assignTo(fr *frame, in *ins, x rvalue, to types.Type, what string) Value {
	if x.t == nil {
		panic(&reflect.ValueError{Method: what, Kind: reflect.Invalid})
	}
	xt := x.t.need(r, in, what)
	if !types.AssignableTo(xt, to) {
		panic(what + ": value of type " + x.t.String() + " is not assignable to type " + goTypeName(to))
	}
	if isIface(to) {
		return r.toIface(fr, in, x)
	}
	if x.nv.IsValid() {
		v, err := r.fromNative(x.nv, to)
		if err != nil {
			panic(&BridgeError{Func: what, CallSite: r.pos(in), Reason: err.Error()})
		}
		return v
	}
	return copyVal(x.c.v)
}

// set stores x into v (v.Set(x)).
func (r *run) set(fr *frame, in *ins, v rvalue, x Value) {
	if v.nv.IsValid() {
		nx, err := r.toNative(fr, in, x, v.t.t, v.nv.Type())
		if err != nil {
			panic(&BridgeError{Func: "(reflect.Value).Set", CallSite: r.pos(in), Reason: err.Error()})
		}
		v.nv.Set(nx)
		return
	}
	storeInto(v.c, x, r.extEv)
}

// elem is v.Elem().
func (r *run) elem(fr *frame, in *ins, v rvalue) rvalue {
	v.mustBe("Elem", reflect.Interface, reflect.Pointer)
	if nv, ok := v.native(); ok {
		if nv.IsNil() {
			return rvalue{}
		}
		var et types.Type
		if v.t.t != nil {
			et = elemType(v.t.t)
		}
		return r.rvNative(nv.Elem(), et, v.f&flagRO)
	}
	x := r.get(fr, in, v)
	if x.p == nil {
		return rvalue{}
	}
	if v.kind() == reflect.Pointer {
		return rvalue{t: r.p.rtypeOf(elemType(v.t.t)), c: (*cell)(x.p), f: flagAddr | v.f&flagRO}
	}
	it := (*iface)(x.p)
	if it.nat != nil {
		return r.rvNative(reflect.ValueOf(it.nat), nil, v.f&flagRO)
	}
	return rvalue{t: r.p.rtypeOf(it.t.t), c: &cell{v: it.v, st: NoEvent}, f: v.f & flagRO}
}

// field is v.Field(i).
func (r *run) field(fr *frame, in *ins, v rvalue, i int) rvalue {
	v.mustBe("Field", reflect.Struct)
	var ft types.Type
	exported := true
	if v.t.t != nil {
		st := v.t.t.Underlying().(*types.Struct)
		if i < 0 || i >= st.NumFields() {
			panic("reflect: Field index out of range")
		}
		ft, exported = st.Field(i).Type(), st.Field(i).Exported()
	}
	if nv, ok := v.native(); ok {
		if opaque(nv.Type()) {
			if ft == nil {
				panic("reflect: Field index out of range")
			}
			// A reflect.Value's own fields: gc's are a type
			// descriptor, a pointer and the flag word; the
			// interpreter's hold its own state, which the program
			// does not see. The zero value of the field stands, but
			// for the flag word.
			x := r.p.zero(ft)
			if st := v.t.t.Underlying().(*types.Struct); st.Field(i).Name() == "flag" {
				if rv, isRV := nv.Interface().(rvalue); isRV {
					x = Uint(rv.flagWord())
				}
			}
			return rvalue{t: r.p.rtypeOf(ft), c: &cell{v: x, st: NoEvent}, f: v.f&flagRO | flagStickyRO}
		}
		f := nv.Field(i)
		if f.CanInterface() || ft == nil {
			return r.rvNative(f, ft, v.f&flagRO)
		}
		// an unexported field of a native struct: readable by reflect
		// natively only
		return r.rvNative(f, nil, v.f&flagRO)
	}
	x := r.get(fr, in, v)
	f := v.f &^ flagEmbedRO
	if !v.t.directIface() {
		f |= flagIndir
	}
	if !exported {
		if v.t.t.Underlying().(*types.Struct).Field(i).Embedded() {
			f |= flagEmbedRO
		} else {
			f |= flagStickyRO
		}
	}
	return rvalue{t: r.p.rtypeOf(ft), c: &x.cells()[i], f: f}
}

// rvIndex is v.Index(i).
func (r *run) rvIndex(fr *frame, in *ins, v rvalue, i int) rvalue {
	v.mustBe("Index", reflect.Slice, reflect.Array, reflect.String)
	if nv, ok := v.native(); ok {
		return r.rvNative(nv.Index(i), nil, v.f&flagRO)
	}
	x := r.get(fr, in, v)
	switch v.kind() {
	case reflect.Slice:
		cs := x.slice()
		if i < 0 || i >= len(cs) {
			panic("reflect: slice index out of range")
		}
		return rvalue{t: r.p.rtypeOf(elemType(v.t.t)), c: &cs[i], f: flagAddr | v.f&flagRO}
	case reflect.Array:
		cs := x.cells()
		if i < 0 || i >= len(cs) {
			panic("reflect: array index out of range")
		}
		f := v.f
		if !v.t.directIface() {
			f |= flagIndir
		}
		return rvalue{t: r.p.rtypeOf(elemType(v.t.t)), c: &cs[i], f: f}
	}
	s := x.Str()
	if i < 0 || i >= len(s) {
		panic("reflect: string index out of range")
	}
	return r.rvOf(types.Typ[types.Uint8], Uint(uint64(s[i])), v.f&flagRO)
}

// length is v.Len().
func (r *run) length(fr *frame, in *ins, v rvalue) int {
	v.mustBe("Len", reflect.Slice, reflect.Array, reflect.String, reflect.Map, reflect.Chan, reflect.Pointer)
	if nv, ok := v.native(); ok {
		return nv.Len()
	}
	x := r.get(fr, in, v)
	switch v.kind() {
	case reflect.Array:
		return int(v.t.t.Underlying().(*types.Array).Len())
	case reflect.Chan:
		return ChanLen(x)
	case reflect.Pointer:
		a, ok := elemType(v.t.t).Underlying().(*types.Array)
		if !ok {
			panic(&reflect.ValueError{Method: "reflect.Value.Len", Kind: reflect.Pointer})
		}
		return int(a.Len())
	}
	return x.Len()
}

// IsZero is reflect.Value's IsZero on the interpreted value x of type t.
func IsZero(t types.Type, x Value) bool { return isZeroVal(t, x) }

// isZeroVal is reflect's IsZero on the interpreted value x of type t.
func isZeroVal(t types.Type, x Value) bool {
	if x.k == KindNative {
		return x.p == nil || (*nativeBox)(x.p).rv.IsZero()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch x.k {
		case KindFloat:
			return math.Float64bits(x.Float()) == 0
		case KindComplex:
			c := x.Complex()
			return math.Float64bits(real(c)) == 0 && math.Float64bits(imag(c)) == 0
		case KindString:
			return x.n == 0
		case KindPointer, KindInterface:
			return x.p == nil
		}
		return x.n == 0
	case *types.Struct:
		cs := x.cells()
		for i := range cs {
			if !isZeroVal(u.Field(i).Type(), cs[i].v) {
				return false
			}
		}
		return true
	case *types.Array:
		for _, c := range x.cells() {
			if !isZeroVal(u.Elem(), c.v) {
				return false
			}
		}
		return true
	}
	return x.p == nil
}

// pointerOf is v.Pointer(): the address a reference holds.
func (r *run) pointerOf(fr *frame, in *ins, v rvalue) uintptr {
	v.mustBe("Pointer", reflect.Pointer, reflect.Chan, reflect.Map, reflect.UnsafePointer, reflect.Func, reflect.Slice)
	if nv, ok := v.native(); ok {
		// recorded for identity only: unsafe.Pointer of it compares
		// and converts back to this uintptr, and is never read through
		return r.issueUintptr(nv.UnsafePointer(), nil)
	}
	return r.addressOf(v.t.t, r.get(fr, in, v))
}

// addressOf is the address the interpreted reference x of type t holds,
// as reflect.Value's Pointer and fmt's %p give it.
func (r *run) addressOf(t types.Type, x Value) uintptr {
	switch {
	case x.k == KindSlice && x.p != nil:
		if cs := x.slice(); cap(cs) > 0 {
			return r.issueUintptr(unsafe.Pointer(unsafe.SliceData(cs)), elemType(t))
		}
		return r.issueUintptr(x.p, nil)
	case x.k == KindPointer && x.n&uptrTag == 0:
		return r.issueUintptr(x.p, elemType(t))
	case x.k == KindFunc && x.p != nil:
		// A func's code pointer: its entry program counter (pc.go),
		// the same for every closure of one function.
		if cl := (*closure)(x.p); cl.fn != nil {
			return uintptr(r.p.entryPC(cl.fn))
		}
	}
	return r.issueUintptr(x.p, nil)
}

// convertTo is v.Convert(t).
func (r *run) convertTo(fr *frame, in *ins, v rvalue, to *rtype) rvalue {
	from := v.t.need(r, in, "(reflect.Value).Convert")
	tt := to.need(r, in, "(reflect.Value).Convert")
	if !types.ConvertibleTo(from, tt) {
		panic("reflect.Value.Convert: value of type " + v.t.String() + " cannot be converted to type " + to.String())
	}
	if isIface(tt) {
		return rvalue{t: to, c: &cell{v: r.toIface(fr, in, v), st: NoEvent}, f: v.f & flagRO}
	}
	if _, isSlice := from.Underlying().(*types.Slice); isSlice {
		switch tt.Underlying().(type) {
		case *types.Array, *types.Pointer:
			panic(&BridgeError{Func: "(reflect.Value).Convert", CallSite: r.pos(in), Reason: "conversions of slices to arrays are not emulated"})
		}
	}
	x := r.get(fr, in, v)
	ci := (*compiler)(nil).convInfo(from, tt)
	return rvalue{t: to, c: &cell{v: copyVal(r.convert(ci, x)), st: NoEvent}, f: v.f & flagRO}
}

// boundMethod returns the func value of method sel of the value x (its
// receiver evaluated now).
func (r *run) boundMethod(sel *types.Selection, recv Value) Value {
	fn := r.p.methodFunc(sel)
	fv := Value{k: KindFunc, p: ptrOf(&closure{fn: r.p.code(fn), name: fn.String()})}
	recv = copyVal(recv)
	return Value{k: KindFunc, p: ptrOf(&closure{name: fn.String(), ext: func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.callValue(fr, in, fv, append([]Value{recv}, args...))
	}})}
}

// method is v.Method(i) (exported methods by name, as reflect orders
// them).
func (r *run) method(fr *frame, in *ins, v rvalue, i int) rvalue {
	if v.t == nil {
		panic(&reflect.ValueError{Method: "reflect.Value.Method", Kind: reflect.Invalid})
	}
	t := v.t.need(r, in, "(reflect.Value).Method")
	ms := r.p.exportedMethods(t)
	if i < 0 || i >= len(ms) {
		panic("reflect: Method index out of range")
	}
	sel := ms[i]
	sig := sel.Obj().Type().(*types.Signature)
	mt := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	if nv, ok := v.native(); ok && !isIface(t) {
		// a method of a value that lives natively: run natively
		m := nv.MethodByName(sel.Obj().Name())
		if !m.IsValid() && nv.CanAddr() {
			m = nv.Addr().MethodByName(sel.Obj().Name())
		}
		if !m.IsValid() {
			panic(&BridgeError{Func: "(reflect.Value).Method", CallSite: r.pos(in), Reason: "native " + nv.Type().String() + " has no method " + sel.Obj().Name()})
		}
		name := methodValueName(v.t, sel.Obj().Name())
		fv := Value{k: KindFunc, p: ptrOf(&closure{name: name, ext: func(r *run, fr *frame, in *ins, args []Value) Value {
			return r.reflectCall(fr, in, name, m, mt, args)
		}})}
		return r.rvOf(mt, fv, v.f&flagRO)
	}
	x := r.get(fr, in, v)
	if isIface(t) {
		if x.p == nil {
			panic("reflect: Method on nil interface value")
		}
		it := (*iface)(x.p)
		if it.nat != nil {
			panic(&BridgeError{Func: "(reflect.Value).Method", CallSite: r.pos(in), Reason: "a method of a native value held in an interface"})
		}
		dsel := r.p.SSA.MethodSets.MethodSet(it.t.t).Lookup(sel.Obj().Pkg(), sel.Obj().Name())
		return r.rvOf(mt, r.boundMethod(dsel, it.v), v.f&flagRO)
	}
	return r.rvOf(mt, r.boundMethod(sel, x), v.f&flagRO)
}

// callFunc is v.Call(args) (v.CallSlice(args) if slice).
func (r *run) callFunc(fr *frame, in *ins, v rvalue, args []rvalue, slice bool) Value {
	name := "Call"
	if slice {
		name = "CallSlice"
	}
	v.mustBe(name, reflect.Func)
	if v.f&flagRO != 0 {
		panic("reflect: reflect.Value." + name + " using value obtained using unexported field")
	}
	t := v.t.need(r, in, "(reflect.Value)."+name)
	sig := t.Underlying().(*types.Signature)
	fnv := r.get(fr, in, v)
	if fnv.p == nil {
		panic("reflect: call of nil function")
	}
	n := sig.Params().Len()
	what := "reflect.Value." + name
	var vals []Value
	switch {
	case sig.Variadic() && !slice:
		if len(args) < n-1 {
			panic("reflect: Call with too few input arguments")
		}
		for i := 0; i < n-1; i++ {
			vals = append(vals, r.assignTo(fr, in, args[i], sig.Params().At(i).Type(), what))
		}
		st := sig.Params().At(n - 1).Type()
		et := st.Underlying().(*types.Slice).Elem()
		var cs []cell
		for _, a := range args[n-1:] {
			cs = append(cs, cell{v: r.assignTo(fr, in, a, et, what), st: NoEvent})
		}
		if cs == nil {
			vals = append(vals, Value{k: KindSlice})
		} else {
			vals = append(vals, sliceOf(cs))
		}
	default:
		if slice && !sig.Variadic() {
			panic("reflect: CallSlice of non-variadic function")
		}
		if len(args) < n {
			panic("reflect: Call with too few input arguments")
		}
		if len(args) > n {
			panic("reflect: Call with too many input arguments")
		}
		for i := range n {
			vals = append(vals, r.assignTo(fr, in, args[i], sig.Params().At(i).Type(), what))
		}
	}
	res := r.callValue(fr, in, fnv, vals)
	outs := splitResults(res, sig.Results().Len())
	cs := make([]cell, len(outs))
	for i, o := range outs {
		cs[i] = cell{v: rvBox(r.rvOf(sig.Results().At(i).Type(), o, 0)), st: NoEvent}
	}
	return sliceOf(cs)
}

// rvArgs reads an interpreted []reflect.Value.
func rvArgs(v Value) []rvalue {
	cs := v.slice()
	out := make([]rvalue, len(cs))
	for i := range cs {
		out[i] = rvArg(cs[i].v)
	}
	return out
}

// rvSlice is vs as an interpreted []reflect.Value.
func rvSlice(vs []rvalue) Value {
	cs := make([]cell, len(vs))
	for i, v := range vs {
		cs[i] = cell{v: rvBox(v), st: NoEvent}
	}
	return sliceOf(cs)
}

// growVals returns a copy of slice s, of type t, with the capacity
// append gives it to hold n elements (n > cap(s)) and s's length.
func (r *run) growVals(s Value, t types.Type, n int) Value {
	old := s.slice()
	et := elemType(t)
	c := growCap(n, cap(old), sizes.Sizeof(et), false)
	r.allocCells(c)
	cs := make([]cell, c)
	for i := range old {
		cs[i] = cell{v: copyVal(old[i].v), st: old[i].st}
	}
	z := r.p.zero(et)
	for i := len(old); i < c; i++ {
		cs[i] = cell{v: copyVal(z), st: NoEvent}
	}
	return sliceOf(cs[:len(old)])
}

// appendVals returns append(s, vs...) for the interpreted slice s of
// type t, grown as the runtime grows it.
func (r *run) appendVals(s Value, t types.Type, vs []Value) Value {
	old := s.slice()
	n := len(old) + len(vs)
	if s.p == nil && len(vs) == 0 {
		return s
	}
	if n > cap(old) {
		old = r.growVals(s, t, n).slice()
	}
	full := old[:n]
	for i, v := range vs {
		storeInto(&full[len(old)+i], v, r.extEv)
	}
	return sliceOf(full)
}

// mapIter is a reflect.MapIter of interpreted code over an interpreted
// map: the keys present when it started, each reported if still there.
type mapIter struct {
	m     rvalue
	mv    Value
	keys  []Value
	i     int
	k, vv Value
}

// iterOf reads an interpreted *reflect.MapIter.
func iterOf(v Value) *mapIter {
	switch {
	case v.k == KindNative && v.p != nil:
		it, _ := (*nativeBox)(v.p).rv.Interface().(*mapIter)
		return it
	case v.k == KindPointer && v.p != nil:
		if c := (*cell)(v.p); c.v.k == KindNative && c.v.p != nil {
			return (*nativeBox)(c.v.p).rv.Addr().Interface().(*mapIter)
		}
	}
	return nil
}

func (it *mapIter) next() bool {
	for it.i < len(it.keys) {
		k := it.keys[it.i]
		it.i++
		if v, ok := MapIndex(it.mv, k); ok {
			it.k, it.vv = k, v
			return true
		}
	}
	it.k, it.vv = Value{}, Value{}
	return false
}

// rvFormat is what fmt formats for the reflect.Value v: the value it
// holds, as fmt formats a native reflect.Value.
func (r *run) rvFormat(fr *frame, v rvalue) any {
	switch {
	case v.t == nil:
		return reflect.Value{}
	case v.nv.IsValid():
		return v.nv
	}
	x := r.toIface(fr, fr.at, v)
	if x.p == nil {
		return nil
	}
	return r.ifaceToNative(fr, (*iface)(x.p))
}
