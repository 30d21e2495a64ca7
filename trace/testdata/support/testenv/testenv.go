// Package testenv is named as test code is, but a's own file imports it:
// code under test.
package testenv

// Offset returns 0.
func Offset() int { return 0 }
