package overflow

import (
	"runtime/debug"
	"testing"
)

func TestDepth(t *testing.T) {
	if Depth(3) != 3 {
		t.Error("want 3")
	}
}

func TestNegative(t *testing.T) {
	debug.SetMaxStack(1 << 20) // overflow fast
	Depth(-1)
}
