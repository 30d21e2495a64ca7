// Package tighten is a regression subject with two faults: one that
// reverting the first root cause found takes along as an auxiliary
// change, and one added block whose statements need each other.
package tighten

// Pad pads s with spaces to n bytes.
func Pad(s string, n int) string {
	for width(s, 1) < n {
		s += " "
	}
	return s
}

func width(s string, extra int) int {
	return len(s) + extra // the regression
}

// Or returns s, or def when s is empty.
func Or(s, def string) string {
	if s == "" { // the regression
		d := def
		s = d
	}
	return s
}
