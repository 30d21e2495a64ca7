package rate

import "testing"

var cases = []struct {
	name string
	xs   []int
	want int
}{
	{"two", []int{1, 2}, 9},
	{"one", []int{1}, 3},
	{"none", nil, 0},
	{"zero", []int{0, 0}, 0},
}

func TestTotal(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Total(tc.xs); got != tc.want {
				t.Errorf("Total(%v) = %d, want %d", tc.xs, got, tc.want)
			}
		})
	}
}

func TestCost(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Cost(tc.xs); got != tc.want {
				t.Errorf("Cost(%v) = %d, want %d", tc.xs, got, tc.want)
			}
		})
	}
}
