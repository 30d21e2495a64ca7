// Package recovered is a subject of the encoding's tests: functions
// that stop their own run-time errors with a deferred recover, by
// design.
package recovered

// At returns element i of a table, or -1 when i is out of range: a
// deferred recover stops the index's panic.
func At(i int) (v int) {
	defer func() {
		if recover() != nil {
			v = -1
		}
	}()
	xs := []int{10, 20, 30}
	return xs[i] + 1
}

// Quotient returns a/b, or 0 when b is 0: a deferred recover stops the
// division's panic.
func Quotient(a, b int) (q int) {
	defer func() {
		if recover() != nil {
			q = 0
		}
	}()
	return a / b
}

// Half returns the half of *p, or -1 when there is no pointer (n is 0):
// a deferred recover stops the nil dereference.
func Half(n int) (h int) {
	defer func() {
		if recover() != nil {
			h = -1
		}
	}()
	var p *int
	if n != 0 {
		p = &n
	}
	return *p / 2
}
