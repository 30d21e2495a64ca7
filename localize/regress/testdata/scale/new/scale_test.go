package scale

import "testing"

func TestScale(t *testing.T) {
	if got := Scale(5); got != 10 {
		t.Errorf("Scale(5) = %d, want 10", got)
	}
}

func TestOffset(t *testing.T) {
	if got := Offset(5); got != 6 {
		t.Errorf("Offset(5) = %d, want 6", got)
	}
}
