package heavy

import "testing"

func TestRun(t *testing.T) {
	if got := Run(1); got != 142 {
		t.Errorf("Run(1) = %d, want 142", got)
	}
}
