package flexstruct

import "testing"

// TestLo reads the least only: a change of Hi alone keeps it passing.
func TestLo(t *testing.T) {
	if got := Span([]int{3, 1, 2}).Lo; got != 1 {
		t.Errorf("Lo = %d, want 1", got)
	}
}

// TestBoth reads both fields: no change of one field keeps it passing.
func TestBoth(t *testing.T) {
	if got := Span([]int{3, 1, 2}); got != (Pair{1, 3}) {
		t.Errorf("Span = %v, want {1 3}", got)
	}
}
