package shapes

import "testing"

func TestTotal(t *testing.T) {
	if got := Total([]Shape{Square{2}, Square{3}}); got != 13 {
		t.Errorf("Total = %d, want 13", got)
	}
}
