// Package lib is the code under test of testdata/died/only, which holds
// tests only.
package lib

// First returns xs[0]. The fault: an empty slice panics.
func First(xs []int) int {
	return xs[0]
}
