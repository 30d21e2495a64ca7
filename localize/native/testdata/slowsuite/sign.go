// Package slowsuite is a test subject whose suite runs a passing test
// that sleeps for as long as $SLOWSUITE_SLEEP says (longer than the
// bound a test sets on the native evidence stage) before a failing test
// that the interpreter refuses to run (an unsafe.Pointer conversion): the
// failing case is ranked only by the native evidence, and only if it
// runs before the slow one.
package slowsuite

import "unsafe"

// Negative reports whether x's sign bit is set.
func Negative(x float64) bool {
	bits := *(*uint64)(unsafe.Pointer(&x))
	return bits>>62&1 == 1 //fault: the sign bit is bit 63
}
