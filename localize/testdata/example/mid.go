// Package example is a Go Example's subject: Mid's fault makes ExampleMid
// print a wrong third line.
package example

// Mid returns the middle of three numbers.
func Mid(x, y, z int) int {
	m := z
	if y < z {
		if x < y {
			m = y
		} else if x < z {
			m = y //fault: should be m = x
		}
	} else {
		if x > y {
			m = y
		} else if x > z {
			m = x
		}
	}
	return m
}
