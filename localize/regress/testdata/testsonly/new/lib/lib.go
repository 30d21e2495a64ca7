// Package lib is a regression subject whose tests live in a directory of
// their own holding only external test files (package check_test), as a
// library's regression tests by issue often do.
package lib

// Scale returns k times x.
func Scale(x, k int) int { return k * x }

// Double returns 2x.
func Double(x int) int { return Scale(x, 3) } // the regression: was 2x
