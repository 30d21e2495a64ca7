// Package refs is the subject of TestDiagnoseRefs: a fault on a line
// that reads its receiver through a pointer. Read as one fix, the
// receiver counts by whether it is nil, and what the line reads through
// it (r.N) by its value.
package refs

// Row matches lengths: exactly N, or any from N on when Loose.
type Row struct {
	N     int
	Loose bool
}

// Match reports whether n is a length r accepts.
func (r *Row) Match(n int) bool {
	return n >= r.N // the fault: n == r.N || r.Loose
}
