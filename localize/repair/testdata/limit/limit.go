// Package limit is a subject of the repair tests: Limit compares with a
// literal where the package-level Max belongs.
package limit

// Max is the largest value Limit returns.
var Max = 3

// Limit returns x, or Max when x is greater.
func Limit(x int) int {
	if x > 5 { //fault: should be x > Max
		return Max
	}
	return x
}
