// Package b is imported by package a.
package b

// Inc returns x + 1.
func Inc(x int) int {
	return x + 1
}
