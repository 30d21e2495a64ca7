// Package testutil is a test helper: a's test imports it, and its name
// says so.
package testutil

import "testing"

// Equal fails t if got is not want.
func Equal(t testing.TB, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("got %d, want %d", got, want)
	}
}

// Diff returns got - want.
func Diff(got, want int) int { return got - want }
