package interp

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Zero-size variables. The Go runtime gives every zero-size allocation one
// address, runtime.zerobase: two new(struct{}) that escape are equal
// pointers, and so are the data pointers of two empty slices. A run does
// as much with one cell per zero-size type, which every heap Alloc of the
// type (new(T), &T{}, a variable that escapes) returns: pointers of one
// type to zero-size variables are equal, as natively. Pointers to
// zero-size variables of different types stay unequal when converted to
// unsafe.Pointer, and the elements of a slice of zero-size elements are
// distinct variables (natively all at zerobase), as trace/README.md says.

// zeroAlloc is the ins.n of an Alloc of a zero-size variable on the heap;
// its ins.x holds the variable type's id (Program.intern).
const zeroAlloc = -2

// zeroSize reports whether t's values occupy no memory.
func zeroSize(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return gcSizes.Sizeof(t) == 0
	}
	return false
}

// compileZeroAlloc marks the heap Alloc in of a zero-size variable i as
// one of the run's zero cell of its type. p.mu is held.
func (p *Program) compileZeroAlloc(in *ins, i *ssa.Alloc) {
	t := deref(i.Type())
	if !i.Heap || in.z.k == KindNative || !zeroSize(t) {
		return
	}
	in.n = zeroAlloc
	in.x = p.intern(t).id
}

// zeroCell returns the run's variable of the zero-size type with id id,
// whose zero value is z.
func (r *run) zeroCell(id int32, z Value) *cell {
	if c := r.zeroCells[id]; c != nil {
		return c
	}
	if r.zeroCells == nil {
		r.zeroCells = map[int32]*cell{}
	}
	c := newCell(z, NoEvent)
	r.zeroCells[id] = c
	return c
}

// zerobase returns an unsafe.Pointer to the run's struct{} variable, where
// the data pointer of an empty slice points as natively: a pointer to a
// variable of type struct{} (unsafe.go), which has a uintptr.
func (r *run) zerobase() Value {
	id := r.p.internLocked(types.NewStruct(nil, nil)).id
	v := addrOf(r.zeroCell(id, structOf(nil)))
	v.n = uptrTyped | uint64(id)
	return v
}
