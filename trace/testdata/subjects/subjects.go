// Package subjects holds small programs for trace's tests.
package subjects

// Sum adds xs, starting from a wrong initial value.
func Sum(xs []int) int {
	sum := 1 // wrong: should be 0
	for _, x := range xs {
		sum += x
	}
	return sum
}

// Copy returns b through a copy that lifted SSA would erase.
func Copy(a, b int) int {
	m := a
	m = b
	return m
}

// Abs calls a helper and returns its result.
func Abs(x int) int {
	return abs(x) + 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Point is a struct with a method.
type Point struct{ X, Y int }

// Dist returns the Manhattan distance of p from the origin.
func (p Point) Dist() int { return abs(p.X) + abs(p.Y) }
