// Package upstream is a subject whose faults flow through operations that
// the encoding once kept at their run values (the builtins min and max;
// division and remainder over unbounded integers; calls into the standard
// library; bitwise operations over unbounded integers): each fix lies
// upstream of the operation.
package upstream

import "strconv"

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

// Middle returns the index halfway between lo and hi, and whether the
// range has an odd number of elements.
func Middle(lo, hi int) (int, bool) {
	n := hi - lo + 2 //fault: should be n := hi - lo + 1
	return lo + (hi-lo)/2, n%2 == 1
}

// Digits returns the number of decimal digits of x.
func Digits(x int) int {
	y := x * 10 //fault: should be y := x
	return len(strconv.Itoa(y))
}

// Odd reports whether x is odd.
func Odd(x int) bool {
	y := x + 1 //fault: should be y := x
	return y&1 == 1
}
