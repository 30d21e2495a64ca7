// Package shapes is the old version of the subject of pruning: Total
// sums the areas of the shapes it is given.
package shapes

// Shape has an area.
type Shape interface{ Area() int }

// Square is a Shape.
type Square struct{ Side int }

// Area is the square's area.
func (s Square) Area() int { return s.Side * s.Side }

// Circle is a Shape that the tests never make.
type Circle struct{ R int }

// Area is the circle's area, roughly.
func (c Circle) Area() int { return 3 * c.R * c.R }

// Total sums the shapes' areas.
func Total(shapes []Shape) int {
	sum := 0
	for _, s := range shapes {
		sum += s.Area()
	}
	return sum
}

// Scaled is x doubled; no test calls it.
func Scaled(x int) int {
	return x * 2
}
