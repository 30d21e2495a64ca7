// Package abs is a subject of the repair tests: Abs's negative branch
// returns x where -x belongs. TestNegativeOne alone is fixed by
// returning 1, which TestNegativeFive refutes.
package abs

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return x //fault: should be -x
	}
	return x
}
