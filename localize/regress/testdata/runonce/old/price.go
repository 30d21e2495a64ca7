// Package runonce is a regression subject whose root cause is a change
// that delta debugging tries alone: the version that verifies it is one
// the search already ran.
package runonce

import "fmt"

// Total returns the price in cents of n items at unit cents each, one
// item in ten free.
func Total(n, unit int) int {
	free := n / 10
	return (n - free) * unit
}

// Label formats cents as units and hundredths.
func Label(cents int) string {
	return fmt.Sprintf("%d.%02d", cents/100, cents%100)
}
