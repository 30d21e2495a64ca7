package interp

import (
	"fmt"
	"go/types"
	"io"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"unsafe"
)

// reflectCall calls the native function f with interpreted args, converting
// them by the interpreted signature sig (for methods called as functions,
// the receiver comes first in args and in f's parameters).
func (r *run) reflectCall(fr *frame, in *ins, name string, f reflect.Value, sig *types.Signature, args []Value) Value {
	ft := f.Type()
	var ptypes []types.Type
	if recv := sig.Recv(); recv != nil && ft.NumIn() == sig.Params().Len()+1 {
		ptypes = append(ptypes, recv.Type())
	} else if recv != nil && len(args) == sig.Params().Len()+1 {
		args = args[1:] // f is a method value of a stateless receiver (binary.BigEndian's)
	}
	for i := 0; i < sig.Params().Len(); i++ {
		ptypes = append(ptypes, sig.Params().At(i).Type())
	}
	if len(ptypes) != ft.NumIn() || len(args) != len(ptypes) {
		panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "signature mismatch with the native function"})
	}
	if len(args) == 2 && strings.HasSuffix(name, ").Read") && readSig(ft, true) && !outsideFuncs[name] {
		if recv, ok := nativeReceiver(args[0], ft.In(0)); ok && opaqueReader(recv) {
			if rd, ok := recv.Interface().(io.Reader); ok {
				return r.nativeRead(fr, in, name, rd, sig, args[1]) // native_read.go
			}
		}
	}
	ev := r.extEv // the call's event, for what the call writes back
	nin := make([]reflect.Value, len(args))
	for i, a := range args {
		nv, err := r.toNative(fr, in, a, ptypes[i], ft.In(i))
		if err != nil {
			panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: err.Error()})
		}
		nin[i] = nv
	}
	call := func() []reflect.Value {
		if ft.IsVariadic() {
			return f.CallSlice(nin)
		}
		return f.Call(nin)
	}
	var out []reflect.Value
	if outsideFuncs[name] {
		out = r.callNative(func() []reflect.Value { return r.callOutside(call) }) // foreign.go
	} else {
		out = r.callNative(call) // abandon.go
	}
	// Write back data structs and slices the native code may have
	// changed in place.
	for i, a := range args {
		r.dataWriteBack(a, ptypes[i], nin[i], ev)
		r.mapWriteBack(a, ptypes[i], nin[i], ev)
	}
	for i, a := range args {
		if a.k == KindSlice && a.p != nil && nin[i].Kind() == reflect.Slice {
			cs := a.slice()
			if bytesWriteBack(cs, nin[i], ev) { // native_bytes.go
				continue
			}
			for j := 0; j < len(cs) && j < nin[i].Len(); j++ {
				if cs[j].v.isAgg() || cs[j].v.k == KindInterface {
					continue
				}
				if nv, err := r.fromNative(nin[i].Index(j), nil); err == nil && nv.k == cs[j].v.k && !Equal(nv, cs[j].v) {
					cs[j].v, cs[j].st = nv, ev
				}
			}
		}
	}
	res := sig.Results()
	vals := make([]Value, len(out))
	for i, o := range out {
		v, err := r.fromNative(o, res.At(i).Type())
		if err != nil {
			panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: err.Error()})
		}
		vals[i] = v
	}
	switch len(vals) {
	case 0:
		return Value{}
	case 1:
		return vals[0]
	}
	return Tuple(vals...)
}

// toNative converts interpreted v of static type t to a native value of
// type rt.
func (r *run) toNative(fr *frame, in *ins, v Value, t types.Type, rt reflect.Type) (_ reflect.Value, err error) {
	nv := reflect.New(rt).Elem()
	switch rt.Kind() {
	case reflect.Bool:
		nv.SetBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		nv.SetInt(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		nv.SetUint(v.n)
	case reflect.Float32, reflect.Float64:
		nv.SetFloat(v.Float())
	case reflect.Complex64, reflect.Complex128:
		nv.SetComplex(v.Complex())
	case reflect.String:
		nv.SetString(v.Str())
	case reflect.Slice, reflect.Array:
		if v.k == KindNative && v.p != nil {
			return (*nativeBox)(v.p).rv, nil
		}
		var et types.Type
		switch u := t.Underlying().(type) {
		case *types.Slice:
			et = u.Elem()
		case *types.Array:
			et = u.Elem()
		default:
			return nv, fmt.Errorf("cannot pass %s as %s", t, rt)
		}
		var cs []cell
		if v.k == KindSlice {
			if v.p == nil {
				return nv, nil
			}
			cs = v.slice()
			nv = reflect.MakeSlice(rt, len(cs), len(cs))
		} else {
			cs = v.cells()
		}
		if bytesToNative(cs, nv) { // native_bytes.go
			return nv, nil
		}
		for i := range cs {
			ev, err := r.toNative(fr, in, cs[i].v, et, rt.Elem())
			if err != nil {
				return nv, err
			}
			nv.Index(i).Set(ev)
		}
	case reflect.Map:
		if v.p == nil {
			return nv, nil
		}
		mt, ok := t.Underlying().(*types.Map)
		if !ok {
			return nv, fmt.Errorf("cannot pass %s as %s", t, rt)
		}
		if m := (*mapObj)(v.p); m.nat != nil {
			if m.nat.rv.Type().ConvertibleTo(rt) {
				return m.nat.rv.Convert(rt), nil // the same map (native_map.go)
			}
		}
		nv = reflect.MakeMap(rt)
		defer func() {
			if viewMapType(rt) && err == nil {
				(*mapObj)(v.p).becomeView(r, nv, t)
			}
		}()
		for _, e := range (*mapObj)(v.p).live() {
			k, err := r.toNative(fr, in, e.k, mt.Key(), rt.Key())
			if err != nil {
				return nv, err
			}
			ev, err := r.toNative(fr, in, e.c.v, mt.Elem(), rt.Elem())
			if err != nil {
				return nv, err
			}
			nv.SetMapIndex(k, ev)
		}
	case reflect.Interface:
		if v.k != KindInterface {
			// a concrete value passed where the native side wants an interface
			x := r.ifaceToNative(fr, &iface{t: r.p.internLocked(t), v: v})
			if x != nil {
				nv.Set(reflect.ValueOf(x))
			}
			return nv, nil
		}
		if v.p == nil {
			return nv, nil
		}
		x := r.ifaceToNative(fr, (*iface)(v.p))
		if x == nil {
			return nv, nil
		}
		if s, ok := r.stdStreamFor(x, rt); ok {
			nv.Set(s)
			return nv, nil
		}
		xv := reflect.ValueOf(x)
		if a, ok := r.adaptIface(fr, in, (*iface)(v.p), rt); ok && !xv.Type().AssignableTo(rt) {
			xv = a
		}
		if !xv.Type().AssignableTo(rt) {
			return nv, fmt.Errorf("value of type %s does not implement %s natively", xv.Type(), rt)
		}
		nv.Set(xv)
	case reflect.Func:
		if v.p == nil {
			return nv, nil
		}
		sig, ok := t.Underlying().(*types.Signature)
		if !ok {
			return nv, fmt.Errorf("cannot pass %s as %s", t, rt)
		}
		if cl := (*closure)(v.p); cl.fn == nil && cl.name == "native func" && len(cl.env) == 1 && cl.env[0].k == KindNative {
			// a native func read by the program (fromNative): itself,
			// not a callback into the interpreter that calls it
			if f := (*nativeBox)(cl.env[0].p).rv; f.Type().AssignableTo(rt) {
				nv.Set(f)
				return nv, nil
			}
		}
		fnv := v
		nv = reflect.MakeFunc(rt, func(nargs []reflect.Value) (outs []reflect.Value) {
			r.callback(func() { outs = r.nativeCallback(fr, in, fnv, sig, rt, nargs) }) // foreign.go
			if outs == nil {
				outs = cutResults(rt, nargs)
			}
			return outs
		})
	case reflect.Pointer, reflect.Struct:
		if rt == loggerType {
			if x, ok := r.nativeLogger(fr, in, v, t); ok { // native_http.go
				return x, nil
			}
		}
		if x, ok, err := r.dataToNative(fr, in, v, t, rt); ok {
			return x, err
		}
		if v.k == KindNative && v.p != nil {
			b := (*nativeBox)(v.p)
			if rt.Kind() == reflect.Pointer && b.rv.Type() == rt.Elem() {
				return b.rv.Addr(), nil
			}
			if b.rv.Type() == rt {
				return b.rv, nil
			}
		}
		if v.k == KindPointer && v.p != nil {
			c := (*cell)(v.p)
			if c.v.k == KindNative && c.v.p != nil {
				b := (*nativeBox)(c.v.p)
				if b.rv.Type() == rt.Elem() {
					return b.rv.Addr(), nil
				}
			}
		}
		if v.IsNil() {
			return nv, nil
		}
		return nv, fmt.Errorf("cannot pass interpreted %s as native %s", t, rt)
	case reflect.Chan:
		if v.p == nil {
			return nv, nil
		}
		if ch := (*chanObj)(v.p); ch.nat.IsValid() && ch.nat.Type().AssignableTo(rt) {
			nv.Set(ch.nat) // a native channel back to native code (natchan.go)
			return nv, nil
		}
		return nv, fmt.Errorf("cannot pass interpreted %s as native %s", t, rt)
	default:
		return nv, fmt.Errorf("cannot pass %s as native %s", t, rt)
	}
	return nv, nil
}

// callValue calls an interpreted func value from native code.
func (r *run) callValue(fr *frame, in *ins, fnv Value, args []Value) Value {
	if fnv.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	cl := (*closure)(fnv.p)
	if cl.fn == nil {
		if cl.ext != nil {
			return r.callExt(fr, in, cl.name, cl.ext, args)
		}
		panic(&BridgeError{Func: cl.name, CallSite: r.pos(in), Reason: "built-in used as a value"})
	}
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(*interpPanic); ok {
				panic(x)
			}
			panic(asStop(r, x))
		}
	}()
	c := cl.fn.ensure(r.p)
	occ := int32(r.steps) // callbacks have no instruction of their own
	v, _ := r.invokeCode(fr, in, c, cl.env, cl.envEv, args, nil, fr.callEvOr(), mix(fr.path, in.sid, -1-occ%1024))
	r.cur = fr
	return v
}

func (fr *frame) callEvOr() EventID { return fr.ctrl }

var basicTypes = map[reflect.Kind]types.Type{
	reflect.Bool: types.Typ[types.Bool], reflect.Int: types.Typ[types.Int], reflect.Int8: types.Typ[types.Int8],
	reflect.Int16: types.Typ[types.Int16], reflect.Int32: types.Typ[types.Int32], reflect.Int64: types.Typ[types.Int64],
	reflect.Uint: types.Typ[types.Uint], reflect.Uint8: types.Typ[types.Uint8], reflect.Uint16: types.Typ[types.Uint16],
	reflect.Uint32: types.Typ[types.Uint32], reflect.Uint64: types.Typ[types.Uint64], reflect.Uintptr: types.Typ[types.Uintptr],
	reflect.Float32: types.Typ[types.Float32], reflect.Float64: types.Typ[types.Float64],
	reflect.Complex64: types.Typ[types.Complex64], reflect.Complex128: types.Typ[types.Complex128],
	reflect.String: types.Typ[types.String],
}

// fromNative converts a native value to an interpreted one of static type t
// (t may be nil when the native type suffices).
func (r *run) fromNative(rv reflect.Value, t types.Type) (Value, error) {
	switch rv.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		return valueOfReflect(rv)
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return Value{k: KindSlice}, nil
		}
		var et types.Type
		if t != nil {
			switch u := t.Underlying().(type) {
			case *types.Slice:
				et = u.Elem()
			case *types.Array:
				et = u.Elem()
			}
		}
		if cs, ok := bytesFromNative(rv); ok { // native_bytes.go
			if rv.Kind() == reflect.Array {
				return aggOf(KindArray, cs), nil
			}
			return sliceOf(cs), nil
		}
		cs := make([]cell, rv.Len())
		for i := range cs {
			ev, err := r.fromNative(rv.Index(i), et)
			if err != nil {
				return Value{}, err
			}
			cs[i] = cell{v: ev, st: NoEvent}
		}
		if rv.Kind() == reflect.Array {
			return aggOf(KindArray, cs), nil
		}
		return sliceOf(cs), nil
	case reflect.Interface:
		if rv.IsNil() {
			return Value{k: KindInterface}, nil
		}
		return r.nativeIface(rv.Elem().Interface()), nil
	case reflect.Map:
		if rv.IsNil() {
			return Value{k: KindMap}, nil
		}
		if t != nil && viewMapType(rv.Type()) {
			if _, ok := t.Underlying().(*types.Map); ok {
				return r.mapView(rv, t), nil
			}
		}
		var kt, et types.Type
		if t != nil {
			if m, ok := t.Underlying().(*types.Map); ok {
				kt, et = m.Key(), m.Elem()
			}
		}
		m := newMap()
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			kv, err := r.fromNative(k, kt)
			if err != nil {
				return Value{}, err
			}
			ev, err := r.fromNative(rv.MapIndex(k), et)
			if err != nil {
				return Value{}, err
			}
			m.set(kv, ev, NoEvent)
		}
		return Value{k: KindMap, p: ptrOf(m)}, nil
	case reflect.Pointer, reflect.Struct, reflect.Func:
		if r.loggers != nil {
			if v, ok := r.programLogger(rv, t); ok { // native_http.go
				return v, nil
			}
		}
		if v, ok, err := r.dataFromNative(rv, t); ok {
			return v, err
		}
		if t != nil {
			if _, isIface := t.Underlying().(*types.Interface); isIface {
				if rv.Kind() != reflect.Struct && rv.IsNil() {
					return Value{k: KindInterface}, nil
				}
				return r.nativeIface(rv.Interface()), nil
			}
		}
		if rv.Kind() == reflect.Func && rv.IsNil() {
			return Value{k: KindFunc}, nil
		}
		if rv.Kind() != reflect.Struct && rv.IsNil() {
			return Value{k: KindPointer}, nil
		}
		if rv.Kind() == reflect.Func {
			f := rv
			// env holds f itself, which toNative gives back to native code
			return Value{k: KindFunc, p: ptrOf(&closure{name: "native func", env: []Value{nativeValue(f.Interface())}, ext: func(r *run, fr *frame, in *ins, args []Value) Value {
				sig, _ := t.Underlying().(*types.Signature)
				if sig == nil {
					panic(&BridgeError{Func: "native func", CallSite: r.pos(in)})
				}
				return r.reflectCall(fr, in, "native func", f, sig, args)
			}})}, nil
		}
		box := &nativeBox{rv: reflect.New(rv.Type()).Elem()}
		box.rv.Set(rv)
		return Value{k: KindNative, p: ptrOf(box)}, nil
	}
	if rv.Kind() == reflect.Chan {
		if rv.IsNil() {
			// a nil channel (context.Background().Done()): blocks forever
			return Value{k: KindChan}, nil
		}
		return r.nativeChan(rv, t) // natchan.go
	}
	return Value{}, fmt.Errorf("cannot convert native %s", rv.Type())
}

// changeRep is how a conversion between a standard type whose values
// live natively (time.Time) and a type the program declares on its
// underlying type (type Timestamp time.Time), whose values are
// interpreted structs, changes the value's representation, so that a
// type has one representation whatever made its value: a Timestamp
// converted from a native Time equals Timestamp{} under == and
// reflect.DeepEqual, and prints as one.
type changeRep struct {
	from, to types.Type
	native   reflect.Type // to's native type when toNative, else from's
	toNative bool
}

// changeRepOf returns the change of representation a ChangeType from
// type from to type to needs, or nil when both types have one.
func changeRepOf(from, to types.Type) *changeRep {
	switch {
	case isNativeType(from) && !isNativeType(to):
		if _, ok := dataStruct(to); ok {
			return &changeRep{from: from, to: to, native: nativeType(from)}
		}
	case isNativeType(to) && !isNativeType(from):
		if _, ok := dataStruct(from); ok {
			return &changeRep{from: from, to: to, native: nativeType(to), toNative: true}
		}
	}
	return nil
}

// changeRep converts v as cr says: a native value to the interpreted
// struct of its fields, or an interpreted struct to the native value
// of its fields. A value already in the representation of cr's target
// is left as it is.
func (r *run) changeRep(fr *frame, in *ins, cr *changeRep, v Value) Value {
	if !cr.toNative {
		if v.k != KindNative {
			return v
		}
		out, err := r.fromNative((*nativeBox)(v.p).rv, cr.to)
		if err != nil {
			panic(&BridgeError{Func: "conversion to " + cr.to.String(), CallSite: r.pos(in), Reason: err.Error()})
		}
		return out
	}
	if v.k == KindNative {
		return v
	}
	x, err := r.toNative(fr, in, v, cr.from, cr.native)
	if err != nil {
		panic(&BridgeError{Func: "conversion to " + cr.to.String(), CallSite: r.pos(in), Reason: err.Error()})
	}
	box := &nativeBox{rv: reflect.New(cr.native).Elem()}
	box.rv.Set(x)
	return Value{k: KindNative, p: ptrOf(box)}
}

// nativeIface wraps a native dynamic value as an interpreted interface
// value: basic kinds become ordinary interpreted values of the basic type;
// wrappers of interpreted values are unwrapped; others stay native.
func (r *run) nativeIface(x any) Value {
	if x == nil {
		return Value{k: KindInterface} // a nil interface, not one holding nothing
	}
	switch w := x.(type) {
	case fmtVal:
		return Value{k: KindInterface, p: ptrOf(w.it)}
	case errVal:
		return Value{k: KindInterface, p: ptrOf(w.it)}
	case adapted: // native_fs.go
		return Value{k: KindInterface, p: ptrOf(w.adaptedIface())}
	}
	if it, ok := r.carriedContext(x); ok { // native_http.go
		return Value{k: KindInterface, p: ptrOf(it)}
	}
	rv := reflect.ValueOf(x)
	if bt, ok := basicTypes[rv.Kind()]; ok && rv.Type().PkgPath() == "" {
		v, _ := valueOfReflect(rv)
		return Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(bt), v: v})}
	}
	return Value{k: KindInterface, p: ptrOf(&iface{nat: x, t: typeRef{id: -1}})}
}

// ifaceToNative converts an interpreted interface payload to a native value
// for the bridge: basic values of unnamed basic types natively; values of
// named or composite types as wrappers that format like fmt would and, for
// types with an Error method, implement error.
func (r *run) ifaceToNative(fr *frame, it *iface) any {
	if it.nat != nil {
		return it.nat
	}
	if it.v.k == KindNative && it.v.p != nil {
		x := (*nativeBox)(it.v.p).rv.Interface()
		if v, ok := x.(rvalue); ok {
			return r.rvFormat(fr, v) // a reflect.Value formats as what it holds
		}
		return x
	}
	if it.v.k == KindPointer && it.v.p != nil {
		// &x for a variable holding a native value (a strings.Builder...)
		if c := (*cell)(it.v.p); c.v.k == KindNative && c.v.p != nil {
			return (*nativeBox)(c.v.p).rv.Addr().Interface()
		}
	}
	if b, ok := it.t.t.Underlying().(*types.Basic); ok && !r.p.hasMethod(it.t, "String") && !r.p.hasMethod(it.t, "Error") && !r.p.hasMethod(it.t, "Format") && !r.p.hasMethod(it.t, "GoString") {
		// a named basic type without String or Error formats like its
		// underlying type (and Sprint spaces strings like fmt does)
		return basicNative(it.v, b)
	}
	w := fmtVal{r: r, it: it}
	if r.p.hasMethod(it.t, "Error") {
		return errVal{w}
	}
	return w
}

func basicNative(v Value, b *types.Basic) any {
	switch b.Kind() {
	case types.Bool:
		return v.Bool()
	case types.Int:
		return int(v.Int())
	case types.Int8:
		return int8(v.Int())
	case types.Int16:
		return int16(v.Int())
	case types.Int32:
		return int32(v.Int())
	case types.Int64:
		return v.Int()
	case types.Uint:
		return uint(v.n)
	case types.Uint8:
		return uint8(v.n)
	case types.Uint16:
		return uint16(v.n)
	case types.Uint32:
		return uint32(v.n)
	case types.Uint64:
		return v.n
	case types.Uintptr:
		return uintptr(v.n)
	case types.Float32:
		return float32(v.Float())
	case types.Float64:
		return v.Float()
	case types.Complex64:
		return complex64(v.Complex())
	case types.Complex128:
		return v.Complex()
	case types.String:
		return v.Str()
	}
	return nil
}

func (p *Program) hasMethod(t typeRef, name string) bool {
	ms := p.SSA.MethodSets.MethodSet(t.t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// asStop returns x, a panic raised while interpreting a callback from
// native code, as a value that ends the run: the interpreter's own stops
// unchanged, anything else (a bug of ours) as an *InternalError.
func asStop(r *run, x any) any {
	if isRunStop(x) {
		return x
	}
	ie := &InternalError{Value: x, Stack: string(debug.Stack())}
	if r.cur != nil && r.cur.at != nil {
		ie.Pos = r.pos(r.cur.at)
	}
	return ie
}

// Data structs: standard struct types whose fields are all exported and
// convertible (url.URL, strconv.NumError, io.LimitedReader; see
// internal/cmd/bridgegen) are interpreted structs, converted field by
// field when they cross the bridge; a pointer to one becomes a pointer to
// a native copy whose fields of basic types are written back into the
// interpreted struct after the call (field by field, so that pointers into
// it stay valid; references stay the interpreted ones).

// dataStruct returns the struct of t, a data struct type (or ok false).
func dataStruct(t types.Type) (*types.Struct, bool) {
	if t == nil || isNativeType(t) {
		return nil, false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, false
	}
	st, ok := n.Underlying().(*types.Struct)
	return st, ok
}

// dataToNative converts v, a data struct or a pointer to one, to rt; ok
// is false for other values.
func (r *run) dataToNative(fr *frame, in *ins, v Value, t types.Type, rt reflect.Type) (x reflect.Value, ok bool, err error) {
	switch {
	case rt.Kind() == reflect.Struct && v.k == KindStruct:
		st, ok := dataStruct(t)
		if !ok || st.NumFields() != rt.NumField() {
			return x, false, nil
		}
		x = reflect.New(rt).Elem()
		cs := v.cells()
		for i := range cs {
			f, err := r.toNative(fr, in, cs[i].v, st.Field(i).Type(), rt.Field(i).Type)
			if err != nil {
				return x, true, err
			}
			exposed(x.Field(i)).Set(exposed(f))
		}
		return x, true, nil
	case rt.Kind() == reflect.Pointer && rt.Elem().Kind() == reflect.Struct && v.k == KindPointer && v.p != nil:
		pt, _ := t.Underlying().(*types.Pointer)
		c := (*cell)(v.p)
		if pt == nil || c.v.k != KindStruct {
			return x, false, nil
		}
		e, ok, err := r.dataToNative(fr, in, c.v, pt.Elem(), rt.Elem())
		if !ok || err != nil {
			return x, ok, err
		}
		x = reflect.New(rt.Elem())
		x.Elem().Set(e)
		return x, true, nil
	case rt.Kind() == reflect.Pointer && rt.Elem().Kind() == reflect.Slice && v.k == KindPointer && v.p != nil:
		// A pointer to a named slice of basic elements (net.IP, whose
		// UnmarshalText sets it) or of slices of them (net.Buffers, whose
		// WriteTo consumes it): a copy, written back (dataWriteBack).
		pt, _ := t.Underlying().(*types.Pointer)
		c := (*cell)(v.p)
		if pt == nil || !dataSlice(pt.Elem()) || c.v.k != KindSlice {
			return x, false, nil
		}
		e, err := r.toNative(fr, in, c.v, pt.Elem(), rt.Elem())
		if err != nil {
			return x, true, err
		}
		x = reflect.New(rt.Elem())
		x.Elem().Set(e)
		return x, true, nil
	}
	return x, false, nil
}

// dataSlice reports whether t is a named slice type, not native, of
// basic elements or of slices of them (net.Buffers, a [][]byte): a value
// of it crosses as a copy, so it holds no reference that native code
// could keep.
func dataSlice(t types.Type) bool {
	if t == nil || isNativeType(t) {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	sl, ok := n.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	elem := sl.Elem()
	if inner, ok := elem.(*types.Slice); ok {
		elem = inner.Elem()
	}
	_, basic := elem.Underlying().(*types.Basic)
	return basic
}

// dataFromNative converts rv, a data struct of type t or a pointer to
// one, to an interpreted value (a new variable for a pointer); ok is
// false for other values.
func (r *run) dataFromNative(rv reflect.Value, t types.Type) (Value, bool, error) {
	switch rv.Kind() {
	case reflect.Struct:
		st, ok := dataStruct(t)
		if !ok || st.NumFields() != rv.NumField() {
			return Value{}, false, nil
		}
		if !rv.CanAddr() {
			c := reflect.New(rv.Type()).Elem()
			c.Set(exposed(rv))
			rv = c
		}
		cs := make([]cell, rv.NumField())
		for i := range cs {
			f, err := r.fromNative(exposed(rv.Field(i)), st.Field(i).Type())
			if err != nil {
				return Value{}, true, err
			}
			cs[i] = cell{v: f, st: NoEvent}
		}
		return aggOf(KindStruct, cs), true, nil
	case reflect.Pointer:
		if t == nil || rv.IsNil() {
			return Value{}, false, nil
		}
		pt, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return Value{}, false, nil
		}
		v, ok, err := r.dataFromNative(rv.Elem(), pt.Elem())
		if !ok || err != nil {
			return v, ok, err
		}
		r.allocCells(1 + rv.Elem().NumField())
		return Value{k: KindPointer, p: ptrOf(newCell(v, NoEvent))}, true, nil
	}
	return Value{}, false, nil
}

// exposed returns v, or, if v was reached through an unexported field
// (which reflect lets nothing read or set), the same memory without that
// mark, where it is addressable. The data structs the bridge copies
// between interpreted and native (a log.Logger given to an http.Server's
// ErrorLog) are the standard library's, whose unexported fields a copy
// must carry.
func exposed(v reflect.Value) reflect.Value {
	if v.CanInterface() || !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// dataWriteBack copies what native code left in nv, the native copy of
// argument a (a pointer to a data struct of type t, or to a named slice
// of dataSlice), back into a's struct, field by field, or a's
// slice, as stored by event ev (the call).
func (r *run) dataWriteBack(a Value, t types.Type, nv reflect.Value, ev EventID) {
	if a.k != KindPointer || a.p == nil || nv.Kind() != reflect.Pointer || nv.IsNil() {
		return
	}
	pt, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return
	}
	if nv.Elem().Kind() == reflect.Slice && dataSlice(pt.Elem()) {
		// a named slice of dataSlice (dataToNative): its new value
		c := (*cell)(a.p)
		if v, err := r.fromNative(nv.Elem(), pt.Elem()); err == nil && c.v.k == KindSlice && !sameSlice(v, c.v) {
			c.v, c.st = v, ev
		}
		return
	}
	if nv.Elem().Kind() != reflect.Struct {
		return
	}
	st, ok := dataStruct(pt.Elem())
	c := (*cell)(a.p)
	if !ok || c.v.k != KindStruct || st.NumFields() != nv.Elem().NumField() {
		return
	}
	cs := c.v.cells()
	for i := range cs {
		if _, basic := st.Field(i).Type().Underlying().(*types.Basic); !basic {
			// References (an io.LimitedReader's reader, a URL's
			// Userinfo) stay what the interpreted code put there.
			continue
		}
		if f, err := r.fromNative(exposed(nv.Elem().Field(i)), st.Field(i).Type()); err == nil && !Equal(f, cs[i].v) {
			cs[i].v, cs[i].st = f, ev
		}
	}
}

// mapWriteBack makes interpreted map a (of type t) hold what its native
// copy nv holds after a call (url.Values.Add and Set change their map):
// entries gone are deleted, changed ones updated in place, new ones added
// in sorted key order, as stored by event ev (the call); unchanged ones
// keep their values.
func (r *run) mapWriteBack(a Value, t types.Type, nv reflect.Value, ev EventID) {
	if a.k != KindMap || a.p == nil || nv.Kind() != reflect.Map || nv.IsNil() {
		return
	}
	mt, ok := t.Underlying().(*types.Map)
	if !ok {
		return
	}
	m := (*mapObj)(a.p)
	if m.nat != nil {
		return // a view: the native map itself changed
	}
	keys := nv.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	present := make([]Value, 0, len(keys))
	for _, k := range keys {
		kv, err := r.fromNative(k, mt.Key())
		if err != nil {
			return
		}
		present = append(present, kv)
	}
	inNative := map[mkey]bool{}
	for _, kv := range present {
		inNative[keyOf(kv)] = true
	}
	for _, e := range m.live() {
		if !inNative[keyOf(e.k)] {
			m.delete(e.k)
		}
	}
	for i, k := range keys {
		val, err := r.fromNative(nv.MapIndex(k), mt.Elem())
		if err != nil {
			return
		}
		if e := m.lookup(present[i]); e != nil && r.deepEqual(nil, nil, e.c.v, val) {
			continue
		}
		m.set(present[i], val, ev)
	}
}

// nativeType returns the native reflect.Type equal to t, or nil if there is
// none: types declared by the interpreted program (and composites of them)
// exist only as go/types types.
func nativeType(t types.Type) reflect.Type {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		// A standard type whose values live natively (time.Time,
		// big.Int...): its own reflect.Type.
		if obj := t.Obj(); obj.Pkg() != nil && t.TypeArgs() == nil {
			if rt := nativeTypes[obj.Pkg().Path()+"."+obj.Name()]; rt != nil {
				return rt
			}
		}
	case *types.Basic:
		if t.Kind() == types.UnsafePointer {
			return nil
		}
		if x := basicNative(Value{}, t); x != nil {
			return reflect.TypeOf(x)
		}
	case *types.Pointer:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.PointerTo(e)
		}
	case *types.Slice:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.SliceOf(e)
		}
	case *types.Array:
		if e := nativeType(t.Elem()); e != nil {
			return reflect.ArrayOf(int(t.Len()), e)
		}
	case *types.Map:
		k, e := nativeType(t.Key()), nativeType(t.Elem())
		if k != nil && e != nil && k.Comparable() {
			return reflect.MapOf(k, e)
		}
	case *types.Chan:
		if e := nativeType(t.Elem()); e != nil {
			dir := reflect.BothDir
			switch t.Dir() {
			case types.SendOnly:
				dir = reflect.SendDir
			case types.RecvOnly:
				dir = reflect.RecvDir
			}
			return reflect.ChanOf(dir, e)
		}
	case *types.Signature:
		if t.Recv() != nil || t.TypeParams() != nil {
			return nil
		}
		in, out := tupleTypes(t.Params()), tupleTypes(t.Results())
		if in != nil && out != nil {
			return reflect.FuncOf(in, out, t.Variadic())
		}
	}
	return nil
}

func tupleTypes(tu *types.Tuple) []reflect.Type {
	ts := []reflect.Type{}
	for v := range tu.Variables() {
		rt := nativeType(v.Type())
		if rt == nil {
			return nil
		}
		ts = append(ts, rt)
	}
	return ts
}

// nativeCallback runs interpreted func fnv of signature sig for native
// code calling it, as a native func of type rt, with native arguments
// nargs.
func (r *run) nativeCallback(fr *frame, in *ins, fnv Value, sig *types.Signature, rt reflect.Type, nargs []reflect.Value) []reflect.Value {
	args := make([]Value, len(nargs))
	for i, a := range nargs {
		av, err := r.fromNative(a, sig.Params().At(i).Type())
		if err != nil {
			panic(&BridgeError{Func: "callback", CallSite: r.pos(in), Reason: err.Error()})
		}
		args[i] = av
	}
	res := r.callValue(fr, in, fnv, args)
	outs := make([]reflect.Value, rt.NumOut())
	rs := splitResults(res, sig.Results().Len())
	for i := range outs {
		o, err := r.toNative(fr, in, rs[i], sig.Results().At(i).Type(), rt.Out(i))
		if err != nil {
			panic(&BridgeError{Func: "callback", CallSite: r.pos(in), Reason: err.Error()})
		}
		outs[i] = o
	}
	return outs
}

// cutResults returns the results of a callback of native func type rt
// called with args when the run ended before or while it ran: zero
// values, but a context.Context result is the first context argument,
// if any. Native code that derives a context through a callback (an
// http.Server's ConnContext and BaseContext) panics on a nil one, and
// outside the interpreter's goroutines that panic would end the
// process; the context it was given is one it accepts.
func cutResults(rt reflect.Type, args []reflect.Value) []reflect.Value {
	outs := make([]reflect.Value, rt.NumOut())
	for i := range outs {
		outs[i] = reflect.Zero(rt.Out(i))
		if rt.Out(i) != contextType {
			continue
		}
		for j, a := range args {
			if j < rt.NumIn() && rt.In(j) == contextType && a.IsValid() && !a.IsZero() {
				outs[i] = reflect.New(contextType).Elem()
				outs[i].Set(a)
				break
			}
		}
	}
	return outs
}

// sameSlice reports whether interpreted slices a and b hold the same
// elements (and are both nil or both not).
func sameSlice(a, b Value) bool {
	if (a.p == nil) != (b.p == nil) || a.Len() != b.Len() {
		return false
	}
	as, bs := a.slice(), b.slice()
	for i := range as {
		if !Equal(as[i].v, bs[i].v) {
			return false
		}
	}
	return true
}
