// Package adult is a subject of the repair tests: Adult compares with
// the wrong operator.
package adult

// Adult reports whether a person of age years is of age.
func Adult(age int) bool {
	return age > 18 //fault: should be age >= 18
}
