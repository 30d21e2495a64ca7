// Package scale is the old, correct version of a regression subject for
// auxiliary changes, after Fig. 5 of the AFTER paper: reverting the
// faulty change alone does not build.
package scale

// Scale returns x scaled by the package's factor.
func Scale(x int) int {
	f := factor()
	return x * f
}

// factor is the scale factor.
func factor() int { return 2 }

// Offset returns x moved by one.
func Offset(x int) int {
	return x + 1
}
