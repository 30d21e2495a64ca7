// Package skip is a suite whose one test fails unmutated, as a timing
// test on a busy machine does (nativeochiai's TestCollectSkipping).
package skip

// Half returns n/2.
func Half(n int) int {
	return n / 2
}
