// Package lib asks the CPU for a feature word through assembly on amd64,
// as klauspost/cpuid does, with a pure-Go version the build tags noasm
// and purego select; Sum's result does not depend on which ran.
package lib

// Sum adds xs, four at a time where the CPU has the feature.
func Sum(xs []int) int {
	s := 0
	i := 0
	if features()&1 != 0 {
		for ; i+4 <= len(xs); i += 4 {
			s += xs[i] + xs[i+1] + xs[i+2] + xs[i+3]
		}
	}
	for ; i < len(xs); i++ {
		s += xs[i]
	}
	return s
}
