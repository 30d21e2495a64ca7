// Package receipt is a subject whose faulty value reaches the test
// through fmt.Sprintf: the test compares formatted strings.
package receipt

import "fmt"

// Line formats an order line: quantity, item and price in cents.
func Line(item string, qty, cents int) string {
	total := qty*cents + 5 //fault: there is no fee
	return fmt.Sprintf("%dx %s: %d", qty, item, total)
}

// Receipt formats the lines of an order and their count.
func Receipt(items []string, qty, cents []int) string {
	s := ""
	for i := range items {
		s += Line(items[i], qty[i], cents[i]) + "\n"
	}
	return s + fmt.Sprintf("%d items", len(items))
}
