// Package a's tests import a library whose initializer the interpreter
// cannot run (trace/testdata/libinit/lib); only one of them uses it.
package a

// Double returns 2x.
func Double(x int) int { return 2 * x }
