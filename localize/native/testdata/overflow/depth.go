// Package overflow is a test subject whose failing test dies of a stack
// overflow, a fatal error that kills the test binary before any of its
// coverage is written: the native run knows only that it failed, and
// where (the frames of the crash).
package overflow

// Depth returns n, counting down to 0. The fault: for n < 0 it never
// stops.
func Depth(n int) int {
	if n == 0 { //fault: should be n <= 0
		return 0
	}
	return 1 + Depth(n-1)
}

// Twice returns 2x.
func Twice(x int) int {
	return x + x
}
