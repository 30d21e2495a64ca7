// Package agree is the subject of TestDiagnoseAgree: a wrong constant in
// a function that every test calls with the same argument, each test
// needing its result past a threshold of its own.
package agree

// Bias returns the separation up biased upward by 100.
func Bias(up int) int {
	return up + 30 // the fault: the bias is 100
}

// Climb reports whether the biased separation exceeds down.
func Climb(up, down int) bool {
	return Bias(up) > down
}
