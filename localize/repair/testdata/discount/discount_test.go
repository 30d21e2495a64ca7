package discount

import "testing"

func TestDiscount(t *testing.T) {
	for _, tc := range []struct {
		name                       string
		total, limit, items, stock int
		want                       bool
	}{
		{"in stock", 100, 50, 3, 5, true},
		{"too many items", 100, 50, 6, 5, false},
		{"too little", 40, 50, 3, 5, false},
		{"at the limit", 50, 50, 5, 5, true},
		{"out of stock", 70, 60, 9, 2, false},
		{"one item", 200, 150, 1, 1, true},
		{"small", 10, 20, 30, 40, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Discount(tc.total, tc.limit, tc.items, tc.stock); got != tc.want {
				t.Errorf("Discount(%d, %d, %d, %d) = %v, want %v", tc.total, tc.limit, tc.items, tc.stock, got, tc.want)
			}
		})
	}
}
