package entry

import "testing"

func TestHalf(t *testing.T) {
	if got := Apply("inc", Apply("half", -3)); got != 0 {
		t.Errorf("inc(half(-3)) = %d, want 0", got)
	}
}
