// Package scale is the new version of a regression subject for auxiliary
// changes: Scale's factor became a multiplier of the wrong value (the
// fault), factor was removed and Offset changed harmlessly.
package scale

// Scale returns x scaled by the package's factor.
func Scale(x int) int {
	k := multiplier(x) // the fault: was f := factor()
	return x * k
}

// multiplier is the scale factor for x.
func multiplier(x int) int {
	if x > 100 {
		return 2
	}
	return 3
}

// Offset returns x moved by one.
func Offset(x int) int {
	y := x
	return y + 1
}
