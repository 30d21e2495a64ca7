package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"unsafe"
)

// An interface variable read as its two words, a type word and a data
// word ((*[2]unsafe.Pointer)(unsafe.Pointer(&i)), or a struct of two
// unsafe.Pointers): go-toml's danger.MakeTypeID and segmentio's encoding
// key their caches by a reflect.Type's data word, the pointer to the
// type's descriptor. The interpreter gives the type word as the
// canonical *rtype of the dynamic type, and the data word as the
// dynamic value's pointer when the value is pointer-shaped (a pointer,
// map, channel, func or unsafe.Pointer, or a native value of such a
// kind, like the *rtype a reflect.Type holds): the same type gives the
// same words, different ones different words, as in compiled code. The
// words are good for comparison only; neither can be dereferenced. The
// data word of any other value is a pointer to a copy compiled code
// makes, which the interpreter does not have: an *UnsupportedError.

// isTwoPointers reports whether u is laid out as two unsafe.Pointers.
func isTwoPointers(u types.Type) bool {
	switch u := u.Underlying().(type) {
	case *types.Array:
		return u.Len() == 2 && isUnsafePointer(u.Elem())
	case *types.Struct:
		return u.NumFields() == 2 && isUnsafePointer(u.Field(0).Type()) && isUnsafePointer(u.Field(1).Type())
	}
	return false
}

// ifaceWords is the interface value v read as u, two unsafe.Pointers.
func (r *run) ifaceWords(in *ins, v Value, u types.Type) Value {
	var words [2]Value
	words[0], words[1] = Value{k: KindPointer}, Value{k: KindPointer}
	if v.p != nil {
		x := (*iface)(v.p)
		var rt *rtype
		var data unsafe.Pointer
		shaped := false
		if x.nat != nil {
			nv := reflect.ValueOf(x.nat)
			rt = r.p.rtypeNative(nv.Type())
			switch nv.Kind() {
			case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Chan, reflect.Func:
				data, shaped = nv.UnsafePointer(), true
			}
		} else {
			rt = r.p.rtypeOf(x.t.t)
			switch x.t.t.Underlying().(type) {
			case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
				data, shaped = x.v.p, true
			case *types.Basic:
				data, shaped = x.v.p, isUnsafePointer(x.t.t)
			}
		}
		if !shaped {
			r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of an interface holding a %s to *%s (the data word of a value that is not a pointer)", rt, u))
		}
		words[0], words[1] = Value{k: KindPointer, p: unsafe.Pointer(rt)}, Value{k: KindPointer, p: data}
	}
	if _, ok := u.Underlying().(*types.Array); ok {
		return Array(words[:]...)
	}
	return structOf(words[:])
}
