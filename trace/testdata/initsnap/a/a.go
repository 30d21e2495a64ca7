// Package a's tests use a library whose initialization a copy can stand
// for (trace/testdata/initsnap/lib). Its own initialization reads Mode,
// which runs preset.
package a

// Mode is preset by the runs of the tests.
var Mode int

// Derived is computed from Mode by the package's initializer.
var Derived = 10 * Mode

// Sel is preset by the runs of the tests, and read by no initializer.
var Sel int

// Table is filled by the package's initializer.
var Table = fill()

func fill() []int {
	t := make([]int, 64)
	for i := range t {
		t[i] = i * i
	}
	return t
}
