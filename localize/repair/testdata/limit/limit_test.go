package limit

import "testing"

func TestLimit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		x, want int
	}{
		{"four", 4, 3},
		{"two", 2, 2},
		{"nine", 9, 3},
		{"three", 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Limit(tc.x); got != tc.want {
				t.Errorf("Limit(%d) = %d, want %d", tc.x, got, tc.want)
			}
		})
	}
}
