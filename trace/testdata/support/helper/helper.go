// Package helper is imported by a's test only, but not named as test
// code is: not a test helper, nor code under test.
package helper

// Three returns 3.
func Three() int { return 3 }
