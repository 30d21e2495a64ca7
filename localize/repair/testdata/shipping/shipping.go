// Package shipping is a subject of the repair tests: Total lacks the
// statement that adds the shipping cost on the standard path, which its
// express path has: the insertion of a statement from nearby code
// repairs it.
package shipping

// Shipping is the cost of shipping an order.
const Shipping = 5

// Total returns the price of an order of items: their sum and shipping,
// doubled for an express order, with a tenth added for a standard one.
func Total(items []int, express bool) int {
	sum := 0
	for _, p := range items {
		sum += p
	}
	if express {
		sum += Shipping
		return sum * 2
	}
	return sum + sum/10 //fault: missing sum += Shipping before it
}
