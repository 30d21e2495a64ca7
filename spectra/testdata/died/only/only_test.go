// Package only is a test subject for spectra's native collection: it
// holds test files only, so its own coverage has no statements, and its
// failing test panics in package lib, which kills the test binary before
// any coverage is written.
package only

import (
	"testing"

	"died/lib"
)

func TestFirst(t *testing.T) {
	if lib.First([]int{7}) != 7 {
		t.Error("want 7")
	}
}

func TestEmpty(t *testing.T) {
	lib.First(nil) // panics
}
