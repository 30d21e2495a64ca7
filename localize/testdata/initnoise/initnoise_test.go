package initnoise

import "testing"

func TestScale(t *testing.T) {
	if got := Scale(4); got != 12 {
		t.Errorf("Scale(4) = %d, want 12", got)
	}
}
