package longfuzz

import "testing"

func FuzzSum(f *testing.F) {
	f.Add(0)
	f.Add(100000)
	f.Fuzz(func(t *testing.T, n int) {
		if n < 0 || n > 1<<20 {
			return
		}
		if got, want := Sum(n), n*(n-1)/2; got != want {
			t.Errorf("Sum(%d) = %d, want %d", n, got, want)
		}
	})
}
