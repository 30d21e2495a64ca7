// Package lib is a regression subject whose tests live in a directory of
// their own holding only external test files (package check_test), as a
// library's regression tests by issue often do.
package lib

// Double returns 2x.
func Double(x int) int { return 2 * x }
