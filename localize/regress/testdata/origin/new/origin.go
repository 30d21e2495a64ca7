// Package origin is a regression subject whose faulty statement and the
// call site that passes its value on need each other to be reverted:
// the call uses the new signature, the statement replaced a parameter.
package origin

// Label returns s as a label.
func Label(s string) string {
	return format(s)
}

func format(s string) string {
	prefix := "> " // the regression
	return prefix + s
}
