// Package unsupported uses a construct the interpreter does not run, for
// localize's bad-input tests.
package unsupported

import "unsafe"

// F returns x+1 through an unsafe.Pointer conversion.
func F(x int) int {
	p := unsafe.Pointer(&x)
	return *(*int)(p) + 1
}
