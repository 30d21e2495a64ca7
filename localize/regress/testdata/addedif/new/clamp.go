// Package addedif is a regression subject whose fault is one if
// statement of a function the new version added, reached through a call
// site that the new version rewrote to call it.
package addedif

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	return limit(x, lo, hi)
}

// limit returns x limited to [lo, hi].
func limit(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x >= hi-1 { // the regression
		return hi
	}
	return x
}
