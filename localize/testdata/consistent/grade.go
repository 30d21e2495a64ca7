// Package consistent is the subject of TestDiagnoseConsistent: a wrong
// constant whose failing tests other statements also explain one test at
// a time, though no one change of theirs is a fix.
package consistent

// Grade returns 3 (an A) for a score from 90, 2 (a B) from 80, else 1.
func Grade(score int) int {
	limit := 95 // the fault: the bound of an A is 90
	g := 1
	if score >= limit {
		g = 3
	} else if score >= 80 {
		g = 2
	}
	return g
}
