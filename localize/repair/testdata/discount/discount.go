// Package discount is a subject of the repair tests: Discount's
// condition lacks a clause.
package discount

// Discount reports whether an order of total, for items items of which
// stock are in stock, gets the discount: its total reaches limit and
// every item is in stock.
func Discount(total, limit, items, stock int) bool {
	return total >= limit //fault: should be total >= limit && items <= stock
}
