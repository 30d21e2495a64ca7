// Package a calls into package b of the same module.
package a

import "github.com/faultloc/faultloc/trace/testdata/scope/b"

// Twice doubles b.Inc(x).
func Twice(x int) int {
	return 2 * b.Inc(x)
}
