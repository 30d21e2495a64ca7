// Package foo is the running example of the AgxFaults paper (Pham et al.,
// "Incremental Formula-Based Fix Localization", Appl. Sci. 2021, section 2.1),
// reconstructed from its text: Foo(3, 5) must return 2 but returns 8 because
// of the marked fault. Its five minimal fix candidates are the return (L8),
// the guard a >= y (L6), the faulty assignment (L3), the first assignment to b
// (L1), and the pair of the guard x < y (L2) with the assignment a = y - x (L4).
package foo

// Foo is the paper's foo; the comments name the paper's statement labels.
func Foo(x, y int) int {
	b := x + y // L1
	var a int
	if x < y { // L2
		a = x // L3 //fault: should be a = 2 * x
	} else {
		a = y - x // L4
	}
	if a >= y { // L6
		b = y - x // L7
	}
	return b // L8
}

// Case is one test of Foo.
type Case struct {
	Name string
	X, Y int
	Want int
}

// Cases holds testFoo, the paper's failing test, and passing tests that
// exercise the other paths.
var Cases = []Case{
	{"testFoo", 3, 5, 2},
	{"xNotLess", 5, 3, 8},
	{"zeroX", 0, 4, 4},
}
