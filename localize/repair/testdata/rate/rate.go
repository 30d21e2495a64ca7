// Package rate is a subject of the repair tests: Total multiplies by the
// package-level Rate where Rate + 1 belongs, Cost by a local copy of
// it. Each iteration reads the variable at the faulty site: in an
// angelic run, whose value at the site is not the one in memory, every
// instance's environment holds the variable's value in memory.
package rate

// Rate is the price of a unit.
var Rate = 2

// Total returns the price of the units in xs.
func Total(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x * Rate //fault: should be x * (Rate + 1)
	}
	return t
}

// Cost returns the price of the units in xs, Rate read once into a
// local variable, which each iteration reads where cost + 1 belongs.
func Cost(xs []int) int {
	cost := Rate
	t := 0
	for _, x := range xs {
		t += x * cost //fault: should be x * (cost + 1)
	}
	return t
}
