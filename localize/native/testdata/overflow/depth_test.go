package overflow

import (
	"runtime/debug"
	"testing"
)

func TestTwice(t *testing.T) {
	if Twice(2) != 4 {
		t.Error("want 4")
	}
}

func TestNegative(t *testing.T) {
	debug.SetMaxStack(1 << 20) // overflow fast
	if Depth(-1) != 0 {
		t.Error("want 0")
	}
}
