// Package testutil is the assertion package of the helper subject's
// tests.
package testutil

import "testing"

// Equal fails t if got is not want.
func Equal(t testing.TB, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("got %d, want %d", got, want)
	}
}
