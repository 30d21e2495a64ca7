package celsius

import "testing"

func TestFreezing(t *testing.T) {
	if got := Celsius(32); got != 0 {
		t.Errorf("Celsius(32) = %d, want 0", got)
	}
}

func TestBoiling(t *testing.T) {
	if got := Celsius(212); got != 100 {
		t.Errorf("Celsius(212) = %d, want 100", got)
	}
}

func TestMinusForty(t *testing.T) {
	if got := Celsius(-40); got != -40 {
		t.Errorf("Celsius(-40) = %d, want -40", got)
	}
}
