// Package bias is a subject of the repair tests: bias lacks the guard
// `if inhibit { return up + margin }` before its return, as TCAS's
// Inhibit_Biased_Climb does in its versions 29 and 30. Some passing
// cases inhibit too: the guard holds there, and its result keeps them
// passing.
package bias

// bias returns the upward separation, plus margin when inhibit.
func bias(up, margin int, inhibit bool) int {
	return up //fault: missing guard if inhibit { return up + margin }
}

// Climb reports whether a climb is preferred: the biased upward
// separation exceeds the downward one.
func Climb(up, down, margin int, inhibit bool) bool {
	return bias(up, margin, inhibit) > down
}
