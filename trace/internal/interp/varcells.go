package interp

// Variables in allocation order. Code may order pointers by address:
// go-cmp sorts a map's pointer keys by reflect.Value.Pointer, and its
// golden diffs expect the variable allocated first to come first, as
// compiled code gives it (Go's allocator carves the small objects of one
// size from a span in ascending order). The cells of interpreted
// variables are allocated by the same allocator, but one interpreted byte
// is a cell, so a megabyte slice allocated between two variables is 32
// megabytes natively, which starts a garbage collection; the allocator
// then takes the second variable's cell from another span, below the
// first half of the time. So the heap variables a run allocates (new(T),
// &T{}, a variable that escapes) are carved from chunks of the run's
// own, in ascending order whatever the collector does, as frames' slabs
// are (frame.go): the order changes only where a new chunk begins, as
// natively where a new span does. A chunk lives as long as any of its
// cells, and with it what its dead cells refer to; in a recorded run every
// variable lives anyway (its Alloc event holds its address). Chunks double
// from 31 cells to varChunk, so that short runs stay small.

// varChunk is the largest number of cells a chunk of variables holds,
// about those of a span of 32-byte objects. The number of cells of a
// chunk is one less than a power of two: an object of more than 512
// bytes that holds pointers has an 8-byte header, and 2^k cells and the
// header would take the next size class, 12 to 15% more.
const varChunk = 255

// newVar returns a new variable holding a copy of v, as newCell does:
// carved from the run's chunk of variables, unless v is an aggregate of
// more than varChunk/8 cells.
func (r *run) newVar(v Value, st EventID) *cell {
	n := 1
	if v.isAgg() {
		n += int(v.n)
	}
	if n > varChunk/8 {
		return newCell(v, st)
	}
	if n > len(r.vars) {
		r.varN = min(max(2*r.varN+1, varChunk/8), varChunk)
		r.vars = make([]cell, r.varN)
	}
	cs := r.vars[:n:n]
	r.vars = r.vars[n:]
	if n == 1 {
		cs[0] = cell{v: copyVal(v), st: st}
		return &cs[0]
	}
	src := v.cells()
	for i := range src {
		cs[1+i] = cell{v: copyVal(src[i].v), st: src[i].st}
	}
	cs[0] = cell{v: aggOf(v.k, cs[1:]), st: st}
	return &cs[0]
}
