// Package laterefuse is a test subject whose report is ranked before the
// native evidence stage is done and fused again once it is. TestScale
// fails, under the interpreter and natively; TestTable's nine cases and
// TestGated pass natively only (the interpreter refuses their
// unsafe.Pointer conversion before they run Scale), and TestGated waits
// until the file $FAULTLOC_LATENATIVE_GATE exists, holding the native run. The
// interpreter's ranking puts the return first, the faulty line second;
// the native run's first part (TestScale alone) ties every line, while
// its whole run shows the lines before the faulty one and the return
// run by every passing case, and the faulty line by the failing one
// only.
package laterefuse

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
