package interp

// column is an append-only array stored in chunks of up to 1<<chunkBits
// elements, so that growing a long trace never copies what was recorded:
// the first chunk grows by doubling (small traces stay small), later chunks
// are allocated at full size (or taken from pool, chunks that released
// traces left; from poolFrom elements on, the first chunk too, or it
// grows into a released first chunk at least twice as long). Element i
// is chunks[i>>chunkBits][i&chunkMask]
// (chunks are full-length slices; only the first n elements are set).
//
// push is the recorder's hot path: it writes into tail, the last chunk,
// and calls grow only when tail is full.
type column[T any] struct {
	chunks [][]T
	tail   []T // == chunks[len(chunks)-1]
	base   int // index of tail[0]
	n      int
	// pool, if not nil, gives full chunks released by earlier traces
	// (see Trace.Release); grow takes them first.
	pool *chunkPool[T]
}

// poolFrom is the size of a first chunk that grows into a released one
// (see Trace.Release) if there is one, rather than double: traces shorter
// than that stay small.
const poolFrom = 2048

const (
	chunkBits = 16
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

func (c *column[T]) push(x T) {
	if c.n-c.base >= len(c.tail) {
		c.grow()
	}
	c.tail[c.n-c.base] = x
	c.n++
}

// last returns a pointer to the last element pushed.
func (c *column[T]) last() *T { return &c.tail[c.n-1-c.base] }

// grow makes room for one more element after the n pushed. (Not inlined,
// so that push is.)
//
//go:noinline
func (c *column[T]) grow() {
	switch {
	case len(c.chunks) == 0:
		c.tail = make([]T, 16)
		c.chunks = append(c.chunks, c.tail)
	case len(c.tail) < chunkSize: // the first chunk: double it
		var t []T
		if len(c.tail) >= poolFrom {
			// Past small traces: a released chunk if there is one,
			// without doubling further, or a released first chunk at
			// least twice as long.
			if t = c.pool.take(); t == nil {
				t = c.pool.takePart(2 * len(c.tail))
			}
		}
		if t == nil {
			t = make([]T, 2*len(c.tail))
		}
		copy(t, c.tail)
		c.tail = t
		c.chunks[0] = t
	default:
		c.tail = c.pool.take()
		if c.tail == nil {
			c.tail = make([]T, chunkSize)
		}
		c.chunks = append(c.chunks, c.tail)
		c.base += chunkSize
	}
}

func (c *column[T]) at(i int) T { return c.chunks[i>>chunkBits][i&chunkMask] }

func (c *column[T]) ptr(i int) *T { return &c.chunks[i>>chunkBits][i&chunkMask] }

func (c *column[T]) set(i int, x T) { c.chunks[i>>chunkBits][i&chunkMask] = x }

func (c *column[T]) len() int { return c.n }

// appendRange appends elements [lo, hi) to dst.
func (c *column[T]) appendRange(dst []T, lo, hi int) []T {
	for i := lo; i < hi; {
		ch := c.chunks[i>>chunkBits]
		off := i & chunkMask
		n := min(hi-i, len(ch)-off)
		dst = append(dst, ch[off:off+n]...)
		i += n
	}
	return dst
}

// capacity returns the number of elements the column has room for, for
// size reports.
func (c *column[T]) capacity() int {
	n := 0
	for _, ch := range c.chunks {
		n += len(ch)
	}
	return n
}
