// Package slowspectra is a subject of faultloc spectra's interruption
// test: its last test runs long, and the signal comes while it does.
package slowspectra

// Abs returns |x|, wrongly for negative x.
func Abs(x int) int {
	if x < 0 {
		return x // the fault: -x
	}
	return x
}
