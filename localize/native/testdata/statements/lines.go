// Package statements is a test subject whose statements span several
// lines, for the lines the native ranking names them by.
package statements

type pair struct{ a, b int }

var origin = pair{
	a: 0,
	b: 0,
}

// Swap returns p with its fields swapped.
func Swap(p pair) pair {
	q := pair{
		a: p.b,
		b: p.a,
	}
	return q
}
