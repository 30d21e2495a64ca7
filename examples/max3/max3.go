// Package max3 is the buggy revision of the running example of the AFTER
// paper (Yi et al., "A Synergistic Analysis Method for Explaining Failed
// Regression Tests", ICSE 2015, section III). The previous, correct revision
// is package [github.com/faultloc/faultloc/examples/max3/correct]; the two
// differ by four changes c1–c4, each marked below. On the input (3, 2, 1)
// the buggy Max3 returns 1 instead of 3. Reverting c2 and c3 together fixes
// it, reverting c3 alone does not, c1 and c4 are irrelevant, and classic
// delta debugging over the changes blames c3 alone.
package max3

// sorted tells Max3 that its inputs arrive in descending order.
var sorted = false //change: c1: was true

// calls counts the calls that found z no larger than the running maximum.
var calls int

// Max3 returns the largest of x, y and z.
func Max3(x, y, z int) int {
	var sum int
	if !sorted {
		if x < y { //fault: c2: was x > y
			sum = x
		} else {
			sum = y
		}
	} else {
		sum = x
	}
	if z < sum { //fault: c3: was z > sum
		sum = z
	} else {
		calls += 2 //change: c4: was calls++
	}
	return sum
}

// Case is one test of Max3.
type Case struct {
	Name    string
	X, Y, Z int
	Want    int
}

// Cases holds the paper's failure-inducing input (3, 2, 1) first.
var Cases = []Case{
	{"failing", 3, 2, 1, 3},
}
