// Package calls exercises interprocedural slicing: values through callees,
// a callee that ignores an argument, and a call through a function value.
package calls

func sq(x int) int {
	return x * x // line 6
}

func pick(c bool, a, b int) int {
	if c { // line 10
		return a // line 11
	}
	return b // line 13
}

func apply(f func(int) int, v int) int {
	return f(v) // line 17
}

// Calls is the entry.
func Calls(x, y, z int) (int, int) {
	s := sq(x)             // line 22
	p := pick(y > 0, s, z) // line 23
	q := apply(sq, z)      // line 24
	return p, q            // line 25
}

// Both keeps a short-circuit value in a variable: in SSA it is a φ whose
// incoming value is the constant false when x <= 0.
func Both(x, y int) bool {
	ok := x > 0 && y > 0 // line 31
	return ok            // line 32
}

// Div divides; Div(1, 0) panics.
func Div(x, y int) int {
	return x / y
}
