package trace

// column is an append-only array stored in chunks of up to 1<<chunkBits
// elements, so that growing a long trace never copies what was recorded:
// the first chunk grows by doubling (small traces stay small), later chunks
// are allocated at full size.
type column[T any] struct {
	chunks [][]T
	n      int
}

const (
	chunkBits = 16
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

func (c *column[T]) push(x T) {
	if len(c.chunks) == 0 {
		c.chunks = append(c.chunks, make([]T, 0, 64))
	}
	last := &c.chunks[len(c.chunks)-1]
	if len(*last) == chunkSize {
		c.chunks = append(c.chunks, make([]T, 0, chunkSize))
		last = &c.chunks[len(c.chunks)-1]
	}
	*last = append(*last, x)
	c.n++
}

func (c *column[T]) at(i int) T { return c.chunks[i>>chunkBits][i&chunkMask] }

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

// bytes returns the memory the column holds, for size reports.
func (c *column[T]) capacity() int {
	n := 0
	for _, ch := range c.chunks {
		n += cap(ch)
	}
	return n
}
