// Package slowshared is a subject whose shared stages outlast a small
// bound: beside its failing case, a passing test that the interpreter
// runs for far longer than a few seconds (the evidence stage) and one
// that sleeps a minute under go test (the native stage; the
// interpreter's clock is virtual, so there it passes at once).
package slowshared

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < -1 { //fault: should be x < 0
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
