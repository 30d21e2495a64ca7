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

// isPipe says whether s starts a pipe: a '|' or a known modifier.
func isPipe(s string) bool {
	return s[0] == '|' || s[0] == '@' && known(s[1:])
}

// kinds are the known modifiers.
var kinds = map[string]int{"pretty": 1, "ugly": 1}

// known says whether s starts with a known modifier's name, which ends
// at ':' or with s.
func known(s string) bool {
	name := s
	for i := 0; i < len(name); i++ {
		if name[i] == ':' {
			if i > 0 {
				name = name[:i]
			}
			break
		}
	}
	kind := 0
	if len(name) < 6 { // the regression: "pretty" has six letters
		kind = kinds[name]
	}
	return kind == 1
}
