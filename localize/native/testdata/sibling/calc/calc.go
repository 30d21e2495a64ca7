// Package calc is the code under test of testdata/sibling/use, whose
// tests call it from a sibling package of the module. Its fault is in
// Mean.
package calc

// Min returns the least of xs (0 for none).
func Min(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x < m {
			m = x
		}
	}
	return m
}

// Max returns the greatest of xs (0 for none).
func Max(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

// Mean returns the mean of xs, rounded toward zero (0 for none).
func Mean(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return sum / (len(xs) - 1) //fault: should divide by len(xs)
}
