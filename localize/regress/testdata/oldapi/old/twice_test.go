package oldapi

import "testing"

func TestTwice(t *testing.T) {
	if got := Twice(2); got != 4 {
		t.Errorf("Twice(2) = %d, want 4", got)
	}
}
