package generic

import (
	"slices"
	"testing"
)

func TestKeys(t *testing.T) {
	if got := Keys(map[string]int{"b": 1, "a": 2, "c": 3}); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("Keys = %v", got)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		name string
		xs   []int
		want int
	}{
		{"odd", []int{3, 1, 2}, 2},
		{"even", []int{4, 1, 3, 2}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Median(tc.xs); got != tc.want {
				t.Errorf("Median(%v) = %d, want %d", tc.xs, got, tc.want)
			}
		})
	}
}

func TestMaxOf(t *testing.T) {
	if got := MaxOf([]int{2, 7, 3}); got != 7 {
		t.Errorf("MaxOf = %d, want 7", got)
	}
}
