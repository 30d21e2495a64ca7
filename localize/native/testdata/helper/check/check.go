// Package check is a test helper of package lib.
package check

// Equal reports whether got is want.
func Equal(got, want int) bool {
	return got == want
}
