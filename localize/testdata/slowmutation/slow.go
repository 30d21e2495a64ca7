// Package slowmutation is the subject of mutation analysis' deadline
// test: Fast's mutants run quickly; Slow's loop runs n/1000 times, so
// that its mutants that make the bound larger (n * 1000, n + 1000) run
// to their step budget, seconds in the interpreter.
package slowmutation

// Fast reports whether x is above 10.
func Fast(x int) bool {
	return x > 10
}

// Slow sums the integers below n/1000.
func Slow(n int) int {
	k := n / 1000
	s := 0
	for i := 0; i < k; i++ {
		s += i
	}
	return s
}
