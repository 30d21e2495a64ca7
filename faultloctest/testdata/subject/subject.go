// Package subject is the test subject of faultloctest: Abs has a fault,
// which its test, built with the faultloc tag, exposes in one subtest.
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
