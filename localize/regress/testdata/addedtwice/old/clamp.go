// Package addedtwice is a regression subject whose fault is one if
// statement of a function the new version added, reached through two
// call sites that the new version rewrote to call it: reverting either
// alone does not pass.
package addedtwice

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Cap returns x limited to at most hi.
func Cap(x, hi int) int {
	if x > hi {
		return hi
	}
	return x
}
