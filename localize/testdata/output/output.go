// Package output is the subject of localize's output oracle: Abs's fault
// makes its Examples print wrong output in the ways the oracle reads
// (Println and Printf arguments, a Sprintf inside Println, a constant line
// on the wrong path, too few or too many lines) and in ways it does not.
package output

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return x //fault: should be -x
	}
	return x
}

// Describe names the sign of x.
func Describe(x int) string {
	if Abs(x) == x {
		return "non-negative"
	}
	return "negative"
}

// Celsius is a temperature that prints with its unit.
type Celsius int

// String formats c with its unit.
func (c Celsius) String() string { return itoa(int(c)) + "°C" }

func itoa(x int) string {
	if x < 0 {
		return "-" + itoa(-x)
	}
	if x < 10 {
		return string(rune('0' + x))
	}
	return itoa(x/10) + itoa(x%10)
}
