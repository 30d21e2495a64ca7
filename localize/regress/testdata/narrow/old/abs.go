// Package narrow is a regression subject whose fault is one statement
// inside a block the new version added.
package narrow

// Abs returns |x|.
func Abs(x int) int {
	return max(x, -x)
}
