package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// Fields of values that live natively. A standard struct type with
// exported fields may still live natively (a handle of bridgegen's: an
// http.Request, whose unexported context a copy would lose): interpreted
// code reaches its exported fields through reflection. The address of
// such a field is a native pointer (a KindNative value holding the
// reflect.Value of the field's address), which only a Load or Store
// compiled for it (opLoadNative, opStoreNative) dereferences: a field
// address used otherwise is an unsupported construct, unless the field's
// type lives natively too, whose pointers are native anywhere.

// nativeField reports whether v, the address of a field, is the field of
// a struct that lives natively, or a field of such a field (a gzip.Writer's
// embedded Header's Name).
func nativeField(v ssa.Value) bool {
	fa, ok := v.(*ssa.FieldAddr)
	return ok && (isNativeType(deref(fa.X.Type())) || nativeField(fa.X))
}

// compileNativeFieldAddr compiles i, the address of a field of a struct
// that lives natively, or says why it cannot be run.
func (cp *compiler) compileNativeFieldAddr(i *ssa.FieldAddr) ins {
	if isNativeType(deref(i.Type())) {
		// A field whose type lives natively too (an rsa.PrivateKey's
		// PublicKey): its address is a native pointer of the field's
		// type, usable as any (&key.PublicKey passed to Verify).
		return ins{op: opFieldAddrNative, n: int32(i.Field), a: []int32{cp.slot(i.X)}, dst: cp.dst(i), instr: i}
	}
	for _, ref := range *i.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL || ref.X != ssa.Value(i) {
				return unsupported("address of a field of "+deref(i.X.Type()).String()+", whose values live natively, used other than to read or set the field", i)
			}
		case *ssa.Store:
			if ref.Addr != ssa.Value(i) {
				return unsupported("address of a field of "+deref(i.X.Type()).String()+", whose values live natively, stored in a variable", i)
			}
		case *ssa.FieldAddr: // a field of the field, itself compiled here
		case *ssa.DebugRef:
		default:
			return unsupported("address of a field of "+deref(i.X.Type()).String()+", whose values live natively, used other than to read or set the field", i)
		}
	}
	return ins{op: opFieldAddrNative, n: int32(i.Field), a: []int32{cp.slot(i.X)}, dst: cp.dst(i), instr: i}
}

// fieldAddrNative executes &x.f for x a pointer to a struct that lives
// natively: x is a native pointer (a result of native code) or an
// interpreted pointer to a variable holding the native struct.
func (r *run) fieldAddrNative(fr *frame, in *ins) {
	x := fr.regs[in.a[0]]
	var st reflect.Value
	switch {
	case x.p == nil:
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	case x.k == KindNative:
		rv := (*nativeBox)(x.p).rv
		if rv.Kind() != reflect.Pointer || rv.IsNil() {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		st = rv.Elem()
	default:
		c := (*cell)(x.p)
		if c.v.k == KindStruct && int(in.n) < len(c.v.cells()) {
			// a value of the type made by interpreted code or a bridge
			// as an interpreted struct: its field, as for any struct
			// (loadNative and storeNative follow such an address)
			r.def(fr, in, addrOf(&c.v.cells()[in.n]))
			return
		}
		if c.v.k != KindNative || c.v.p == nil {
			panic(&InternalError{Value: fmt.Sprintf("field address of a %v value where a native struct was expected", c.v.k), Pos: r.pos(in)})
		}
		st = (*nativeBox)(c.v.p).rv
	}
	if st.Kind() != reflect.Struct || !st.CanAddr() || int(in.n) >= st.NumField() {
		panic(&InternalError{Value: "field address in a native " + st.Type().String(), Pos: r.pos(in)})
	}
	r.def(fr, in, Value{k: KindNative, p: ptrOf(&nativeBox{rv: st.Field(int(in.n)).Addr()})})
}

// fieldNative executes x.f for x a struct value that lives natively.
func (r *run) fieldNative(fr *frame, in *ins) {
	x := fr.regs[in.a[0]]
	if x.k == KindStruct && int(in.n) < len(x.cells()) {
		r.def(fr, in, x.cells()[in.n].v) // an interpreted struct (fieldAddrNative)
		return
	}
	if x.k != KindNative || x.p == nil {
		panic(&InternalError{Value: fmt.Sprintf("field of a %v value where a native struct was expected", x.k), Pos: r.pos(in)})
	}
	st := (*nativeBox)(x.p).rv
	t := in.instr.(ssa.Value).Type()
	v, err := r.fromNative(st.Field(int(in.n)), t)
	if err != nil {
		panic(&BridgeError{Func: "field " + st.Type().Field(int(in.n)).Name + " of " + st.Type().String(), CallSite: r.pos(in), Reason: err.Error()})
	}
	r.def(fr, in, v)
}

// loadNativeField reads the field rv points to (a native pointer made by
// fieldAddrNative) as an interpreted value of type t.
func (r *run) loadNativeField(fr *frame, in *ins, rv reflect.Value, t types.Type) Value {
	v, err := r.fromNative(rv.Elem(), t)
	if err != nil {
		panic(&BridgeError{Func: "read of a field of native " + rv.Type().Elem().String(), CallSite: r.pos(in), Reason: err.Error()})
	}
	return v
}

// storeNativeField sets the field dst (addressable, of a struct that
// lives natively) to interpreted v of type t.
func (r *run) storeNativeField(fr *frame, in *ins, dst reflect.Value, v Value, t types.Type) {
	nv, err := r.toNative(fr, in, v, t, dst.Type())
	if err != nil {
		panic(&BridgeError{Func: "store into a field of native type " + dst.Type().String(), CallSite: r.pos(in), Reason: err.Error()})
	}
	dst.Set(nv)
}
