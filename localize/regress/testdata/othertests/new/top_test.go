package othertests

import "testing"

func TestQuad(t *testing.T) {
	if got := Quad(3); got != 12 {
		t.Errorf("Quad(3) = %d, want 12", got)
	}
}
