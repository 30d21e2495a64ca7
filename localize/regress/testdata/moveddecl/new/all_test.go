package moveddecl

import "testing"

func TestClampAll(t *testing.T) {
	if got := ClampAll([]int{3, 12}); len(got) != 2 || got[0] != 3 || got[1] != 10 {
		t.Errorf("ClampAll(3, 12) = %v, want [3 10]", got)
	}
}
