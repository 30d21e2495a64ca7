// Package probe is a subject of FixProbe: a wrong comparison that a
// mutant fixes, and a line whose mutant makes the failing test pass but
// breaks a passing one.
package probe

// Grade grades a score: "top" over 90, "pass" from 50, else "fail".
func Grade(score int) string {
	bonus := 0
	score += bonus
	limit := 50
	if score > limit { //fault: should be >=
		if score > 90 {
			return "top"
		}
		return "pass"
	}
	return "fail"
}
