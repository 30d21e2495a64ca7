// Package endless holds loops that do not end, for localize's
// endlessBudget: one that runs in its own frame, and one whose body calls
// a function, in which the step budget runs out.
package endless

// Spin loops forever in its own frame.
func Spin(n int) int {
	for n != 0 {
		n += 2
	}
	return n
}

// SpinCalls loops forever, calling step at each iteration.
func SpinCalls(n int) int {
	for n != 0 {
		n = step(n)
	}
	return n
}

func step(n int) int {
	for range 3 {
		n += 2
	}
	return n
}
