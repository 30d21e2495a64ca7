package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Conversions through unsafe.Pointer and the functions of package unsafe.
//
// The interpreter runs the idioms whose meaning the language's layout
// rules fix: a string or slice read through a header struct whose fields
// are {pointer-or-uintptr, int[, int]}, a string or slice built from such
// a header, a []byte read as a string, and unsafe.String, StringData,
// Slice, SliceData and Add. Anything else is an *UnsupportedError naming
// the construct and its position.
//
// An unsafe.Pointer is a KindPointer Value whose word n says what it
// points to (Equal and map keys look at its pointer only):
//
//   - 0: a nil pointer, or a pointer made by the interpreter elsewhere;
//   - uptrTyped | the type id of T: the address of an interpreted
//     variable of type T (a conversion of a *T), whose cell holds a T;
//   - uptrElem | id of E << uptrIDShift | n: the address of an element
//     cell of an array of E, with n cells from it to the array's end;
//   - uptrStr | n: a native address into the bytes of a string, with n
//     bytes from it to the string's end (strings are native Go strings,
//     so substrings of one string share its bytes, as in compiled code).
//
// uintptr(p) is the native address for the bytes of a string (so the
// offset of a substring in its parent is right), for an element cell a
// number whose differences within one array are those of compiled code
// (the element index times the element's size), disjoint from native
// addresses, and for an interpreted variable the address of its cell,
// which the run records (reflect_unsafe.go). unsafe.Pointer(u) for a
// uintptr u is the pointer the run recorded for u (a variable's
// address, or reflect.Value's Pointer and UnsafeAddr), or for an
// address inside a recorded struct variable at one of its fields'
// offsets, that field; other uintptrs are unsupported.
//
// A reinterpretation that changes the representation (a string read as
// a header, a header read as a []byte) makes a new cell, read at the
// conversion: go/ssa's form shows that the converted pointer is only
// read, at once (see readOnlyView). A header view of a local string or
// []byte that is written is a live view (unsafe_view.go); a store
// through another view is unsupported. A header's uintptr data word is
// the pointer the run recorded for it (reflect_unsafe.go).
// Where compiled code shares memory between a string and a []byte, the
// interpreter copies the bytes: a string made from a []byte does not
// change with it, which unsafe.String's contract (the bytes must not
// be modified while the string is in use) leaves unobservable.
const (
	uptrTag     = 3 << 62
	uptrTyped   = 1 << 62
	uptrElem    = 2 << 62
	uptrStr     = 3 << 62
	uptrIDShift = 40
	uptrIDMax   = 1<<22 - 1
	uptrLenMask = 1<<uptrIDShift - 1
	// uptrCellBase marks the uintptrs of element cells: above any native
	// address.
	uptrCellBase = 1 << 62
)

// unsafeConvKind is the kind of a conversion through unsafe.Pointer.
type unsafeConvKind uint8

const (
	toUnsafe    unsafeConvKind = iota + 1 // *T -> unsafe.Pointer
	fromUnsafe                            // unsafe.Pointer -> *U
	toUintptr                             // unsafe.Pointer -> uintptr
	unsafeSame                            // unsafe.Pointer -> a named unsafe.Pointer type
	fromUintptr                           // uintptr -> unsafe.Pointer (reflect_unsafe.go)
)

// unsafeConv is the static part of a conversion through unsafe.Pointer.
type unsafeConv struct {
	kind     unsafeConvKind
	elem     types.Type    // T of a *T converted to unsafe.Pointer, U of a conversion to *U
	id       int32         // T's type id (toUnsafe)
	readOnly bool          // fromUnsafe: the result is only read, at once (readOnlyView)
	word     bool          // fromUnsafe: the result, to an integer, is only loaded and stored through (unsafe_word.go)
	elems    int32         // toUnsafe of an element's address: the slot of the slice or array pointer indexed, else -1
	live     *liveViewInfo // fromUnsafe: the header view of a variable that has a live view (unsafe_view.go)
	err      *UnsupportedError
}

// compileUnsafeConv compiles Convert instruction i, which converts to or
// from unsafe.Pointer.
func (cp *compiler) compileUnsafeConv(i *ssa.Convert) ins {
	from, to := i.X.Type(), i.Type()
	uc := &unsafeConv{elems: -1}
	switch {
	case isUnsafePointer(from) && isUnsafePointer(to):
		uc.kind = unsafeSame
	case isUnsafePointer(to):
		pt, ok := from.Underlying().(*types.Pointer)
		if b, isBasic := from.Underlying().(*types.Basic); isBasic && b.Kind() == types.Uintptr {
			uc.kind = fromUintptr
			break
		}
		if !ok {
			return unsupported(fmt.Sprintf("conversion of %s to unsafe.Pointer", from), i)
		}
		uc.kind, uc.elem = toUnsafe, pt.Elem()
		uc.id = cp.p.intern(pt.Elem()).id
		if ia, ok := i.X.(*ssa.IndexAddr); ok {
			uc.elems = cp.slot(ia.X)
		}
	default:
		switch u := to.Underlying().(type) {
		case *types.Pointer:
			uc.kind, uc.elem = fromUnsafe, u.Elem()
			uc.readOnly = readOnlyView(i)
			uc.word = wordStores(i)
			uc.live = cp.liveViewOfConv(i)
		case *types.Basic:
			if u.Kind() != types.Uintptr {
				return unsupported(fmt.Sprintf("conversion of unsafe.Pointer to %s", to), i)
			}
			uc.kind = toUintptr
		default:
			return unsupported(fmt.Sprintf("conversion of unsafe.Pointer to %s", to), i)
		}
	}
	uc.err = &UnsupportedError{pos: i.Pos(), fn: i.Parent()}
	return ins{op: opUnsafeConv, x: uc, a: []int32{cp.slot(i.X)}, dst: cp.dst(i), instr: i}
}

// readOnlyView reports whether the pointer conv defines is only read,
// before anything could change the memory it points to: each use is a
// load, or a field address whose uses are such, in conv's block, with no
// instruction between conv and its last use that writes memory, calls or
// blocks.
func readOnlyView(conv *ssa.Convert) bool {
	b := conv.Block()
	last := -1
	var own *ssa.Store // the store of conv's result into a local, if any
	var uses func(v ssa.Value) bool
	uses = func(v ssa.Value) bool {
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			if r.Block() != b {
				return false
			}
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.FieldAddr:
				if !uses(r) {
					return false
				}
			case *ssa.IndexAddr:
				if r.X != v || !uses(r) {
					return false
				}
			case *ssa.Store:
				// b := (*[8]byte)(p) in naive form: the pointer kept in a
				// local that is stored once and only loaded
				a, ok := r.Addr.(*ssa.Alloc)
				if !ok || r.Val != v || own != nil || !localOnlyLoaded(a, r, uses) {
					return false
				}
				own = r
			default:
				return false
			}
			last = max(last, indexIn(b, r))
		}
		return true
	}
	if !uses(conv) {
		return false
	}
	first := indexIn(b, conv)
	for _, in := range b.Instrs[first+1 : last+1] {
		if in == ssa.Instruction(own) {
			continue
		}
		switch in := in.(type) {
		case *ssa.Store, *ssa.MapUpdate, *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.Select, *ssa.RunDefers, *ssa.Panic:
			return false
		case *ssa.UnOp:
			if in.Op == token.ARROW {
				return false
			}
		}
	}
	return true
}

// localOnlyLoaded reports whether local a is stored only by st and
// otherwise only loaded, each load's value meeting uses.
func localOnlyLoaded(a *ssa.Alloc, st *ssa.Store, uses func(ssa.Value) bool) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref != st {
				return false
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL || ref.Block() != st.Block() || !uses(ref) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

func indexIn(b *ssa.BasicBlock, in ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == in {
			return i
		}
	}
	return -1
}

// unsupportedAt stops the run with an *UnsupportedError naming construct
// at in's position.
func (r *run) unsupportedAt(in *ins, construct string) {
	u := &UnsupportedError{Construct: construct}
	if in.instr != nil {
		u.pos, u.fn = in.instr.Pos(), in.instr.Parent()
		u.Pos = r.p.Fset.Position(u.pos)
	}
	panic(u)
}

// typeOfID returns the type of id.
func (r *run) typeOfID(id int32) types.Type {
	r.p.mu.Lock()
	defer r.p.mu.Unlock()
	return r.p.typeTab[id]
}

// elemPtr returns an unsafe.Pointer to cell cs[0] of an array of elem
// (cs running to the array's end), or a pointer that says nothing of its
// extent if elem's id is too large to be kept.
func (r *run) elemPtr(cs []cell, elem types.Type) Value {
	if len(cs) == 0 {
		return Value{k: KindPointer}
	}
	id := r.p.internLocked(elem).id
	if id > uptrIDMax || len(cs) > uptrLenMask {
		return Value{k: KindPointer, p: ptrOf(&cs[0])}
	}
	return Value{k: KindPointer, p: ptrOf(&cs[0]), n: uptrElem | uint64(id)<<uptrIDShift | uint64(len(cs))}
}

// strPtr returns an unsafe.Pointer to the bytes of string s (its
// data pointer, which an empty substring keeps as compiled code does).
func strPtr(s Value) Value {
	if s.p == nil {
		return Value{k: KindPointer}
	}
	return Value{k: KindPointer, p: s.p, n: uptrStr | s.n}
}

// uptrElemOf returns the element type and extent of an unsafe.Pointer to
// an element cell; ok is false for other pointers.
func (r *run) uptrElemOf(v Value) (elem types.Type, n int, ok bool) {
	if v.p == nil || v.n&uptrTag != uptrElem {
		return nil, 0, false
	}
	return r.typeOfID(int32(v.n &^ uptrTag >> uptrIDShift)), int(v.n & uptrLenMask), true
}

// uptrStrOf returns the bytes an unsafe.Pointer into a string reaches.
func uptrStrOf(v Value) (string, bool) {
	if v.p == nil || v.n&uptrTag != uptrStr {
		return "", false
	}
	return unsafe.String((*byte)(v.p), int(v.n&^uptrTag)), true
}

// unsafeConv runs conversion in of x through unsafe.Pointer.
func (r *run) unsafeConv(fr *frame, in *ins, x Value) {
	uc := in.x.(*unsafeConv)
	switch uc.kind {
	case unsafeSame:
		r.def(fr, in, x)
	case toUnsafe:
		switch {
		case x.p == nil:
			r.def(fr, in, Value{k: KindPointer})
		case x.n&uptrTag == uptrElem: // from unsafe.SliceData: keeps its extent
			r.def(fr, in, x)
		case uc.elems >= 0:
			if p, ok := r.elemExtent(fr.regs[uc.elems], x, uc.elem); ok {
				r.def(fr, in, p)
				return
			}
			r.def(fr, in, Value{k: KindPointer, p: x.p, n: uptrTyped | uint64(uc.id)})
		default:
			r.def(fr, in, Value{k: KindPointer, p: x.p, n: uptrTyped | uint64(uc.id)})
		}
	case toUintptr:
		r.def(fr, in, Uint(r.uintptrOf(in, x)))
	case fromUnsafe:
		if uc.live != nil && x.p != nil {
			r.liveViewConv(fr, in, uc.live, x)
			return
		}
		r.fromUnsafe(fr, in, uc, x)
	case fromUintptr:
		r.def(fr, in, r.pointerFromUintptr(in, uintptr(x.n)))
	}
}

// uintptrOf is uintptr(x) for an unsafe.Pointer x.
func (r *run) uintptrOf(in *ins, x Value) uint64 {
	switch {
	case x.p == nil:
		return 0
	case x.n&uptrTag == uptrStr:
		r.issueRange(uintptr(x.p), uptrEntry{p: x.p, str: int64(x.n &^ uptrTag)})
		return uint64(uintptr(x.p))
	case x.n&uptrTag == uptrElem:
		elem, n, _ := r.uptrElemOf(x)
		u := uptrCellBase | uint64(uintptr(x.p))/uint64(cellBytes)*uint64(gcSizes.Sizeof(elem))
		r.issueRange(uintptr(u), uptrEntry{p: x.p, elem: elem, n: int64(n), word: x.n &^ uptrLenMask})
		return u
	case x.n&uptrTag == uptrTyped:
		if ep, first, ok := r.keptElem(x); ok { // unsafe_elems.go
			// the whole array is issued, for arithmetic going back too
			base := r.uintptrOf(in, first)
			elem, _, _ := r.uptrElemOf(ep)
			return base + uint64(uintptr(ep.p)-uintptr(first.p))/uint64(cellBytes)*uint64(gcSizes.Sizeof(elem))
		}
		return uint64(r.issueUintptr(x.p, r.typeOfID(int32(x.n&^uptrTag))))
	case x.n&uptrTag == 0:
		// back to the uintptr it was made of, if recorded for identity
		// only (a map's, a func's or a native value's address)
		u := uintptr(x.p)
		if e, ok := r.uptrs().m[u]; ok && e.t == nil && e.elem == nil && e.str == 0 {
			return uint64(u)
		}
	}
	r.unsupportedAt(in, "uintptr of the address of an interpreted variable (only the addresses of string bytes and slice elements have one)")
	return 0
}

// fromUnsafe runs the conversion of unsafe.Pointer x to *U.
func (r *run) fromUnsafe(fr *frame, in *ins, uc *unsafeConv, x Value) {
	u := uc.elem
	if x.p == nil {
		r.def(fr, in, Value{k: KindPointer})
		return
	}
	switch x.n & uptrTag {
	case uptrTyped:
		t := r.typeOfID(int32(x.n &^ uptrTag))
		if types.Identical(t.Underlying(), u.Underlying()) {
			r.def(fr, in, Value{k: KindPointer, p: x.p})
			return
		}
		if r.wordView(fr, in, uc, x) {
			return
		}
		c := (*cell)(x.p)
		v, ok := r.reinterpret(in, c.v, t, u)
		if !ok {
			break
		}
		if !uc.readOnly {
			r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of *%s to *%s whose result is not only read at once", t, u))
		}
		r.viewOf(fr, in, c, v)
		return
	case uptrElem:
		elem, n, _ := r.uptrElemOf(x)
		if types.Identical(elem.Underlying(), u.Underlying()) {
			r.def(fr, in, x)
			return
		}
		if r.wordView(fr, in, uc, x) {
			return
		}
		if a, ok := u.Underlying().(*types.Array); ok && uc.readOnly && types.Identical(a.Elem().Underlying(), elem.Underlying()) && a.Len() <= int64(n) {
			// [N]E read over N elements of E: xxh3's readU64
			cs := unsafe.Slice((*cell)(x.p), a.Len())
			vs := make([]Value, len(cs))
			for i := range cs {
				vs[i] = copyVal(cs[i].v)
			}
			r.viewOf(fr, in, &cs[0], Array(vs...))
			return
		}
		r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of a pointer to a %s element to *%s", elem, u))
	case uptrStr:
		if s, _ := uptrStrOf(x); isByteType(u) && uc.readOnly && len(s) > 0 {
			r.viewOf(fr, in, nil, Uint(uint64(s[0])))
			return
		}
		if s, _ := uptrStrOf(x); uc.readOnly && isByteArray(u, len(s)) {
			// [N]byte read over a string's bytes: xxh3's readU64
			n := u.Underlying().(*types.Array).Len()
			vs := make([]Value, n)
			for i := range vs {
				vs[i] = Uint(uint64(s[i]))
			}
			r.viewOf(fr, in, nil, Array(vs...))
			return
		}
		r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of a pointer to string bytes to *%s", u))
	default:
		r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer to *%s of a pointer of unknown type", u))
	}
	r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of *%s to *%s", r.typeOfID(int32(x.n&^uptrTag)), u))
}

// elemExtent returns the unsafe.Pointer to element x of the slice, or
// the array base points to, with its extent to the end of the backing
// array (elemPtr); ok is false if x is not one of those elements.
func (r *run) elemExtent(base, x Value, elem types.Type) (Value, bool) {
	var cs []cell
	switch base.k {
	case KindSlice:
		cs = base.slice()
		cs = cs[:cap(cs)]
	case KindPointer:
		if base.p == nil || !(*cell)(base.p).v.isAgg() {
			return Value{}, false
		}
		cs = (*cell)(base.p).v.cells()
	default:
		return Value{}, false
	}
	if len(cs) == 0 {
		return Value{}, false
	}
	off := uintptr(x.p) - uintptr(unsafe.Pointer(&cs[0]))
	if uintptr(x.p) < uintptr(unsafe.Pointer(&cs[0])) || off%uintptr(cellBytes) != 0 || off/uintptr(cellBytes) >= uintptr(len(cs)) {
		return Value{}, false
	}
	return r.elemPtr(cs[off/uintptr(cellBytes):], elem), true
}

// viewOf defines in's result as a pointer to a new cell holding v, which
// reads the memory of src (nil: none): its event depends on src's last
// store, and the new cells' last store is the event.
func (r *run) viewOf(fr *frame, in *ins, src *cell, v Value) {
	r.viewCell(fr, in, src, v)
}

// viewCell is viewOf, and returns the new cell.
func (r *run) viewCell(fr *frame, in *ins, src *cell, v Value) *cell {
	c := newCell(v, NoEvent)
	e := r.def(fr, in, Value{k: KindPointer, p: ptrOf(c)})
	if r.tr == nil {
		return c
	}
	if src != nil {
		r.memDeps(src, e)
	}
	var mark func(c *cell)
	mark = func(c *cell) {
		c.st = e
		if c.v.isAgg() {
			for i := range c.v.cells() {
				mark(&c.v.cells()[i])
			}
		}
	}
	mark(c)
	return c
}

// headerShape reports whether t is a struct laid out as a string header
// (n == 2: a pointer or uintptr, then an int) or a slice header (n == 3:
// and another int), and whether its pointer field is a uintptr.
func headerShape(t types.Type) (n int, uintptrData bool) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() < 2 || st.NumFields() > 3 {
		return 0, false
	}
	switch b, _ := st.Field(0).Type().Underlying().(*types.Basic); {
	case b != nil && b.Kind() == types.Uintptr:
		uintptrData = true
	case b != nil && b.Kind() == types.UnsafePointer:
	default:
		return 0, false
	}
	for i := 1; i < st.NumFields(); i++ {
		if _, ok := headerLen(st.Field(i).Type()); !ok {
			return 0, false
		}
	}
	return st.NumFields(), uintptrData
}

// headerLen reports whether t can hold a header's length, an int or, as
// some libraries declare theirs, a uint or uintptr (the same word); u says
// it is unsigned.
func headerLen(t types.Type) (u, ok bool) {
	b, isBasic := t.Underlying().(*types.Basic)
	if !isBasic {
		return false, false
	}
	switch b.Kind() {
	case types.Int:
		return false, true
	case types.Uint, types.Uintptr:
		return true, true
	}
	return false, false
}

// headerInts returns the length fields of a header of type t (of
// headerShape) holding ns.
func headerInts(t types.Type, ns ...int64) []Value {
	st := t.Underlying().(*types.Struct)
	vs := make([]Value, len(ns))
	for i, n := range ns {
		if u, _ := headerLen(st.Field(i + 1).Type()); u {
			vs[i] = Uint(uint64(n))
		} else {
			vs[i] = Int(n)
		}
	}
	return vs
}

// isByteType reports whether t is byte.
func isByteType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// isByteArray reports whether t is an array of at most n bytes.
func isByteArray(t types.Type, n int) bool {
	a, ok := t.Underlying().(*types.Array)
	return ok && isByteType(a.Elem()) && a.Len() <= int64(n)
}

// isBytes reports whether t is a slice of byte.
func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isByteType(s.Elem())
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// reinterpret returns the value of type u that compiled code reads from
// memory holding v, of type t; ok is false when the pair of types is not
// one whose layout the interpreter follows (and r stops the run when the
// pair is, but v is not a value it can read that way).
func (r *run) reinterpret(in *ins, v Value, t, u types.Type) (Value, bool) {
	un, uUintptr := headerShape(u)
	tn, _ := headerShape(t)
	_, tSlice := t.Underlying().(*types.Slice)
	switch {
	case isString(t) && un == 2:
		return r.header(in, strPtr(v), uUintptr, headerInts(u, int64(v.Len()))), true
	case tSlice && un > 0:
		cs := v.slice()
		data := r.elemPtr(cs[:cap(cs)], t.Underlying().(*types.Slice).Elem())
		if len(cs) == 0 && cap(cs) == 0 && v.p != nil {
			data = r.zerobase() // not nil
		}
		if uUintptr {
			data = Uint(r.uintptrOf(in, data))
		}
		ns := []int64{int64(len(cs))}
		if un == 3 {
			ns = append(ns, int64(cap(cs)))
		}
		return structOf(append([]Value{data}, headerInts(u, ns...)...)), true
	case isBytes(t) && isString(u):
		return String(bytesOf(v.slice())), true
	case tn > 0 && isString(u):
		fs := v.cells()
		s := r.headerBytes(in, fs[0].v, fs[1].v.Int(), "string")
		return String(s), true
	case tn == 3 && isBytes(u):
		fs := v.cells()
		return r.headerSlice(in, fs[0].v, fs[1].v.Int(), fs[2].v.Int()), true
	case types.IsInterface(t) && isTwoPointers(u):
		return r.ifaceWords(in, v, u), true // unsafe_iface.go
	case isStringCap(t) && isBytes(u):
		// struct{string; Cap int} read as a []byte: the string's header
		// and a capacity (msgpack's stringToBytes)
		fs := v.cells()
		return r.headerSlice(in, strPtr(fs[0].v), int64(fs[0].v.Len()), fs[1].v.Int()), true
	}
	return Value{}, false
}

// isStringCap reports whether t is a struct of a string and a word that
// can hold a length: a slice header's layout, its data and length the
// string's.
func isStringCap(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() != 2 || !isString(st.Field(0).Type()) {
		return false
	}
	_, ok = headerLen(st.Field(1).Type())
	return ok
}

// header returns a header struct of data and its length field n.
func (r *run) header(in *ins, data Value, uintptrData bool, n []Value) Value {
	if uintptrData {
		data = Uint(r.uintptrOf(in, data))
	}
	return structOf(append([]Value{data}, n...))
}

// structOf returns a struct value of fields vs.
func structOf(vs []Value) Value {
	cs := make([]cell, len(vs))
	for i, v := range vs {
		cs[i] = cell{v: v, st: NoEvent}
	}
	return aggOf(KindStruct, cs)
}

// bytesOf returns the bytes the cells of a []byte hold.
func bytesOf(cs []cell) string {
	b := make([]byte, len(cs))
	for i := range cs {
		b[i] = byte(cs[i].v.n)
	}
	return string(b)
}

// headerBytes returns the n bytes unsafe.Pointer data points to, as the
// string of a header; it stops the run when data reaches fewer.
func (r *run) headerBytes(in *ins, data Value, n int64, what string) string {
	if n == 0 {
		return ""
	}
	if data.k == KindUint {
		data = r.pointerFromUintptr(in, uintptr(data.n))
	}
	if s, ok := uptrStrOf(data); ok && n > 0 && n <= int64(len(s)) {
		return s[:n]
	}
	if elem, m, ok := r.uptrElemOf(data); ok && isByteType(elem) && n > 0 && n <= int64(m) {
		return bytesOf(unsafe.Slice((*cell)(data.p), n))
	}
	r.unsupportedAt(in, fmt.Sprintf("a %s of %d bytes made from a pointer the interpreter does not know to reach them", what, n))
	return ""
}

// headerSlice returns the []byte of a slice header {data, n, c}.
func (r *run) headerSlice(in *ins, data Value, n, c int64) Value {
	if data.k == KindUint {
		if c == 0 && data.n != 0 {
			// an empty slice that points somewhere: the address of an
			// empty string's bytes is not recorded (issueRange)
			return sliceOf([]cell{})
		}
		data = r.pointerFromUintptr(in, uintptr(data.n))
	}
	if n < 0 || c < n {
		r.unsupportedAt(in, fmt.Sprintf("a slice made from a header of length %d and capacity %d", n, c))
	}
	if data.p == nil && c == 0 {
		return Value{k: KindSlice}
	}
	if elem, m, ok := r.uptrElemOf(data); ok && isByteType(elem) && c <= int64(m) {
		return sliceOf(unsafe.Slice((*cell)(data.p), m)[:n:c])
	}
	if c == 0 {
		cs := []cell{}
		return sliceOf(cs)
	}
	// The bytes of a string: a copy (see the comment at the top of the
	// file). Capacity past the string's end is memory compiled code does
	// not define (gjson makes such headers and reads within the length):
	// zeros here.
	s, ok := uptrStrOf(data)
	if !ok {
		r.headerBytes(in, data, c, "slice") // stops the run: data reaches no bytes it knows
	}
	if n > int64(len(s)) {
		r.unsupportedAt(in, fmt.Sprintf("a slice of %d bytes made from a pointer to %d bytes of a string", n, len(s)))
	}
	r.allocCells(int(c))
	cs := make([]cell, c)
	for i := range cs {
		var b byte
		if i < len(s) {
			b = s[i]
		}
		cs[i] = cell{v: Uint(uint64(b)), st: NoEvent}
	}
	return sliceOf(cs[:n])
}

// unsafeBuiltin runs unsafe.String, StringData, Slice, SliceData and Add;
// ok is false for other names.
func (r *run) unsafeBuiltin(fr *frame, in *ins, ci *callInfo, name string, args []Value) (v Value, ok bool) {
	switch name {
	case "StringData":
		s := args[0]
		if s.n == 0 {
			return Value{k: KindPointer}, true
		}
		// *byte must point to a cell: the bytes are copied (see the
		// comment at the top of the file).
		b := s.Str()
		r.allocCells(len(b))
		cs := make([]cell, len(b))
		for i := range cs {
			cs[i] = cell{v: Uint(uint64(b[i])), st: NoEvent}
		}
		return r.elemPtr(cs, types.Typ[types.Byte]), true
	case "SliceData":
		s := args[0]
		if s.p == nil {
			return Value{k: KindPointer}, true
		}
		cs := s.slice()
		if cap(cs) == 0 {
			return Value{k: KindPointer, p: ptrOf(&cell{v: copyVal(ci.ez), st: NoEvent})}, true
		}
		return r.elemPtr(cs[:cap(cs)], ci.args[0].Underlying().(*types.Slice).Elem()), true
	case "String", "Slice":
		p, n := args[0], args[1].Int()
		if args[1].k == KindUint && int64(args[1].n) < 0 {
			n = -1
		}
		what := "unsafe." + name
		switch {
		case n < 0:
			r.rtPanic(fr, in, "%s: len out of range", what)
		case p.p == nil && n > 0:
			r.rtPanic(fr, in, "%s: ptr is nil and len is not zero", what)
		}
		var cs []cell
		if elem, m, ok := r.uptrElemOf(p); ok && n <= int64(m) && (name == "Slice" || isByteType(elem)) {
			cs = unsafe.Slice((*cell)(p.p), m)[:n:n]
		} else if n <= 1 && p.p != nil {
			cs = unsafe.Slice((*cell)(p.p), 1)[:n:n] // p points to one cell at least
		} else if n > 0 {
			r.unsupportedAt(in, fmt.Sprintf("%s of %d elements from a pointer the interpreter does not know to reach them (one from unsafe.SliceData or unsafe.StringData does)", what, n))
		}
		if name == "String" {
			return String(bytesOf(cs)), true
		}
		if p.p == nil {
			return Value{k: KindSlice}, true
		}
		return sliceOf(cs), true
	case "Add":
		p, d := args[0], args[1].Int()
		if d == 0 {
			return p, true
		}
		if ep, _, ok := r.keptElem(p); ok { // unsafe_elems.go
			p = ep
		}
		if elem, m, ok := r.uptrElemOf(p); ok {
			if size := gcSizes.Sizeof(elem); size > 0 && d%size == 0 && d > 0 && d/size < int64(m) {
				k := d / size
				q := unsafe.Add(p.p, uintptr(k)*unsafe.Sizeof(cell{}))
				return Value{k: KindPointer, p: q, n: p.n - uint64(k)}, true
			}
		} else if s, ok := uptrStrOf(p); ok && d > 0 && d < int64(len(s)) {
			return strPtr(String(s[d:])), true
		}
		r.unsupportedAt(in, fmt.Sprintf("unsafe.Add of %d to a pointer the interpreter does not know to reach that far (within a slice or a string's bytes, short of their end)", d))
	}
	return Value{}, false
}
