package interp

import (
	"encoding/binary"
	"go/token"
	"go/types"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Integers read and written over bytes: compiled code reads a [N]byte
// variable, or N elements of a []byte, as an integer of N bytes, and
// writes one back, as gorilla/websocket's maskBytes masks a word at a
// time:
//
//	kw := *(*uintptr)(unsafe.Pointer(&k)) // k is a [8]byte
//	for i := 0; i < n; i += 8 {
//		*(*uintptr)(unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + uintptr(i))) ^= kw
//	}
//
// The interpreter holds a byte a cell, so the conversion to *U makes a
// view: a cell holding the integer the bytes make in the machine's byte
// order (binary.NativeEndian), as compiled code reads that memory. A view
// only read at once (readOnlyView) is a copy. A view also stored into,
// where the conversion's result is only loaded and stored through in its
// block (wordStores), writes the stored integer's bytes back into the
// cells at each store (opStoreWord), so that the bytes change as compiled
// code's do.
//
// The address of a slice or array element converted to unsafe.Pointer
// keeps the extent of the elements from it to the end of the backing
// array (as unsafe.SliceData's does: unsafe.go's elemPtr), so that uintptr
// arithmetic within the slice reaches its other elements.

// wordSize returns the size of integer type u in bytes, 0 if u is not an
// integer type of 2, 4 or 8 bytes.
func wordSize(u types.Type) int64 {
	b, ok := u.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || b.Info()&types.IsUntyped != 0 {
		return 0
	}
	switch k := gcSizes.Sizeof(u); k {
	case 2, 4, 8:
		return k
	}
	return 0
}

// wordCells returns the k byte cells unsafe.Pointer x points to: k
// elements of a byte array or slice, or a byte array variable of at least
// k bytes.
func (r *run) wordCells(x Value, k int64) ([]cell, bool) {
	switch x.n & uptrTag {
	case uptrElem:
		elem, n, _ := r.uptrElemOf(x)
		if isByteType(elem) && int64(n) >= k {
			return unsafe.Slice((*cell)(x.p), k), true
		}
	case uptrTyped:
		a, ok := r.typeOfID(int32(x.n &^ uptrTag)).Underlying().(*types.Array)
		if ok && isByteType(a.Elem()) && a.Len() >= k {
			return (*cell)(x.p).v.cells()[:k], true
		}
	}
	return nil, false
}

// readWord returns the integer of type u that bytes cs make.
func readWord(cs []cell, u types.Type) Value {
	var buf [8]byte
	for i := range cs {
		buf[i] = byte(cs[i].v.n)
	}
	var n uint64
	switch len(cs) {
	case 2:
		n = uint64(binary.NativeEndian.Uint16(buf[:]))
	case 4:
		n = uint64(binary.NativeEndian.Uint32(buf[:]))
	default:
		n = binary.NativeEndian.Uint64(buf[:])
	}
	if b := u.Underlying().(*types.Basic); b.Info()&types.IsUnsigned != 0 {
		return Uint(n)
	}
	shift := 64 - 8*len(cs)
	return Int(int64(n<<shift) >> shift)
}

// writeWord stores the bytes of integer v into cs, with event e.
func writeWord(cs []cell, v Value, e EventID) {
	var buf [8]byte
	switch len(cs) {
	case 2:
		binary.NativeEndian.PutUint16(buf[:], uint16(v.n))
	case 4:
		binary.NativeEndian.PutUint32(buf[:], uint32(v.n))
	default:
		binary.NativeEndian.PutUint64(buf[:], v.n)
	}
	for i := range cs {
		storeVal(&cs[i], Uint(uint64(buf[i])), e)
	}
}

// wordView defines in's result, the conversion of unsafe.Pointer x to
// *U for an integer type U, as a view of the bytes x points to, if it
// points to bytes and the view is only read at once or only loaded and
// stored through (uc.word); it reports whether it did.
func (r *run) wordView(fr *frame, in *ins, uc *unsafeConv, x Value) bool {
	k := wordSize(uc.elem)
	if k == 0 || !uc.readOnly && !uc.word {
		return false
	}
	cs, ok := r.wordCells(x, k)
	if !ok {
		return false
	}
	c := r.viewCell(fr, in, &cs[0], readWord(cs, uc.elem))
	if r.tr != nil {
		for i := 1; i < len(cs); i++ {
			r.memDeps(&cs[i], c.st)
		}
	}
	return true
}

// storeWordBack writes integer v, just stored through a word view with
// event e, back into the bytes the view reads: x is the unsafe.Pointer
// the view was converted from, k the integer's size.
func (r *run) storeWordBack(x Value, k int64, v Value, e EventID) {
	if cs, ok := r.wordCells(x, k); ok {
		writeWord(cs, v, e)
	}
}

// wordStores reports whether the pointer conv defines, to an integer
// type, is only loaded and stored through, in conv's block: a view that
// opStoreWord keeps in step with the bytes it reads.
func wordStores(conv *ssa.Convert) bool {
	pt, ok := conv.Type().Underlying().(*types.Pointer)
	if !ok || wordSize(pt.Elem()) == 0 {
		return false
	}
	refs := conv.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		if ref.Block() != conv.Block() {
			return false
		}
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if ref.Val == ssa.Value(conv) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// wordStoreOf returns the conversion from unsafe.Pointer that Store
// address addr is, if stores through it write a word view back
// (wordStores).
func wordStoreOf(addr ssa.Value) (*ssa.Convert, bool) {
	conv, ok := addr.(*ssa.Convert)
	if !ok || !isUnsafePointer(conv.X.Type()) || !wordStores(conv) {
		return nil, false
	}
	return conv, true
}
