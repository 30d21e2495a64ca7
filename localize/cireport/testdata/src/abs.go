package abs

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return x //fault: should be -x
	}
	return x
}
