// Package fee is a subject of the repair tests: Fee charges the base
// rate where the rate of the customer's tier belongs, which the
// side-effect-free tierRate returns; no expression over the variables
// alone computes it.
package fee

// The tariff, set by the caller.
var (
	Base, Discount int
	Premium        bool
)

// tierRate returns the rate of the customer's tier: Base, less Discount
// for a premium customer.
func tierRate() int {
	if Premium {
		return Base - Discount
	}
	return Base
}

// Fee returns the fee of n items.
func Fee(n int) int {
	rate := Base //fault: should be tierRate()
	return n * rate
}
