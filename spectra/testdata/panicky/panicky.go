// Package panicky is a test subject for spectra's native collection: its
// tests panic in a top-level test and in a subtest, run in parallel, and
// skip.
package panicky

// Index returns xs[i], or -1 when i is negative. The fault: an index past
// the end panics instead of returning -1.
func Index(xs []int, i int) int {
	if i < 0 {
		return -1
	}
	return xs[i] // fault: no upper bound check
}

// Double returns 2x.
func Double(x int) int {
	return x + x
}
