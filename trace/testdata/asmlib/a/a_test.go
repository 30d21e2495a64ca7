package a

import "testing"

func TestTotal(t *testing.T) {
	if got := Total(10); got != 55 {
		t.Errorf("Total(10) = %d, want 55", got)
	}
}
