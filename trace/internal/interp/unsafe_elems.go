package interp

import (
	"cmp"
	"slices"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Pointer arithmetic from an element's address that arrives as a plain
// *T: go-toml's AST hands out &nodes[i] as a *Node, and its Next adds
// a multiple of unsafe.Sizeof(Node{}) to uintptr(unsafe.Pointer(n)).
// The conversion cannot tell an element's address from a variable's, so
// the arrays are recorded where their elements' addresses are taken: an
// IndexAddr of an element of a type in loader.Program.ElemAddrTypes
// (the types of which the source converts a *T of unknown origin to
// unsafe.Pointer) compiles to opIndexAddrKept, which records the
// indexed array's cells in the run's keptArrays before taking the
// address. uintptr and unsafe.Add of a *T then find the recorded array
// holding its cell, and the pointer becomes that element's (uptrElem),
// whose arithmetic within the array unsafe.go runs. A pointer in no
// recorded array stays a variable's address, and arithmetic leaving it
// is an *UnsupportedError as before. The record keeps the arrays alive
// for the run, so that no later allocation reuses their addresses.

// keptElems is the static part of an opIndexAddrKept.
type keptElems struct {
	word uint64 // uptrElem | the element type's id << uptrIDShift
}

// compileIndexAddr compiles IndexAddr i: opIndexAddrKept if its element
// type is one whose addresses the program converts to unsafe.Pointer.
func (cp *compiler) compileIndexAddr(i *ssa.IndexAddr) ins {
	in := ins{op: opIndexAddr, a: []int32{cp.slot(i.X), cp.slot(i.Index)}, dst: cp.dst(i), instr: i}
	if len(cp.p.elemAddr) == 0 {
		return in
	}
	elem := deref(i.Type())
	if id := cp.p.intern(elem).id; cp.p.elemAddr[id] && id <= uptrIDMax && gcSizes.Sizeof(elem) > 0 {
		in.op = opIndexAddrKept
		in.x = &keptElems{word: uptrElem | uint64(id)<<uptrIDShift}
	}
	return in
}

// keptArrays is a run's record of the arrays keepElems recorded: their
// cells from the lowest one indexed to the array's end, sorted by their
// end. Arrays alive together are disjoint, and every view of one array
// ends where it does, so an array is one entry.
type keptArrays struct {
	arrs []keptArray
}

type keptArray struct {
	cs   []cell
	word uint64 // keptElems.word
}

func (a keptArray) start() uintptr { return uintptr(unsafe.Pointer(&a.cs[0])) }
func (a keptArray) end() uintptr   { return a.start() + uintptr(len(a.cs))*uintptr(cellBytes) }

type keptArraysKey struct{}

func (r *run) keptArrays() *keptArrays {
	return Call{r: r}.State(keptArraysKey{}, func() any { return &keptArrays{} }).(*keptArrays)
}

// search returns the index of the first array that ends after address u.
func (ka *keptArrays) search(u uintptr) int {
	i, _ := slices.BinarySearchFunc(ka.arrs, u, func(a keptArray, u uintptr) int {
		if a.end() <= u {
			return -1
		}
		return 1
	})
	return i
}

// keepElems records the cells of the array that x, a slice (to its
// capacity) or a pointer to an array, indexes, as in's element type.
func (r *run) keepElems(in *ins, x Value) {
	var cs []cell
	switch {
	case x.k == KindSlice:
		cs = x.slice()
		cs = cs[:cap(cs)]
	case x.p != nil && (*cell)(x.p).v.isAgg():
		cs = (*cell)(x.p).v.cells()
	}
	if len(cs) == 0 || len(cs) > uptrLenMask {
		return
	}
	a := keptArray{cs: cs, word: in.x.(*keptElems).word}
	ka := r.keptArrays()
	i := ka.search(a.end() - 1)
	switch {
	case i == len(ka.arrs) || ka.arrs[i].end() != a.end():
		ka.arrs = slices.Insert(ka.arrs, i, a)
	case a.start() < ka.arrs[i].start():
		ka.arrs[i] = a
	}
}

// keptElem returns x, an unsafe.Pointer to a variable, as the pointer to
// the element it is of an array keepElems recorded (with its extent to
// the array's end), and the pointer to the recorded array's first cell;
// ok is false if no recorded array of its type holds its cell.
func (r *run) keptElem(x Value) (elem, first Value, ok bool) {
	if x.p == nil || x.n&uptrTag != uptrTyped || len(r.p.elemAddr) == 0 || !r.p.elemAddr[int32(x.n&^uptrTag)] {
		return Value{}, Value{}, false
	}
	ka := r.keptArrays()
	u := uintptr(x.p)
	i := ka.search(u)
	if i == len(ka.arrs) {
		return Value{}, Value{}, false
	}
	a := ka.arrs[i]
	word := uptrElem | (x.n&^uptrTag)<<uptrIDShift
	off := u - a.start()
	if u < a.start() || off%uintptr(cellBytes) != 0 || a.word != word {
		return Value{}, Value{}, false
	}
	k := int(off / uintptr(cellBytes))
	return Value{k: KindPointer, p: x.p, n: word | uint64(len(a.cs)-k)},
		Value{k: KindPointer, p: ptrOf(&a.cs[0]), n: word | uint64(len(a.cs))}, true
}

// InitReach implements InitState: a snapshot of initialization keeps the
// recorded arrays.
func (ka *keptArrays) InitReach(value func(Value), addr func(unsafe.Pointer)) {
	for _, a := range ka.arrs {
		value(sliceOf(a.cs))
	}
}

// InitCopy implements InitState.
func (ka *keptArrays) InitCopy(value func(Value) Value, addr func(unsafe.Pointer) unsafe.Pointer) any {
	cp := &keptArrays{arrs: make([]keptArray, 0, len(ka.arrs))}
	for _, a := range ka.arrs {
		cp.arrs = append(cp.arrs, keptArray{cs: value(sliceOf(a.cs)).slice(), word: a.word})
	}
	slices.SortFunc(cp.arrs, func(a, b keptArray) int { return cmp.Compare(a.end(), b.end()) })
	return cp
}
