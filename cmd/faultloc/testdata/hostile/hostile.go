//go:build faultloc

// Package hostile is a corpus of test functions that do to the machine
// running them what faultloc localize must contain: each either ends
// within faultloc's limits with a defined outcome or is refused, and none
// has an effect outside the interpreter. cmd/faultloc's TestHostile runs
// faultloc localize on it and holds the table of outcomes.
//
// The build constraint faultloc keeps go test ./... from running these
// tests natively, where some would hang, exit or write files.
package hostile

// Count returns n: a statement for the failing tests' reports to blame.
func Count(n int) int {
	c := 0
	for range n {
		c++
	}
	return c
}
