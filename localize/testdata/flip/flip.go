// Package flip is the subject of the forcing tests: a wrong comparison
// failing two tests, one executing it thrice, a wrong predicate function,
// a missing guard (NaN wanted), an index off by one, a wrong expression each
// row expects another value of, passed on by another function, a wrong total.
package flip

import "strings"

// Label says whether n is "small" (at most 10) or "large".
func Label(n int) string {
	if n < 10 { //fault: should be n <= 10
		return "small"
	}
	return "large"
}

// Labels labels each of ns, separated by spaces.
func Labels(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = Label(n)
	}
	return strings.Join(out, " ")
}

// Positive reports whether n is above zero.
func Positive(n int) bool {
	return n >= 0 //fault: should be n > 0
}

// CountPositive counts the positive numbers of ns.
func CountPositive(ns []int) int {
	c := 0
	for _, n := range ns {
		if Positive(n) {
			c++
		}
	}
	return c
}

// Ratio returns a/b, or NaN when b is zero.
func Ratio(a, b float64) float64 {
	//fault: missing if b == 0 { return math.NaN() }
	return a / b
}

// Last returns the index of the last of n elements.
func Last(n int) int {
	return n //fault: should be n - 1
}

// Triple returns three times n.
func Triple(n int) int {
	return n * 2 //fault: should be n * 3
}

// Tripled is Triple under another name: it passes Triple's result on.
func Tripled(n int) int {
	return Triple(n)
}

// Discount returns 10 when the total of items at price reaches
// threshold, else 0.
func Discount(items, price, threshold int) int {
	total := price //fault: should be items * price
	if total >= threshold {
		return 10
	}
	return 0
}
