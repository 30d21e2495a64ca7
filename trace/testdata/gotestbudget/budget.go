// Package gotestbudget's tests need more steps than the interpreter's
// default budget (TestLong), a deeper recursion than its default depth
// (TestDeep), more allocations than an allocation budget lowered for the
// test (TestGarbage), or never end (TestForever): the subjects of the
// budgets' tests (trace/internal/interp/stepbudget_test.go).
// TestForever does not end natively either: go test here runs TestLong
// alone (-run TestLong).
package gotestbudget

// Sum returns 0+1+...+n-1, by a loop of n iterations.
func Sum(n int) int {
	s := 0
	for i := range n {
		s += i
	}
	return s
}

// Depth returns n, by a recursion n calls deep.
func Depth(n int) int {
	if n == 0 {
		return 0
	}
	return Depth(n-1) + 1
}

// Garbage allocates n slices of 1000 ints, keeping none, and returns the
// sum of their lengths.
func Garbage(n int) int {
	s := 0
	for range n {
		b := make([]int, 1000)
		s += len(b)
	}
	return s
}
