// Package num is a regression subject whose new release changed an API
// that its other tests use, so that the old version builds only with the
// old version's tests.
package num

import "strconv"

// Parse parses a decimal number, 0 if s is not one.
func Parse(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// Sum adds xs.
func Sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
