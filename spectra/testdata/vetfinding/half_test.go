package vetfinding

import "testing"

func TestHalf(t *testing.T) {
	if got := Half(24); got != 12 {
		t.Errorf("Half(24) = %q, want %q", got, 12)
	}
}

func TestOdd(t *testing.T) {
	if got := Half(7); got != 4 {
		t.Errorf("Half(7) = %d, want 4", got)
	}
}
