package unlisted

import (
	"strconv"
	"testing"
)

// want returns the number of decimal digits of n >= 0, as its text has.
func want(n int) int { return len(strconv.Itoa(n)) }

func TestRows(t *testing.T) {
	for n := 11; n <= 100; n++ {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			if got := Digits(n); got != want(n) {
				t.Errorf("Digits(%d) = %d, want %d", n, got, want(n))
			}
		})
	}
}
