// Package gotest is a subject for trace's interpretation of go test
// functions: its tests exercise the testing.T methods that the interpreter
// implements. Some fail or skip by design; go test never runs them as part
// of ./... (testdata is ignored), only when named.
package gotest

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
