// Package flexstruct is a subject of the flexibility test on a value held
// in a struct: Span returns a Pair, and its tests read one field or both.
package flexstruct

// Pair is the least and greatest of some numbers.
type Pair struct{ Lo, Hi int }

// Span returns the least and greatest of xs (not empty).
func Span(xs []int) Pair {
	p := Pair{Lo: xs[0], Hi: xs[0]}
	for _, x := range xs {
		if x < p.Lo {
			p.Lo = x
		}
		if x > p.Hi {
			p.Hi = x
		}
	}
	return p
}
