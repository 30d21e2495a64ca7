// Package args has a function of many parameter types, for the tests of
// the arguments Program.Run checks.
package args

// Point is a struct parameter.
type Point struct {
	X int
	Y int8
}

// Kinds uses all its parameters.
func Kinds(a int8, b uint, c float32, s string, p Point, q *Point, xs []int, arr [2]int, x any) int {
	n := int(a) + int(b) + int(c) + len(s) + p.X + int(p.Y) + len(xs) + arr[0]
	if q != nil {
		n += q.X
	}
	if x != nil {
		n++
	}
	return n
}
