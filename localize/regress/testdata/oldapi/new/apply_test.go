package oldapi

import "testing"

func TestApply(t *testing.T) {
	if got := Apply(2); got != 4 {
		t.Errorf("Apply(2) = %d, want 4", got)
	}
}
