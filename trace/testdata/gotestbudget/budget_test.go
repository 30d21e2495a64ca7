package gotestbudget

import (
	"fmt"
	"testing"
)

// TestLong passes after about 12 million interpreted steps, in about a
// millisecond natively.
func TestLong(t *testing.T) {
	fmt.Println("long")
	const n = 1_000_000
	if got := Sum(n); got != n*(n-1)/2 {
		t.Errorf("Sum(%d) = %d", n, got)
	}
}

// TestForever never ends.
func TestForever(t *testing.T) {
	for i := 0; ; i++ {
		if i < 0 {
			t.Error("wrapped")
		}
	}
}

// TestDeep recurses 15,000 calls deep, beyond the interpreter's default
// depth budget, as natively compiled code does without a second thought.
func TestDeep(t *testing.T) {
	if got := Depth(15_000); got != 15_000 {
		t.Errorf("Depth(15000) = %d", got)
	}
}

// TestGarbage allocates a thousand slices of a thousand ints and keeps
// none: 8 MB natively, 32 MB of interpreted cells, in a few thousand
// steps.
func TestGarbage(t *testing.T) {
	if got := Garbage(1000); got != 1_000_000 {
		t.Errorf("Garbage(1000) = %d", got)
	}
}
