package floor

import "testing"

func TestFloor(t *testing.T) {
	a := []int{1, 3, 5, 7, 9, 11}
	for _, tc := range []struct{ x, want int }{
		{0, -1},
		{1, 0},
		{4, 1},
		{9, 4},
		{10, 4},
		{20, 5},
	} {
		if got := Floor(a, tc.x); got != tc.want {
			t.Errorf("Floor(%d) = %d, want %d", tc.x, got, tc.want)
		}
	}
}
