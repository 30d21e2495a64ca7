package long

import "testing"

func TestSumZero(t *testing.T) {
	if got := Sum(0); got != 0 {
		t.Errorf("Sum(0) = %d, want 0", got)
	}
}

func TestSumLarge(t *testing.T) {
	for _, n := range []int{100000, 120000, 140000} {
		t.Run("", func(t *testing.T) {
			if got, want := Sum(n), n*(n-1)/2; got != want {
				t.Errorf("Sum(%d) = %d, want %d", n, got, want)
			}
		})
	}
}
