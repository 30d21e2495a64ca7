package seeds

import "testing"

func TestInside(t *testing.T) {
	if Clamp(3, 0, 9) != 3 {
		t.Error("want 3")
	}
}

func FuzzClamp(f *testing.F) {
	for _, x := range []int{-5, 0, 4, 8, 12, 20} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x int) {
		got := Clamp(x, 0, 10)
		if got < 0 || got > 10 || x >= 0 && x <= 10 && got != x {
			t.Errorf("Clamp(%d, 0, 10) = %d", x, got)
		}
	})
}
