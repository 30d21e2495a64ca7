// Package indep is a subject of the encoding's tests
// (Options.Independent): functions that call a library (package lib)
// with constants, whose returns read no value of the package's, and with
// the package's own values, directly or through memory.
package indep

import "github.com/faultloc/faultloc/encode/testdata/indep/lib"

// Scaled returns (x+2)*8, the factor from a library's loop over
// constants. The fault: x + 1.
func Scaled(x int) int {
	k := lib.Factor(3)
	y := x + 1
	return lib.Mul(y, k)
}

// Picked returns 2*x when the library says 4 is even.
func Picked(x int) int {
	if lib.Even(4) {
		return x * 2
	}
	return x
}

// Split returns x times the quotient of 17 by 5 plus its remainder.
func Split(x int) int {
	q, r := lib.DivMod(17, 5)
	return x*q + r
}

// Boxed returns x+1, which the library reads from a box the package
// stored it in.
func Boxed(x int) int {
	b := &lib.Box{}
	b.V = x + 1
	return lib.Get(b)
}
