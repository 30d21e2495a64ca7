// Package clamp is a regression subject for -test-from: the new version's
// own test passes, and the regression test comes from a later version.
package clamp

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
