package abs

import "testing"

func TestNegativeOne(t *testing.T) {
	if got := Abs(-1); got != 1 {
		t.Errorf("Abs(-1) = %d, want 1", got)
	}
}

func TestNegativeFive(t *testing.T) {
	if got := Abs(-5); got != 5 {
		t.Errorf("Abs(-5) = %d, want 5", got)
	}
}

func TestPositive(t *testing.T) {
	if got := Abs(4); got != 4 {
		t.Errorf("Abs(4) = %d, want 4", got)
	}
}
