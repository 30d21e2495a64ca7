// Package switchfix is a regression subject whose fault is an if of a
// function the new version added, nested less deeply than the other
// statements of the function the failure depends on: the structural
// order puts the loop's statements first, and switching the faulty
// if's one decision makes the case pass.
package switchfix

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
