// Package caseset is a test subject with two failing cases and many
// passing ones: Scale's first line, which every case runs, is weak
// under native Ochiai beside the faulty line, which only the failing
// cases run.
package caseset

// Scale returns twice x, at most 100.
func Scale(x int) int {
	y := x * 2
	if y > 100 {
		y = 101 //fault: 100
	}
	return y
}
