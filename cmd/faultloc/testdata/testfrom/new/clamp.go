// Package clamp is a regression subject for -test-from: the new version's
// own test passes, and the regression test comes from a later version.
package clamp

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x >= hi { // the regression: was x > hi
		return hi - 1
	}
	return x
}

// Mid returns the middle of [lo, hi].
func Mid(lo, hi int) int {
	return lo + (hi-lo)/2
}
