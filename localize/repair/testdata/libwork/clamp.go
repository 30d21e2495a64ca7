// Package libwork is a subject of the repair tests: a faulty
// function whose test fails through an assertion helper (encode's testdata/libwork/check)
// that, as assertion libraries do, parses Go source to print the failed
// check, work that reads none of the function's values and that is
// most of the failing run.
package libwork

// Clamp returns x limited to [0, 10].
func Clamp(x int) int {
	if x > 11 { // the fault: x > 10
		return 10
	}
	if x < 0 {
		return 0
	}
	return x
}
