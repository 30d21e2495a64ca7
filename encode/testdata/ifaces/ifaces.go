// Package ifaces passes values through interfaces: boxed in any, kept in
// a []any and a map, compared, asserted back, switched on by type.
package ifaces

import "fmt"

// Comparator orders two values held in interfaces.
type Comparator func(a, b any) int

// IntComparator orders two ints.
func IntComparator(a, b any) int {
	x, y := a.(int), b.(int)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Heap is a min-heap of values in interfaces.
type Heap struct {
	elems []any
	cmp   Comparator
}

// Push adds v.
func (h *Heap) Push(v any) {
	h.elems = append(h.elems, v)
	i := len(h.elems) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.cmp(h.elems[p], h.elems[i]) <= 0 {
			break
		}
		h.elems[p], h.elems[i] = h.elems[i], h.elems[p]
		i = p
	}
}

// Peek returns the least value.
func (h *Heap) Peek() (any, bool) {
	if len(h.elems) == 0 {
		return nil, false
	}
	return h.elems[0], true
}

// Least pushes a, b, c and d and returns the least, scaled by k.
func Least(a, b, c, d, k int) int {
	h := &Heap{cmp: IntComparator}
	for _, v := range []int{a, b, c, d} {
		h.Push(v * k)
	}
	v, ok := h.Peek()
	if !ok {
		return -1
	}
	return v.(int)
}

// Mixed compares and classifies interface values of several dynamic types.
func Mixed(a, b int, s string) int {
	var xs []any
	xs = append(xs, a, int32(b), s, nil, &a, a+b)
	n := 0
	for i, x := range xs {
		switch v := x.(type) {
		case int:
			n += v
		case int32:
			n += int(v) * 2
		case string:
			n += len(v)
		case nil:
			n += 100
		default:
			n += i
		}
	}
	if xs[0] == xs[5] { // same dynamic type
		n++
	}
	if xs[0] == xs[1] { // different dynamic types
		n += 1000
	}
	m := map[string]any{"a": a, "b": b}
	if m["a"].(int) > m["b"].(int) {
		n *= 3
	}
	return n + id(a).(int)
}

func id(x any) any { return x }

// Report formats n for a message (a variadic call of the standard
// library) and adds n and n+1 up through a variadic helper of its own.
func Report(n int) int {
	return total(n, n+1) + len(fmt.Sprint("n=", n))
}

func total(xs ...any) int {
	s := 0
	for _, x := range xs {
		s += x.(int)
	}
	return s
}

// item is a struct kept in interfaces.
type item struct {
	name string
	prio int
}

// Urgent keeps items in a []any, picks the one of highest priority
// through assertions (plain and comma-ok) and returns its priority.
func Urgent(a, b, c int) int {
	var xs []any
	for i, p := range []int{a, b, c} {
		xs = append(xs, item{name: "x", prio: p * (i + 1)})
	}
	best := xs[0].(item)
	for _, x := range xs[1:] {
		if it, ok := x.(item); ok && it.prio > best.prio {
			best = it
		}
	}
	return best.prio
}
