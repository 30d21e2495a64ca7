// Package overflow is a test subject for spectra's native collection:
// one of its tests dies of a stack overflow, a fatal error that no
// cleanup sees, so its coverage is lost.
package overflow

// Depth returns n. The fault: it never stops recursing for n < 0.
func Depth(n int) int {
	if n == 0 {
		return 0
	}
	return 1 + Depth(n-1)
}
