// Package probeall is the subject of TestDiagnoseProbe: a wrong
// comparison that fails two tests and that one mutant fixes for both,
// and a line whose mutant makes both pass but breaks a passing test.
package probeall

// Grade grades a score against a limit: "top" over 90, "pass" from the
// limit, else "fail".
func Grade(score, limit int) string {
	bonus := 0
	score += bonus
	if score > limit { //fault: should be >=
		if score > 90 {
			return "top"
		}
		return "pass"
	}
	return "fail"
}
