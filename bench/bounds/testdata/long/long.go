// Package long is bench/bounds' subject: a sum whose failing runs are
// long (hundreds of thousands of loop iterations), so that localizing
// them takes far longer than the bounds the benchmark sets.
package long

// Sum returns 0 + 1 + … + (n-1).
func Sum(n int) int {
	s := 0
	for i := 1; i <= n; i++ { //fault: should be i < n
		s += i
	}
	return s
}
