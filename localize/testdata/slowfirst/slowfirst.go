// Package slowfirst is a subject of the evidence stage's listing: its
// first test function takes the interpreter far longer than the
// stage's bound, and the quick ones come after it.
package slowfirst

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Spin returns the sum of the integers below n, modulo 7, one at a
// time.
func Spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s = (s + i) % 7
	}
	return s
}
