// Package noverdict is a subject of repair's errors for a package none of
// whose selected cases fails in the interpreter: its tests select their
// own work by go test's -run flag, as some suites do, so a subtest run
// alone by name does not run what the whole test runs.
package noverdict

// Double returns twice x. Bug: it adds one.
func Double(x int) int { return x + x + 1 }
