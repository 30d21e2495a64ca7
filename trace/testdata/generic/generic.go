// Package generic calls the generic standard packages (cmp, iter, maps,
// slices), which trace interprets from source; Median's fault is marked.
package generic

import (
	"cmp"
	"maps"
	"slices"
)

// Median returns the lower median of xs.
func Median(xs []int) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2] //fault: should be s[(len(s)-1)/2]
}

// Keys returns m's keys in order.
func Keys(m map[string]int) []string {
	return slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Compare(a, b) })
}

// MaxOf returns the largest element of xs, which must not be empty.
func MaxOf[T cmp.Ordered](xs []T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x < m { //fault: should be x > m
			m = x
		}
	}
	return m
}
