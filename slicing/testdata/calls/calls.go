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

// Clamp clamps x to [lo, hi]; for x inside, neither assignment runs.
func Clamp(x, lo, hi int) int {
	r := x      // line 42
	if x < lo { // line 43
		r = lo // line 44
	}
	if x > hi { // line 46
		r = hi // line 47
	}
	return r // line 49
}

var limit = 10

// Raise reads a global that an untaken branch could have raised.
func Raise(x int) int {
	if x > limit { // line 56
		limit = x // line 57
	}
	return limit // line 59
}
