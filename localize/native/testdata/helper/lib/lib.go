// Package lib is a test subject whose tests import a helper package of
// its module, check, that its own code does not import.
package lib

// Double returns twice x.
func Double(x int) int {
	return x * 2
}
