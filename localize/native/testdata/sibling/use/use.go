// Package use is a test subject whose tests fail in code of a sibling
// package of its module, calc, where the fault is: a wrong mean, and a
// division by zero for a single value.
package use

import (
	"fmt"

	"sibling/calc"
)

// Range describes the range of xs.
func Range(xs []int) string {
	return fmt.Sprintf("%d..%d", calc.Min(xs), calc.Max(xs))
}

// Summary describes xs: its range and mean.
func Summary(xs []int) string {
	return Range(xs) +
		fmt.Sprintf(" mean %d", calc.Mean(xs))
}
