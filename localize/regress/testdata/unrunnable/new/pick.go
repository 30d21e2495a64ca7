// Package unrunnable is a regression subject whose test the interpreter
// cannot run (it waits on channels through reflect.Select), so that
// regress must say so instead of reporting that nothing fails.
package unrunnable

// Last returns the last element of xs.
func Last(xs []int) int {
	return xs[0] // the fault: was xs[len(xs)-1]
}
