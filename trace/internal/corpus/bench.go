package corpus

// SumSquares returns the sum of i*i for i < n: a tight loop for benchmarks.
func SumSquares(n int) int {
	sum := 0
	for i := 0; i < n; i++ {
		sum += i * i
	}
	return sum
}

// Decide is a TCAS-like decision function: nested comparisons over its
// inputs, for benchmarks.
func Decide(a, b, c, d int) int {
	up := a > b
	climb := c+100 < d
	if up && climb {
		if a-b > 300 {
			return 1
		}
		return 2
	}
	if !up && (d > c || a == 0) {
		return 3
	}
	return 0
}
