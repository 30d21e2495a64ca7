// Package captured is a subject of the encoding's tests: functions whose
// closures read variables they captured (free variables), which the
// enclosing function or the closure itself assigned.
package captured

// Counter returns k, counted by a closure incrementing a variable it
// captured: each load of n in the closure reads the last store.
func Counter(k int) int {
	n := 0
	inc := func() { n++ }
	for i := 0; i < k; i++ {
		inc()
	}
	return n
}

// Deferred returns 10*k less the number of iterations of a loop, which
// a deferred closure subtracts from the named result, as go/parser's
// parsePrimaryExpr restores its nesting level.
func Deferred(k int) (r int) {
	var n int
	defer func() { r -= n }()
	for n = 1; n < k; n++ {
	}
	return 10 * k
}

// Unset returns 1 more than a captured variable nothing assigns.
func Unset(k int) int {
	var n int
	f := func() int { return n + 1 }
	if k > 0 {
		return f()
	}
	n = k
	return f()
}
