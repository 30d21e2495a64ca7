// Package fuzzseed is a test subject whose fuzz target's seeds panic:
// the test binary dies in the first of them, and go test credits the
// panic's stack to the fuzz target, not to its seeds.
package fuzzseed

// Last returns the last n bytes of s.
func Last(s string, n int) string {
	from := len(s) - n - 1 //fault: should be len(s) - n
	return s[from:]
}

// Twice returns 2x.
func Twice(x int) int {
	return x + x
}
