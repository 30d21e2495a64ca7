// Package seeded is the bench's test subject for its mutants.
package seeded

// Clamp returns x within [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi && hi >= lo {
		return hi
	}
	return x + 0*2
}
