// Package predicate is a subject of TestDiagnoseWider: a statement that
// forgot to test a predicate of its package. Read as one fix, its values
// are no function of what it reads (the same Rate needs other results)
// until the fix also reads Below.
package predicate

// The inputs, set by the tests.
var Rate, Own, Other int

// Above says whether the rate is high: a predicate that does not help.
func Above() bool { return Rate > 250 }

// Below says whether the own altitude is below the other's.
func Below() bool { return Own < Other }

// Climb reports whether to climb: above a rate of 100, when below.
func Climb() bool {
	climb := Rate > 100 // the fault: the program meant Rate > 100 && Below()
	return climb
}
