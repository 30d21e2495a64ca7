// Package callphi ANDs a condition with a call's result (ok && below(...)):
// in SSA a phi whose edge is the call's result, which the failing run and
// the fix share the path to. Alarm's fault is marked.
package callphi

// below reports whether a is below b.
func below(a, b int) bool { return a < b }

// Alarm returns 1 when the other aircraft, raised by margin, is still
// below own, and 0 otherwise.
func Alarm(own, other, margin int) int {
	alt := other - margin //fault: should be other + margin
	ok := margin > 0
	danger := ok && below(alt, own)
	if danger {
		return 1
	}
	return 0
}
