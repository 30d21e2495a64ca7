// Package seeds is a subject of native collection whose fuzz target has
// seed inputs in the test (f.Add) and in its corpus directory: each seed
// is a case, and one of them fails.
package seeds

// Clamp returns x limited to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x >= hi { //fault: should be x > hi
		return hi - 1
	}
	return x
}
