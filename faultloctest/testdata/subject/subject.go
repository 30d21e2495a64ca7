// Package subject is faultloctest's subject, faults marked //fault:; with
// tag faultloc, TestAbs/negative fails, TestLast panics if SUBJECT_PANIC.
package subject

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return x //fault: should be -x
	}
	return x
}

// Max returns the larger of a and b.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Last returns the last element of xs.
func Last(xs []int) int {
	return xs[len(xs)] //fault: should be xs[len(xs)-1]
}
