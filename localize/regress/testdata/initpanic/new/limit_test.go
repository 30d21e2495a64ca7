package limit

import "testing"

func TestLimit(t *testing.T) {
	if got := Limit(); got != 10 {
		t.Errorf("Limit() = %d, want 10", got)
	}
}
