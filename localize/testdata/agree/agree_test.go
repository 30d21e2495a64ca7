package agree

import (
	"fmt"
	"testing"
)

func check(t *testing.T, up, down int, want bool) {
	t.Helper()
	if got := Climb(up, down); got != want {
		t.Errorf("Climb(%d, %d) = %v, want %v", up, down, got, want)
	}
}

// TestFew fails twice: Bias(600) must exceed 650 and 680.
func TestFew(t *testing.T) {
	check(t, 600, 650, true)
}

func TestFew2(t *testing.T) {
	check(t, 600, 680, true)
}

// TestMany's 35 subtests fail: Bias(600) must exceed 631, 633, ..., 699.
func TestMany(t *testing.T) {
	for down := 631; down < 700; down += 2 {
		t.Run(fmt.Sprint(down), func(t *testing.T) { check(t, 600, down, true) })
	}
}

// TestNot passes, as with the fix: Bias(600) must not exceed 700.
func TestNot(t *testing.T) {
	check(t, 600, 700, false)
}
