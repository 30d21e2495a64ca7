package oldapi

import "testing"

func TestApplyZero(t *testing.T) {
	if got := Apply(0); got < 0 {
		t.Errorf("Apply(0) = %d, want >= 0", got)
	}
}
