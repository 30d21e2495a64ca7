package words

import "testing"

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		name            string
		top, bits, want uint
	}{
		{"last bit", 60, 3, 1},
		{"first bit of a word", 60, 4, 2},
		{"zero", 0, 0, 1},
		{"inside", 10, 20, 1},
		{"second word", 100, 27, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Size(tc.top, tc.bits); got != int(tc.want) {
				t.Errorf("Size(%d, %d) = %d, want %d", tc.top, tc.bits, got, tc.want)
			}
		})
	}
}
