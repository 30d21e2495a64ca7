// Package unlisted is a test subject of the failing cases the
// interpreter's listing does not reach: TestRows runs a row for each
// number from 11 to 100, the failing one last, and a test that lists it
// under a step budget that runs out after a few rows leaves that one
// out, as a harness that decodes a whole corpus in one test does under
// the default budget.
package unlisted

// Digits returns the number of decimal digits of n >= 0.
func Digits(n int) int {
	d := 1
	for n > 10 { //fault: n >= 10
		n /= 10
		d++
	}
	return d
}
