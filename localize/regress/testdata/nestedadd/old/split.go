// Package nestedadd is a regression subject whose fault is a statement
// nested in an if block the new version added: the block decides
// whether a callee sets a field of the caller's context, and the
// failure is that field never set.
package nestedadd

type context struct {
	piped bool
}

// Piped says whether path starts a pipe.
func Piped(path string) bool {
	c := &context{}
	parse(c, path)
	return c.piped
}

// parse records in c whether path starts a pipe.
func parse(c *context, path string) {
	if isPipe(path) {
		c.piped = true
	}
}

// isPipe says whether s starts a pipe: a '|' or a modifier.
func isPipe(s string) bool {
	return s[0] == '|' || s[0] == '@'
}
