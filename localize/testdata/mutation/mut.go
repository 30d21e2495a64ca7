// Package mutation is the subject of localize's mutation analysis test:
// Classify counts the arguments above 10, and its second comparison is
// off by one.
package mutation

// Classify returns how many of x and y are greater than 10.
func Classify(x, y int) int {
	a := 0
	if x > 10 {
		a = a + 1
	}
	if y >= 10 { //fault: should be y > 10
		a = a + 1
	}
	return a
}
