package bias

import "testing"

func TestClimb(t *testing.T) {
	for _, tc := range []struct {
		name             string
		up, down, margin int
		inhibit          bool
		want             bool
	}{
		{"up", 100, 50, 20, false, true},
		{"down", 100, 150, 20, false, false},
		{"inhibited within margin", 100, 110, 20, true, true},
		{"inhibited up", 100, 90, 20, true, true},
		{"inhibited beyond margin", 100, 130, 20, true, false},
		{"inhibited small margin", 50, 55, 10, true, true},
		{"close", 200, 205, 10, false, false},
		{"low", 10, 15, 20, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Climb(tc.up, tc.down, tc.margin, tc.inhibit); got != tc.want {
				t.Errorf("Climb(%d, %d, %d, %v) = %v, want %v", tc.up, tc.down, tc.margin, tc.inhibit, got, tc.want)
			}
		})
	}
}
