package clamp

import "testing"

func TestClamp(t *testing.T) {
	for _, tc := range []struct {
		name   string
		x, max int
		want   int
	}{
		{"above", 5, 3, 3},
		{"below", 2, 3, 2},
		{"equal", 3, 3, 3},
		{"negative", -4, 0, -4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Clamp(tc.x, tc.max); got != tc.want {
				t.Errorf("Clamp(%d, %d) = %d, want %d", tc.x, tc.max, got, tc.want)
			}
		})
	}
}
