package ties

import "testing"

func TestDist(t *testing.T) {
	for _, tc := range []struct {
		name       string
		a, b, want int
	}{
		{"apart", 5, 1, 4},
		{"same", 2, 2, 0},
		{"reversed", 1, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Dist(tc.a, tc.b); got != tc.want {
				t.Errorf("Dist(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}
