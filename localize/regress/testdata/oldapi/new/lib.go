// Package oldapi is a regression subject whose old tests use the old API
// that the fault is part of: the new version built for them passes.
package oldapi

// Twice returns 2x + plus.
func Twice(x int, plus int) int {
	return x*2 + plus // the regression
}

// Apply applies Twice.
func Apply(x int) int { return Twice(x, 1) }
