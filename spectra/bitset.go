package spectra

import "math/bits"

// bitset is a growable set of small non-negative integers. Trailing zero
// words are never stored, so two equal sets have equal word slices.
type bitset []uint64

func (b bitset) has(i int) bool {
	w := i >> 6
	return w < len(b) && b[w]&(1<<(uint(i)&63)) != 0
}

func (b *bitset) set(i int) {
	w := i >> 6
	for len(*b) <= w {
		*b = append(*b, 0)
	}
	(*b)[w] |= 1 << (uint(i) & 63)
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// each calls f for every member in increasing order.
func (b bitset) each(f func(int)) {
	for wi, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			f(wi<<6 | t)
			w &= w - 1
		}
	}
}

// trim drops trailing zero words.
func (b bitset) trim() bitset {
	n := len(b)
	for n > 0 && b[n-1] == 0 {
		n--
	}
	return b[:n:n]
}
