// Package initnoise computes a table's bounds with branches at package
// initialization, which its failing test does not depend on; Scale's
// fault is marked.
package initnoise

var table = map[int]string{1: "one", 2: "two", 3: "three", 5: "five"}

// lo and hi are the smallest and largest keys of table.
var lo, hi = func() (int, int) {
	lo, hi := 1<<30, -1<<30
	for k := range table {
		if k < lo {
			lo = k
		}
		if k > hi {
			hi = k
		}
	}
	return lo, hi
}()

// Known reports whether x lies within table's keys.
func Known(x int) bool { return x >= lo && x <= hi }

// Scale returns x times 3.
func Scale(x int) int {
	y := x * 2 //fault: should be x * 3
	return y
}
