// Package probecases is a subject of FixProbe's sharing: one wrong
// comparison that several failing tests reach by different paths, so
// their rankings share most, not all, of their first lines.
package probecases

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

// Passes reports whether a score passes.
func Passes(score int) bool {
	g := Grade(score)
	return g != "fail"
}

// Count counts the passing scores.
func Count(scores []int) int {
	n := 0
	for _, s := range scores {
		if Passes(s) {
			n++
		}
	}
	return n
}
