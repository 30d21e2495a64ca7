// Package failfirst holds a fault at the statement that panics: Sum
// reads an And's left operand as a Pred, which a nested And is not.
// Forcing the type switch's condition before it makes the failing test
// pass by never reaching the statement.
package failfirst

// Node is a predicate: a Pred or an And.
type Node interface{}

// Pred is a predicate's value.
type Pred struct{ N int }

// And joins two predicates.
type And struct{ L, R Node }

// Sum adds the values of the predicates in ns.
func Sum(ns []Node) int {
	s := 0
	for _, n := range ns {
		if p, ok := n.(Pred); ok {
			s += p.N
			continue
		}
		a := n.(And)
		s += a.L.(Pred).N + Sum([]Node{a.R}) //fault: should be Sum([]Node{a.L, a.R})
	}
	return s
}
