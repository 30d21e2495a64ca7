// Package longfuzz is bench/bounds' subject of SAT-TAR: long's sum
// under a fuzz target whose failing seed runs 100,000 loop iterations,
// so that its unsat cores take far longer than the bounds the benchmark
// sets.
package longfuzz

// Sum returns 0 + 1 + … + (n-1).
func Sum(n int) int {
	s := 0
	for i := 1; i <= n; i++ { //fault: should be i < n
		s += i
	}
	return s
}
