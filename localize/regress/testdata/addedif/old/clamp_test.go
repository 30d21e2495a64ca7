package addedif

import "testing"

func TestClamp(t *testing.T) {
	if got := Clamp(5, 0, 6); got != 5 {
		t.Errorf("Clamp(5, 0, 6) = %d, want 5", got)
	}
}
