// Package ordinal is a subject whose test computes its results inside a
// slice of structs and reads them back through range, as go-humanize's
// tests do.
package ordinal

import "strconv"

// Ordinal formats a small x as an English ordinal: 1st, 2nd, 3rd, 4th...
func Ordinal(x int) string {
	suffix := "th"
	switch x {
	case 1:
		suffix = "st"
	case 2:
		suffix = "rd" //fault: should be "nd"
	case 3:
		suffix = "rd"
	}
	return strconv.Itoa(x) + suffix
}
