package temps32

import "testing"

func TestCelsius(t *testing.T) {
	if got := Celsius(212); got != 100 {
		t.Errorf("Celsius(212) = %v, want 100", got)
	}
}

func TestFever(t *testing.T) {
	if Fever(98.6) {
		t.Error("98.6°F is not a fever")
	}
}
