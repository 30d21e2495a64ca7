// Package boxed passes integers through interface values, for the test
// of Hooks.Values on instances whose value is an interface.
package boxed

// Sum adds a and b after boxing them in a []any and asserting them back.
func Sum(a, b int) int {
	var xs []any
	xs = append(xs, a)
	xs = append(xs, b)
	s := 0
	for _, x := range xs {
		s += x.(int)
	}
	return s
}
