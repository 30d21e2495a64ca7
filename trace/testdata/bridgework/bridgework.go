// Package bridgework's tests make the interpreter do much work over
// interpreted memory in one step: reflect.DeepEqual on cyclic graphs,
// which must end, and on values whose comparison takes millions of
// steps, which must end at the run's step budget and soon after the end
// of its context, as must a loop of large copies
// (trace/internal/interp/deepequal_test.go).
package bridgework

// Node is a node of a graph: a value and two edges.
type Node struct {
	V    int
	L, R *Node
}

// Loop returns a node whose two edges lead back to itself.
func Loop(v int) *Node {
	n := &Node{V: v}
	n.L, n.R = n, n
	return n
}

// Arrays returns n pointers to k arrays of size ints, the pointer i to
// the array i%k; the arrays are zero.
func Arrays(n, k int) []*[Size]int {
	arrays := make([]*[Size]int, k)
	for i := range arrays {
		arrays[i] = new([Size]int)
	}
	out := make([]*[Size]int, n)
	for i := range out {
		out[i] = arrays[i%k]
	}
	return out
}

// Size is the length of Arrays' arrays.
const Size = 10000

// Ring returns the first of n nodes of value v, each leading to the next
// by both edges, the last to the first.
func Ring(n, v int) *Node {
	first := &Node{V: v}
	last := first
	for range n - 1 {
		next := &Node{V: v}
		last.L, last.R = next, next
		last = next
	}
	last.L, last.R = first, first
	return first
}

// List returns a list of n nodes of value v, linked by L, with last as
// the value of the last one.
func List(n, v, last int) *Node {
	var head *Node
	for i := range n {
		x := v
		if i == 0 {
			x = last
		}
		head = &Node{V: x, L: head}
	}
	return head
}
