// Package latewhole is a test subject whose failing case only the
// native run ranks, and whose native run is done after the case's own:
// TestBig fails natively only (the interpreter refuses its
// unsafe.Pointer conversion before it runs Scale), TestSmall passes
// (natively only, for the same reason),
// and TestGated passes once the file $FAULTLOC_LATENATIVE_GATE exists, holding
// the native run. TestBig's run alone ties every line of Scale under
// Ochiai; the whole run shows every line but the faulty one run by
// passing cases too.
package latewhole

import "unsafe"

// Scale returns twice x, at most 100.
func Scale(x int) int {
	y := x * 2
	if y > 100 {
		y = 101 //fault: 100
	}
	return y
}

// Bits returns the IEEE 754 bits of x.
func Bits(x float64) uint64 {
	return *(*uint64)(unsafe.Pointer(&x))
}
