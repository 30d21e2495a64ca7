package words

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"one", 1},
		{"two words", 2},
		{" lead", 1},
		{"a b c", 3},
	} {
		t.Run(tc.s, func(t *testing.T) {
			if got := Count(tc.s); got != tc.want {
				t.Errorf("Count(%q) = %d, want %d", tc.s, got, tc.want)
			}
		})
	}
}
