package shipping

import "testing"

func TestTotal(t *testing.T) {
	for _, tc := range []struct {
		name    string
		items   []int
		express bool
		want    int
	}{
		{"express", []int{10, 20}, true, 70},
		{"express empty", nil, true, 10},
		{"express one", []int{1}, true, 12},
		{"standard", []int{10, 35}, false, 55},
		{"standard one", []int{15}, false, 22},
		{"standard empty", nil, false, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Total(tc.items, tc.express); got != tc.want {
				t.Errorf("Total(%v, %v) = %d, want %d", tc.items, tc.express, got, tc.want)
			}
		})
	}
}
