// Package shapes is the new version of the subject of pruning: Total
// counts one too many (the fault); Circle's Area and Scaled, which the
// test cannot reach, changed too, and Describe is new and unreached.
package shapes

import "fmt"

// Shape has an area.
type Shape interface{ Area() int }

// Square is a Shape.
type Square struct{ Side int }

// Area is the square's area.
func (s Square) Area() int { return s.Side * s.Side }

// Circle is a Shape that the tests never make.
type Circle struct{ R int }

// Area is the circle's area, roughly.
func (c Circle) Area() int { return 22 * c.R * c.R / 7 }

// Total sums the shapes' areas.
func Total(shapes []Shape) int {
	sum := 1 //fault: was sum := 0
	for _, s := range shapes {
		sum += s.Area()
	}
	return sum
}

// Scaled is x doubled; no test calls it.
func Scaled(x int) int {
	y := x + x
	return y
}

// Describe names a shape; no test calls it.
func Describe(s Shape) string {
	return fmt.Sprintf("%T of area %d", s, s.Area())
}
