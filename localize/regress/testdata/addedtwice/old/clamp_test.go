package addedtwice

import "testing"

func TestLimits(t *testing.T) {
	if got, got2 := Clamp(5, 0, 6), Cap(5, 6); got != 5 || got2 != 5 {
		t.Errorf("Clamp(5, 0, 6), Cap(5, 6) = %d, %d, want 5, 5", got, got2)
	}
}
