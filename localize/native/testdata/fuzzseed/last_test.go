package fuzzseed

import "testing"

func TestTwice(t *testing.T) {
	if Twice(2) != 4 {
		t.Error("want 4")
	}
}

func FuzzLast(f *testing.F) {
	f.Add("ab", 2)
	f.Add("abc", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > len(s) {
			return
		}
		if got := Last(s, n); len(got) != n {
			t.Errorf("Last(%q, %d) = %q", s, n, got)
		}
	})
}
