package interp

import (
	"fmt"
	"go/types"
	"reflect"
	"unsafe"
)

// The addresses of interpreted variables as uintptrs, and back: what
// reflect.Value's Pointer and UnsafeAddr return, and uintptr(p) of an
// unsafe.Pointer to a variable (unsafe.go), is the address of the
// variable's cell, which the run records with the variable's type; a
// conversion of a uintptr back to unsafe.Pointer finds the recorded
// variable, or, for an address inside a recorded struct or array
// variable, the field or element at that offset (by gc's layout, as
// reflect.StructField.Offset gives it). go-cmp's value.PointerOf and its
// retrieveUnexportedField (reflect.NewAt of a field's address) run so.
// Go's rules have such a uintptr converted back in the expression that
// made it, so the entry recorded last, when it reaches the address, is
// the one it is an offset into. Pointer of a value that lives natively
// (a standard library package's) records its address for identity
// only: unsafe.Pointer of it compares, keys a map and is made a uintptr
// again, and conversion to a pointer type is unsupported.

// uptrTable is a run's record of the uintptrs it gave out.
type uptrTable struct {
	m       map[uintptr]uptrEntry
	maxSize int64 // the largest size of a type in m
	// last is the entry containing found last, at lastBase, while no
	// address recorded since lies inside it (it is still the nearest
	// below the addresses it reaches): a loop's arithmetic on one
	// element's address, as websocket's maskBytes, finds it at once.
	last     uptrEntry
	lastBase uintptr
	// latest is the entry recorded or issued again last, at latestBase.
	latest     uptrEntry
	latestBase uintptr
}

// latestReaches returns u's offset into the entry recorded last, if it
// lies inside it.
func (tab *uptrTable) latestReaches(u uintptr) (int64, bool) {
	off := int64(u - tab.latestBase)
	return off, tab.latest.p != nil && u > tab.latestBase && off < tab.latest.size()
}

// record records e at u, forgetting the last entry found if u lies
// inside it.
func (tab *uptrTable) record(u uintptr, e uptrEntry) {
	if tab.last.p != nil && u >= tab.lastBase && int64(u-tab.lastBase) < tab.last.size() {
		tab.last = uptrEntry{}
	}
	tab.m[u] = e
	tab.latest, tab.latestBase = e, u
}

// uptrEntry is what a uintptr stands for: a cell holding a value of type
// t; or the bytes of a string, str of them from p; or n element cells of
// an array of elem from p (unsafe.go: the addresses of string bytes and
// elements, which arithmetic on them, as xxh3's, moves within); or (all
// of those zero) the address of a map, func or channel, for identity
// only.
type uptrEntry struct {
	p    unsafe.Pointer
	t    types.Type
	str  int64
	elem types.Type
	n    int64
	word uint64 // the element pointers' tag and type id (unsafe.go)
}

// size is the number of bytes from the entry's address it reaches.
func (e uptrEntry) size() int64 {
	switch {
	case e.t != nil:
		return sizes.Sizeof(e.t)
	case e.elem != nil:
		return e.n * sizes.Sizeof(e.elem)
	}
	return e.str
}

// issueRange records e, a string's bytes or element cells, at u, unless
// u already reaches as far.
func (r *run) issueRange(u uintptr, e uptrEntry) {
	if u == 0 || e.size() == 0 {
		return
	}
	tab := r.uptrs()
	if old, ok := tab.m[u]; ok && old.size() >= e.size() {
		tab.latest, tab.latestBase = old, u
		return
	}
	tab.record(u, e)
	tab.maxSize = max(tab.maxSize, e.size())
}

// rangePtr is the unsafe.Pointer at offset off into e, a string's bytes
// or element cells; ok is false for other entries and for an offset
// inside an element.
func rangePtr(e uptrEntry, off int64) (Value, bool) {
	switch {
	case e.t != nil:
		return Value{}, false
	case e.elem != nil:
		es := sizes.Sizeof(e.elem)
		if es == 0 || off%es != 0 || off/es >= e.n {
			return Value{}, false
		}
		i := off / es
		return Value{k: KindPointer, p: unsafe.Add(e.p, i*int64(cellBytes)), n: e.word | uint64(e.n-i)}, true
	case e.str > 0 && off < e.str:
		return Value{k: KindPointer, p: unsafe.Add(e.p, off), n: uptrStr | uint64(e.str-off)}, true
	}
	return Value{}, false
}

type uptrKey struct{}

func (r *run) uptrs() *uptrTable {
	return Call{r: r}.State(uptrKey{}, func() any { return &uptrTable{m: map[uintptr]uptrEntry{}} }).(*uptrTable)
}

// issueUintptr records and returns the uintptr of p, the address of a
// value of type t (nil: not a cell).
func (r *run) issueUintptr(p unsafe.Pointer, t types.Type) uintptr {
	u := uintptr(p)
	if u != 0 {
		tab := r.uptrs()
		tab.record(u, uptrEntry{p: p, t: t})
		if t != nil {
			tab.maxSize = max(tab.maxSize, sizes.Sizeof(t))
		}
	}
	return u
}

// pointerFromUintptr is unsafe.Pointer(u).
func (r *run) pointerFromUintptr(in *ins, u uintptr) Value {
	if u == 0 {
		return Value{k: KindPointer}
	}
	tab := r.uptrs()
	// Go's rules for unsafe.Pointer have a uintptr made of a pointer,
	// or returned by reflect.Value's Pointer or UnsafeAddr, converted
	// back in the same expression: the entry recorded last is the one
	// u was computed from, when it reaches u. A variable's cells take
	// fewer bytes than gc lays its value out in, so the range of one
	// may reach over a variable allocated after it, which lies nearer
	// below u, or start at u (go-cmp's retrieveUnexportedField on two
	// structs allocated one after the other).
	if off, ok := tab.latestReaches(u); ok {
		if p, ok := r.ptrInside(tab.latest, off); ok {
			return p
		}
	}
	if e, ok := tab.m[u]; ok {
		if p, ok := rangePtr(e, 0); ok {
			return p
		}
		return r.typedPtr(e.p, e.t)
	}
	base, e, ok := tab.containing(u)
	if !ok {
		r.unsupportedAt(in, "conversion of a uintptr to unsafe.Pointer (only of a variable's address taken as a uintptr, or of reflect.Value's Pointer and UnsafeAddr, and of their fields' offsets, or of an element's address moved within its array)")
	}
	off := int64(u - base)
	if p, ok := r.ptrInside(e, off); ok {
		return p
	}
	switch {
	case e.t == nil:
		r.unsupportedAt(in, fmt.Sprintf("conversion of a uintptr to unsafe.Pointer: offset %d inside an element of the array its address was taken in", off))
	case isReflectValue(e.t):
		r.unsupportedAt(in, fmt.Sprintf("conversion of a uintptr to unsafe.Pointer: the field at offset %d of a reflect.Value (only its flag field is modelled)", off))
	}
	r.unsupportedAt(in, fmt.Sprintf("conversion of a uintptr to unsafe.Pointer: offset %d inside a %s is not the start of one of its fields or elements", off, e.t))
	return Value{}
}

// ptrInside is the unsafe.Pointer at offset off into e, if a string's
// byte, an element, a field or a reflect.Value's flag starts there.
func (r *run) ptrInside(e uptrEntry, off int64) (Value, bool) {
	if p, ok := rangePtr(e, off); ok || e.t == nil {
		return p, ok
	}
	if isReflectValue(e.t) {
		return r.rvFieldPtr((*cell)(e.p), e.t, off)
	}
	if c, t, ok := cellAt((*cell)(e.p), e.t, off); ok {
		return r.typedPtr(ptrOf(c), t), true
	}
	return Value{}, false
}

// containing returns the recorded variable, string bytes or element
// cells whose memory holds address u, the nearest below u when several do (a variable's cell may have
// been reused since its address was recorded). It probes the addresses
// below u when that is cheaper than scanning the table.
func (tab *uptrTable) containing(u uintptr) (base uintptr, e uptrEntry, ok bool) {
	if tab.last.p != nil && u > tab.lastBase && int64(u-tab.lastBase) < tab.last.size() {
		return tab.lastBase, tab.last, true
	}
	defer func() {
		if ok && e.p != nil {
			tab.last, tab.lastBase = e, base
		}
	}()
	if tab.maxSize < int64(len(tab.m)) {
		for d := int64(1); d < tab.maxSize && uintptr(d) <= u; d++ {
			if e, ok := tab.m[u-uintptr(d)]; ok && d < e.size() {
				return u - uintptr(d), e, true
			}
		}
		return 0, uptrEntry{}, false
	}
	var best uintptr
	var found uptrEntry
	for base, e := range tab.m {
		if u < base || u >= base+uintptr(e.size()) || base < best {
			continue
		}
		best, found = base, e
	}
	return best, found, found.size() > 0
}

// typedPtr is the unsafe.Pointer p to a value of type t (nil: of no
// known type).
func (r *run) typedPtr(p unsafe.Pointer, t types.Type) Value {
	if t == nil {
		return Value{k: KindPointer, p: p}
	}
	return Value{k: KindPointer, p: p, n: uptrTyped | uint64(r.p.internLocked(t).id)}
}

// cellAt returns the cell at byte offset off of the value of type t in
// c: c itself at 0, else the field or element there (the outermost at
// that offset).
func cellAt(c *cell, t types.Type, off int64) (*cell, types.Type, bool) {
	if off == 0 {
		return c, t, true
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if c.v.k != KindStruct {
			return nil, nil, false
		}
		offs := sizes.Offsetsof(fieldsOf(u))
		for i := len(offs) - 1; i >= 0; i-- {
			if offs[i] <= off {
				return cellAt(&c.v.cells()[i], u.Field(i).Type(), off-offs[i])
			}
		}
	case *types.Array:
		es := sizes.Sizeof(u.Elem())
		if c.v.k != KindArray || es == 0 {
			return nil, nil, false
		}
		i := off / es
		if int(i) < len(c.v.cells()) {
			return cellAt(&c.v.cells()[i], u.Elem(), off-i*es)
		}
	}
	return nil, nil, false
}

// nativeAddrsKey keys a run's addresses of native memory that
// reflect.Value's UnsafeAddr gave, with their types.
type nativeAddrsKey struct{}

func (r *run) nativeAddrs() map[unsafe.Pointer]reflect.Type {
	return Call{r: r}.State(nativeAddrsKey{}, func() any { return map[unsafe.Pointer]reflect.Type{} }).(map[unsafe.Pointer]reflect.Type)
}

// nativeAddr is nv.UnsafeAddr() of the native value nv, recorded (with
// nv's type) so that reflect.NewAt of it, of that type, is nv's memory
// again, addressable and without nv's read-only mark (what go-cmp and
// repr do to read an unexported field).
func (r *run) nativeAddr(nv reflect.Value) uintptr {
	if !nv.CanAddr() {
		panic("reflect.Value.UnsafeAddr of unaddressable value")
	}
	p := unsafe.Pointer(nv.UnsafeAddr())
	r.nativeAddrs()[p] = nv.Type()
	return r.issueUintptr(p, nil)
}

// newAt is reflect.NewAt(t, p): a Value of type *t pointing at p, an
// unsafe.Pointer to an interpreted variable of type t (or to a struct
// whose first field is one), or to native memory of type t that
// UnsafeAddr gave (nativeAddr).
func (r *run) newAt(in *ins, t types.Type, p Value) rvalue {
	pt := types.NewPointer(t)
	if p.p == nil {
		return r.rvOf(pt, Value{k: KindPointer}, 0)
	}
	if nt, ok := r.nativeAddrs()[p.p]; ok && p.n&uptrTag == 0 && r.p.rtypeNative(nt) == r.p.rtypeOf(t) {
		return r.rvNative(reflect.NewAt(nt, p.p), nil, 0)
	}
	if p.n&uptrTag != uptrTyped {
		panic(&BridgeError{Func: "reflect.NewAt", CallSite: r.pos(in), Reason: "the pointer is not the address of an interpreted variable"})
	}
	c, ct := (*cell)(p.p), r.typeOfID(int32(p.n&^uptrTag))
	for !types.Identical(ct, t) {
		st, ok := ct.Underlying().(*types.Struct)
		if !ok || st.NumFields() == 0 || c.v.k != KindStruct {
			panic(&BridgeError{Func: "reflect.NewAt", CallSite: r.pos(in), Reason: "the pointer is to a " + ct.String() + ", not a " + t.String()})
		}
		c, ct = &c.v.cells()[0], st.Field(0).Type()
	}
	return r.rvOf(pt, Value{k: KindPointer, p: ptrOf(c)}, 0)
}

func init() {
	bridges["reflect.NewAt"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return rvBox(r.newAt(in, r.argType(in, args[0], "reflect.NewAt"), args[1]))
	}
	bridges["(reflect.Value).UnsafePointer"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v := rvArg(args[0])
		u := r.pointerOf(fr, in, v)
		e := r.uptrs().m[u]
		return r.typedPtr(e.p, e.t)
	}
}
