// Package wrappers calls code through the wrappers SSA makes: a bound
// method's closure, an interface method's thunk and a generic function's
// instance, whose statics InBody tells from source.
package wrappers

// T counts.
type T struct{ n int }

// Add adds k to t's count and returns it.
func (t *T) Add(k int) int {
	t.n += k
	return t.n
}

// Adder adds.
type Adder interface{ Add(int) int }

// Max returns the greater of a and b.
func Max[E int | float64](a, b E) E {
	if a > b {
		return a
	}
	return b
}

var start = 1

// Run calls Add through a method value and a method expression of an
// interface, and Max on ints.
func Run() int {
	t := &T{n: start}
	f := t.Add
	var a Adder = t
	g := Adder.Add
	return Max(f(1), g(a, 2))
}
