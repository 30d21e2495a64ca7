package store

// Column is an append-only array stored in chunks of up to ChunkSize
// elements, so that growing a long trace never copies what was recorded:
// the first chunk grows by doubling (small traces stay small), later chunks
// are allocated at full size (or taken from pool, chunks that released
// traces left; from PoolFrom elements on, the first chunk too, or it
// grows into a released first chunk at least twice as long). Element i
// is Chunks[i>>chunkBits][i&chunkMask]
// (chunks are full-length slices; only the first N elements are set).
//
// Push is the recorder's hot path: it writes into Tail, the last chunk,
// and calls Grow only when Tail is full. The engines of package interp
// write runs of elements at Tail[N-Base:] themselves, after checking that
// they fit, and then add their number to N (see Trace.Commit).
type Column[T any] struct {
	Chunks [][]T
	Tail   []T // == Chunks[len(Chunks)-1]
	Base   int // index of Tail[0]
	N      int // number of elements
	// pool, if not nil, gives full chunks released by earlier traces
	// (see Trace.Release); Grow takes them first.
	pool *chunkPool[T]
}

// PoolFrom is the size of a first chunk that grows into a released one
// (see Trace.Release) if there is one, rather than double: traces shorter
// than that stay small.
const PoolFrom = 2048

// ChunkSize is the length of a full chunk of a Column.
const ChunkSize = 1 << chunkBits

const (
	chunkBits = 16
	chunkMask = ChunkSize - 1
)

// Push appends x.
func (c *Column[T]) Push(x T) {
	if c.N-c.Base >= len(c.Tail) {
		c.Grow()
	}
	c.Tail[c.N-c.Base] = x
	c.N++
}

// Last returns a pointer to the last element pushed.
func (c *Column[T]) Last() *T { return &c.Tail[c.N-1-c.Base] }

// Grow makes room for one more element after the N pushed. (Not inlined,
// so that Push is.)
//
//go:noinline
func (c *Column[T]) Grow() {
	switch {
	case len(c.Chunks) == 0:
		c.Tail = make([]T, 16)
		c.Chunks = append(c.Chunks, c.Tail)
	case len(c.Tail) < ChunkSize: // the first chunk: double it
		var t []T
		if len(c.Tail) >= PoolFrom {
			// Past small traces: a released chunk if there is one,
			// without doubling further, or a released first chunk at
			// least twice as long.
			if t = c.pool.take(); t == nil {
				t = c.pool.takePart(2 * len(c.Tail))
			}
		}
		if t == nil {
			t = make([]T, 2*len(c.Tail))
		}
		copy(t, c.Tail)
		c.Tail = t
		c.Chunks[0] = t
	default:
		c.Tail = c.pool.take()
		if c.Tail == nil {
			c.Tail = make([]T, ChunkSize)
		}
		c.Chunks = append(c.Chunks, c.Tail)
		c.Base += ChunkSize
	}
}

// At returns element i.
func (c *Column[T]) At(i int) T { return c.Chunks[i>>chunkBits][i&chunkMask] }

// Ptr returns a pointer to element i.
func (c *Column[T]) Ptr(i int) *T { return &c.Chunks[i>>chunkBits][i&chunkMask] }

// Set sets element i to x.
func (c *Column[T]) Set(i int, x T) { c.Chunks[i>>chunkBits][i&chunkMask] = x }

// Capacity returns the number of elements the column has room for, for
// size reports.
func (c *Column[T]) Capacity() int {
	n := 0
	for _, ch := range c.Chunks {
		n += len(ch)
	}
	return n
}
