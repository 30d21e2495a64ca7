// Package clamp is a subject of the repair tests: Clamp lacks the guard
// that returns max for an x above it, a fault no replacement of one
// expression repairs.
package clamp

// Clamp returns x, or max when x is greater.
func Clamp(x, max int) int {
	//fault: missing guard: if x > max { return max }
	return x
}
