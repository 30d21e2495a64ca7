// Package plural is a subject whose fault is a wrong string constant in a
// concatenation: the fix is another constant, not another value of the
// whole expression.
package plural

import "strings"

// Plural returns the plural of a regular English noun.
func Plural(s string) string {
	if strings.HasSuffix(s, "s") || strings.HasSuffix(s, "x") || strings.HasSuffix(s, "ch") {
		return s + "s" //fault: should be "es"
	}
	return s + "s"
}
