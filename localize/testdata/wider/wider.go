// Package wider is the subject of TestDiagnoseWider: a statement that
// forgot to test a flag. Read as one fix, its values are no function of
// what it reads (the same Up and Down need other results) until the fix
// also reads the flag.
package wider

// The inputs, set by the tests.
var (
	Inhibit  bool
	Up, Down int
	Seq      int // a number of each test's own, which no fix should read
)

// Climb reports whether the separation up, biased by 100 when Inhibit
// holds, exceeds Down.
func Climb() bool {
	b := Up + 100 // the fault: the bias is 100 only when Inhibit holds
	return b > Down
}
