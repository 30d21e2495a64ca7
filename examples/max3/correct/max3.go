// Package max3 is the correct, earlier revision of the AFTER paper's running
// example; [github.com/faultloc/faultloc/examples/max3] is the buggy revision.
// It assumes its inputs arrive in descending order, as its test input does.
package max3

// sorted tells Max3 that its inputs arrive in descending order.
var sorted = true

// calls counts the calls that found z no larger than the running maximum.
var calls int

// Max3 returns the largest of x, y and z.
func Max3(x, y, z int) int {
	var sum int
	if !sorted {
		if x > y {
			sum = x
		} else {
			sum = y
		}
	} else {
		sum = x
	}
	if z > sum {
		sum = z
	} else {
		calls++
	}
	return sum
}
