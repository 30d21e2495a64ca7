package skip

import "testing"

func TestHalf(t *testing.T) {
	if Half(4) != 2 {
		t.Error("Half(4) != 2")
	}
}

// TestBroken fails whatever Half does.
func TestBroken(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		t.Error("fails unmutated")
	})
}

// TestBrokenNot shares TestBroken's prefix but not its name.
func TestBrokenNot(t *testing.T) {
	if Half(3) != 1 {
		t.Error("Half(3) != 1")
	}
}
