package term

import "slices"

// Combinations returns every choice of one term from each of args,
// the argument lists of a call whose parameters take those terms.
func Combinations(args [][]*Term) [][]*Term {
	out := [][]*Term{nil}
	for _, choices := range args {
		var next [][]*Term
		for _, prefix := range out {
			for _, c := range choices {
				next = append(next, append(slices.Clone(prefix), c))
			}
		}
		out = next
	}
	return out
}

// Repeats reports whether a term is twice among args (by its text).
func Repeats(args []*Term) bool {
	for i, a := range args {
		if slices.ContainsFunc(args[i+1:], func(b *Term) bool { return b.Text == a.Text }) {
			return true
		}
	}
	return false
}
