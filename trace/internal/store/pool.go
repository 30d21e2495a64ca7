package store

import (
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Released storage. A recorded run writes about 17 bytes an event into
// its trace's columns; into memory fresh from the kernel that costs a
// page fault per 4 KB page and the runtime's zeroing, several times the
// cost of writing memory used before. Trace.Release hands a trace's full
// chunks, and its first chunks of 2·PoolFrom elements or more, to the
// pools below, which later recorded runs draw from before allocating.
// Smaller first chunks are left to the runtime, which recycles small
// allocations well enough.

// chunkPool holds released chunks of one element type: full ones, and
// first chunks that stopped doubling between 2·PoolFrom and ChunkSize
// elements (part), the only storage of the traces of most test cases,
// which a later trace's first chunk grows into.
type chunkPool[T any] struct {
	mu   sync.Mutex
	free [][]T
	part [][]T
}

var (
	wordPool  chunkPool[uint64]
	unitPool  chunkPool[uint16] // records and dependence units
	segPool   chunkPool[Segment]
	refPool   chunkPool[unsafe.Pointer]
	framePool chunkPool[Frame]

	segIdxPool indexPool[int32]
)

// pooled is the number of bytes the pools hold; reuseLimit bounds it.
var pooled, reuseLimit atomic.Int64

func init() { reuseLimit.Store(defaultReuseLimit) }

// defaultReuseLimit is the default of SetReuseLimit.
const defaultReuseLimit = 1 << 30

// SetReuseLimit sets the most bytes of storage of released traces (see
// [Trace.Release]) that the package keeps for later recorded runs, drops
// what the pools hold beyond it (0 empties them), and returns the
// previous limit. The default is 1 GiB. A negative limit leaves the
// setting unchanged and only reports it.
func SetReuseLimit(bytes int64) int64 {
	if bytes < 0 {
		return reuseLimit.Load()
	}
	old := reuseLimit.Swap(bytes)
	trimPool(&wordPool, bytes)
	trimPool(&unitPool, bytes)
	trimPool(&segPool, bytes)
	trimPool(&refPool, bytes)
	trimPool(&framePool, bytes)
	segIdxPool.trim(bytes)
	return old
}

// chunkBytes returns the size of a full chunk of T.
func chunkBytes[T any]() int64 {
	var z T
	return int64(unsafe.Sizeof(z)) * ChunkSize
}

// elemBytes returns the size of n elements of T.
func elemBytes[T any](n int) int64 {
	var z T
	return int64(unsafe.Sizeof(z)) * int64(n)
}

// trimPool drops chunks of p while the pools hold more than limit bytes.
func trimPool[T any](p *chunkPool[T], limit int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.part) > 0 && pooled.Load() > limit {
		last := len(p.part) - 1
		pooled.Add(-elemBytes[T](len(p.part[last])))
		p.part[last] = nil
		p.part = p.part[:last]
	}
	for len(p.free) > 0 && pooled.Load() > limit {
		p.free[len(p.free)-1] = nil
		p.free = p.free[:len(p.free)-1]
		pooled.Add(-chunkBytes[T]())
	}
}

// take returns a full chunk from p, or nil if it has none. Its contents
// are what its previous trace left there: the columns read only what they
// wrote.
func (p *chunkPool[T]) take() []T {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.free)
	if n == 0 {
		return nil
	}
	ch := p.free[n-1]
	p.free[n-1] = nil
	p.free = p.free[:n-1]
	pooled.Add(-chunkBytes[T]())
	return ch
}

// takePart returns the shortest partial chunk of p with at least n
// elements, or nil if it has none.
func (p *chunkPool[T]) takePart(n int) []T {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	best := -1
	for i, ch := range p.part {
		if len(ch) >= n && (best < 0 || len(ch) < len(p.part[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	ch := p.part[best]
	last := len(p.part) - 1
	p.part[best], p.part[last] = p.part[last], nil
	p.part = p.part[:last]
	pooled.Add(-elemBytes[T](len(ch)))
	return ch
}

// give hands the full chunks of c, and its first chunk if it grew past
// 2·PoolFrom elements, to p, as far as the limit allows, and empties c.
func (p *chunkPool[T]) give(c *Column[T]) {
	limit := reuseLimit.Load()
	p.mu.Lock()
	for _, ch := range c.Chunks {
		size := elemBytes[T](len(ch))
		if len(ch) < 2*PoolFrom || pooled.Load()+size > limit {
			continue
		}
		if len(ch) == ChunkSize {
			p.free = append(p.free, ch)
		} else {
			p.part = append(p.part, ch)
		}
		pooled.Add(size)
	}
	p.mu.Unlock()
	*c = Column[T]{pool: c.pool}
}

// Release hands the trace's storage to the package, for later recorded
// runs (of any Program) to reuse instead of allocating fresh memory,
// which is faster (see [SetReuseLimit] for how much is kept). The trace
// must not be used afterwards, through any reference to it (such as the
// Result.Trace it came from): it is then empty, and its Len panics, so
// that a loop over its events fails at once. Releasing a nil or already
// released trace does nothing.
// Values taken from the trace before (Value's pointers, Deps' slices)
// stay valid: they do not point into its storage.
func (t *Trace) Release() {
	if t == nil || t.released {
		return
	}
	wordPool.give(&t.Words)
	unitPool.give(&t.Meta)
	unitPool.give(&t.Units)
	segPool.give(&t.Segs)
	framePool.give(&t.Frames)
	segIdxPool.give(t.SegIdx)
	// The pointers must not keep what they point to alive in the pool.
	for _, ch := range t.Refs.Chunks {
		clear(ch)
	}
	refPool.give(&t.Refs)
	*t = Trace{released: true}
}

// indexPool holds released index slices (Trace.segIdx),
// which grow by appending rather than in chunks.
type indexPool[T any] struct {
	mu   sync.Mutex
	free [][]T
}

// indexFrom is the length from which an index slice that is full grows
// into a released one: shorter ones belong to short traces.
const indexFrom = PoolFrom / 256

// growIndex returns s with room for more: a released slice twice as long
// or longer if p has one, else what append would make.
func growIndex[T any](p *indexPool[T], s []T) []T {
	if len(s) >= indexFrom {
		if r := p.take(2 * len(s)); r != nil {
			return append(r[:0], s...)
		}
	}
	return slices.Grow(s, 1)
}

func sliceBytes[T any](s []T) int64 {
	var z T
	return int64(unsafe.Sizeof(z)) * int64(cap(s))
}

// take returns the longest slice p holds if it has room for n elements,
// else nil.
func (p *indexPool[T]) take(n int) []T {
	p.mu.Lock()
	defer p.mu.Unlock()
	best := -1
	for i, s := range p.free {
		if cap(s) >= n && (best < 0 || cap(s) > cap(p.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	s := p.free[best]
	last := len(p.free) - 1
	p.free[best], p.free[last] = p.free[last], nil
	p.free = p.free[:last]
	pooled.Add(-sliceBytes(s))
	return s
}

// give keeps s for later traces, as far as the limit allows.
func (p *indexPool[T]) give(s []T) {
	if cap(s) < indexFrom {
		return
	}
	size := sliceBytes(s)
	if pooled.Load()+size > reuseLimit.Load() {
		return
	}
	p.mu.Lock()
	p.free = append(p.free, s)
	p.mu.Unlock()
	pooled.Add(size)
}

// trim drops slices while the pools hold more than limit bytes.
func (p *indexPool[T]) trim(limit int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.free) > 0 && pooled.Load() > limit {
		last := len(p.free) - 1
		pooled.Add(-sliceBytes(p.free[last]))
		p.free[last] = nil
		p.free = p.free[:last]
	}
}
