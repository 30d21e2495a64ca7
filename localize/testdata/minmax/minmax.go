// Package minmax is a subject whose faults flow through the builtins min
// and max: each fix lies upstream of the call.
package minmax

// Least returns the least of a, b and c.
func Least(a, b, c int) int {
	d := a - 1 //fault: should be d := a
	return min(d, b, c)
}

// Widest returns the larger of a and b.
func Widest(a, b uint8) uint8 {
	w := a + 1 //fault: should be w := a
	return max(w, b)
}
