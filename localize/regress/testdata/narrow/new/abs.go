// Package narrow is a regression subject whose fault is one statement
// inside a block the new version added.
package narrow

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		x = -x
		x++ // the regression
	}
	return max(x, -x)
}
