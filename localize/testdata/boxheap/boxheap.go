// Package boxheap is a subject whose faulty value flows through
// interfaces: costs are kept in a heap of any, ordered by a comparison
// function that asserts them back to int.
package boxheap

// Heap is a min-heap of values in interfaces.
type Heap struct {
	elems []any
	less  func(a, b any) bool
}

// Push adds v.
func (h *Heap) Push(v any) {
	h.elems = append(h.elems, v)
	for i := len(h.elems) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(h.elems[i], h.elems[p]) {
			break
		}
		h.elems[p], h.elems[i] = h.elems[i], h.elems[p]
		i = p
	}
}

// Min returns the least value.
func (h *Heap) Min() any { return h.elems[0] }

// IntLess orders ints held in interfaces.
func IntLess(a, b any) bool { return a.(int) < b.(int) }

// Cost is the cost of an order: price times quantity, plus the fee.
func Cost(price, qty int) int {
	return price*qty + 5 //fault: the fee is 10
}

// Cheapest returns the least cost of the orders.
func Cheapest(orders [][2]int) int {
	h := &Heap{less: IntLess}
	for _, o := range orders {
		h.Push(Cost(o[0], o[1]))
	}
	return h.Min().(int)
}
