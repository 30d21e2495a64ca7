// Package a calls a library whose CPU detection is in assembly.
package a

import "github.com/faultloc/faultloc/trace/testdata/asmlib/lib"

// Total is the sum of 1..n.
func Total(n int) int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = i + 1
	}
	return lib.Sum(xs)
}
