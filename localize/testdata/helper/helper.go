// Package helper is a subject of the module's test helpers: its test
// checks with internal/testutil, an assertion package of the module
// that only tests import, whose lines no ranking holds (test code is the
// oracle).
package helper

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return lo //fault: hi
	}
	return x
}
