package interp

import (
	"go/types"
	"reflect"
	"unsafe"
)

// The flag word of a reflect.Value. Libraries that print or compare
// unexported fields (go-spew's bypass.go, and the copies of it in
// testify's and others' dependencies) find the flag field of a
// reflect.Value variable by its offset (reflect.TypeOf(reflect.Value{})
// .FieldByName("flag")), read it through unsafe.Pointer(uintptr(
// unsafe.Pointer(&v)) + offset), clear its read-only bits and set its
// addressable bit. An interpreted reflect.Value is an rvalue with no
// such word, so the conversion of that uintptr makes one: a cell holding
// the word gc's reflect would hold for the value (its kind in the low
// five bits, then flagStickyRO, flagEmbedRO, flagIndir, flagAddr), which
// the variable's rvalue keeps (fw). Loads and stores through the pointer
// are ordinary loads and stores of that cell; every bridge of reflect
// reads an rvalue through rvArg, which applies the word as it stands
// then: the read-only bits, the addressable bit and a kind other than
// the type's (go-spew's tests set kind 31 to reach their fallback).
//
// Each conversion makes a new word for the variable's value at that
// moment; a copy of the variable made earlier keeps its own flags, as it
// would in compiled code, but a copy made after the conversion shares
// the word, so a store through the pointer after the copy changes both.
// flagMethod (a Value from Value.Method) is not modelled: the word of a
// method value is that of a func. Addr of a value made addressable
// through the word gives, for a value compiled code holds directly (a
// pointer, map, chan or func, not reached through memory), a pointer to
// a copy of it, where compiled code's pointer is meaningless.

// Bits of gc's reflect flag word.
const (
	wordKindMask = 1<<5 - 1
	wordStickyRO = 1 << 5
	wordEmbedRO  = 1 << 6
	wordIndir    = 1 << 7
	wordAddr     = 1 << 8
)

// flagWord is the flag word gc's reflect keeps for v.
func (v rvalue) flagWord() uint64 {
	if v.t == nil {
		return 0
	}
	w := uint64(v.kind()) & wordKindMask
	f := v.f
	if nv := v.nv; nv.IsValid() {
		if nv.CanAddr() {
			f |= flagAddr
		}
		if !nv.CanInterface() && f&flagRO == 0 {
			f |= flagStickyRO
		}
	}
	if f&flagStickyRO != 0 {
		w |= wordStickyRO
	}
	if f&flagEmbedRO != 0 {
		w |= wordEmbedRO
	}
	if f&flagAddr != 0 {
		w |= wordAddr | wordIndir
	} else if f&flagIndir != 0 || !v.t.directIface() {
		w |= wordIndir
	}
	return w
}

// withWord returns v as the flag word w describes it: its read-only and
// addressable bits, and its kind.
func (v rvalue) withWord(w uint64) rvalue {
	f := rflag(0)
	if w&wordStickyRO != 0 {
		f |= flagStickyRO
	}
	if w&wordEmbedRO != 0 {
		f |= flagEmbedRO
	}
	if w&wordAddr != 0 {
		f |= flagAddr
	}
	if w&wordIndir != 0 && v.t.directIface() {
		f |= flagIndir
	}
	if f&flagAddr != 0 && v.f&flagAddr == 0 {
		v = v.madeAddressable(w&wordIndir != 0)
	}
	v.f = f
	v.k = 0
	if k := reflect.Kind(w & wordKindMask); k != v.t.kind() {
		v.k = k
		if k == reflect.Invalid {
			v.k = kindCleared
		}
	}
	v.fw = nil
	return v
}

// kindCleared is the kind override of a Value whose flag word's kind
// bits were cleared: reflect.Invalid, though its type is still known.
const kindCleared = reflect.Kind(1 << 8)

// madeAddressable returns v, not addressable, as a Value whose Addr
// points to its value: its own cell when compiled code would hold it in
// memory (indir), else a copy (see the comment at the top of the file).
// A native value is copied into an addressable native variable.
func (v rvalue) madeAddressable(indir bool) rvalue {
	if v.nv.IsValid() {
		if !v.nv.CanAddr() && v.nv.CanInterface() {
			c := reflect.New(v.nv.Type()).Elem()
			c.Set(v.nv)
			v.nv = c
		}
		return v
	}
	if !indir && v.c != nil {
		v.c = &cell{v: copyVal(v.c.v), st: v.c.st}
	}
	return v
}

// directIface reports whether gc holds a value of type t in an
// interface's data word itself rather than behind a pointer (as its
// compiler's types.IsDirectIface decides): pointers, maps, chans, funcs,
// unsafe.Pointers, and arrays of one and structs of one field of such a
// type. reflect sets flagIndir on the Values of the other types.
func (t *rtype) directIface() bool {
	if t.t == nil {
		return directNative(t.rt)
	}
	return directType(t.t)
}

func directType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() == 1 && directType(u.Elem())
	case *types.Struct:
		return u.NumFields() == 1 && directType(u.Field(0).Type())
	}
	return false
}

func directNative(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() == 1 && directNative(t.Elem())
	case reflect.Struct:
		return t.NumField() == 1 && directNative(t.Field(0).Type)
	}
	return false
}

// flagFieldOffset is the offset of reflect.Value's flag field in t (a
// type whose underlying type is reflect.Value's struct), or -1.
func flagFieldOffset(t types.Type) int64 {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	offs := sizes.Offsetsof(fieldsOf(st))
	for i := range st.NumFields() {
		if st.Field(i).Name() == "flag" {
			return offs[i]
		}
	}
	return -1
}

// isReflectValue reports whether t is reflect.Value.
func isReflectValue(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Value"
}

// rvFieldPtr is unsafe.Pointer to the field at byte offset off of the
// reflect.Value variable c: for the flag field, a new flag word that c's
// Value keeps from now on (see the comment at the top of the file); ok
// is false for other fields.
func (r *run) rvFieldPtr(c *cell, t types.Type, off int64) (Value, bool) {
	if off != flagFieldOffset(t) || c.v.k != KindNative {
		return Value{}, false
	}
	v := rvArg(c.v)
	w := newCell(Uint(v.flagWord()), c.st)
	v.fw = w
	c.v = rvBox(v)
	ft := t.Underlying().(*types.Struct)
	for i := range ft.NumFields() {
		if f := ft.Field(i); f.Name() == "flag" {
			return r.typedPtr(unsafe.Pointer(w), f.Type()), true
		}
	}
	return Value{}, false
}
