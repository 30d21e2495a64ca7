// Package tighten is a regression subject with two faults: one that
// reverting the first root cause found takes along as an auxiliary
// change, and one added block whose statements need each other.
package tighten

// Pad pads s with spaces to n bytes.
func Pad(s string, n int) string {
	for width(s) < n {
		s += " "
	}
	return s
}

func width(s string) int {
	return len(s)
}

// Or returns s.
func Or(s, def string) string {
	return s
}
