package fee

import "testing"

func TestFee(t *testing.T) {
	for _, tc := range []struct {
		name           string
		base, discount int
		premium        bool
		n, want        int
	}{
		{"standard", 10, 3, false, 2, 20},
		{"premium", 10, 3, true, 2, 14},
		{"premium one", 8, 2, true, 1, 6},
		{"standard three", 8, 2, false, 3, 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			Base, Discount, Premium = tc.base, tc.discount, tc.premium
			if got := Fee(tc.n); got != tc.want {
				t.Errorf("Fee(%d) = %d, want %d", tc.n, got, tc.want)
			}
		})
	}
}
