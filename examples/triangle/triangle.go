// Package triangle is the triangle classifier of the angelic-debugging paper
// (Chandra, Torlak, Barman, Bodik, ICSE 2011, Figure 1), after DeMillo's
// mutation-testing example. Classify takes the lengths of three sides in
// non-increasing order and names the kind of triangle. The fault (marked
// below) makes test T8 (26, 26, 7) answer Acute instead of Isosceles.
package triangle

// The kinds of triangle Classify reports.
const (
	Illegal = iota
	Equilateral
	Isosceles
	Right
	Acute
	Obtuse
)

// Classify returns the kind of triangle with sides a >= b >= c, or Illegal
// when the sides are not in that order.
func Classify(a, b, c int) int {
	var retval int
	if a >= b && b >= c {
		if a == c || b == c { //fault: should be a == b || b == c
			if a == b && a == c {
				retval = Equilateral
			} else {
				retval = Isosceles
			}
		} else {
			if a*a != b*b+c*c {
				if a*a < b*b+c*c {
					retval = Acute
				} else {
					retval = Obtuse
				}
			} else {
				retval = Right
			}
		}
	} else {
		retval = Illegal
	}
	return retval
}

// Case is one test of Classify: the paper's Table 1.
type Case struct {
	Name    string
	A, B, C int
	Want    int
}

// Cases are the eight tests T1–T8 of the paper's Table 1. T8 fails.
var Cases = []Case{
	{"T1", 2, 12, 27, Illegal},
	{"T2", 5, 4, 3, Right},
	{"T3", 26, 14, 14, Isosceles},
	{"T4", 19, 19, 19, Equilateral},
	{"T5", 9, 6, 4, Obtuse},
	{"T6", 24, 23, 21, Acute},
	{"T7", 7, 5, 6, Illegal},
	{"T8", 26, 26, 7, Isosceles},
}
