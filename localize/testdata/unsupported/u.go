// Package unsupported uses a construct the interpreter does not run, for
// localize's bad-input tests.
package unsupported

import "unsafe"

// F reads the bits of x as a float64 through an unsafe.Pointer
// conversion, one that changes how memory is read.
func F(x int) int {
	f := *(*float64)(unsafe.Pointer(&x))
	return int(f) + 1
}
