// Package latenative is a test subject whose native go test run waits,
// in TestGated, until the file $FAULTLOC_LATENATIVE_GATE exists: a test holds
// the native evidence stage past its share of the first case's bound,
// then lets it end. TestHigh and TestHigher fail under the interpreter
// and natively; TestGated fails natively only (the interpreter refuses
// its unsafe.Pointer conversion before it waits).
package latenative

import "unsafe"

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return lo //fault: hi
	}
	return x
}

// Bits returns the IEEE 754 bits of x.
func Bits(x float64) uint64 {
	return *(*uint64)(unsafe.Pointer(&x))
}
