// Package swap is a regression subject with two minimal sets of changes
// of the same size: isPipe's new parameter takes its call sites along,
// so reverting one call site needs the whole new isPipe reverted
// (auxiliary changes), while deleting the added modifier check, with
// the rewritten last return, suffices alone.
package swap

var modifiers = map[string]bool{"pretty": true, "reverse": true}

type result struct {
	part, pipe, rest string
}

// splitArray splits an array path at its first '.' (or '|').
func splitArray(path string) (r result) {
	for i := 0; i < len(path); i++ {
		if path[i] == '|' {
			r.part, r.pipe = path[:i], path[i+1:]
			return
		}
		if path[i] == '.' {
			r.part = path[:i]
			if i < len(path)-1 && isPipe(path[i+1:]) {
				r.pipe = path[i+1:]
			} else {
				r.rest = path[i+1:]
			}
			return
		}
	}
	r.part = path
	return
}

// isPipe says whether path component s is piped: a known modifier, an
// array or an object.
func isPipe(s string) bool {
	c := s[0]
	if c == '@' {
		i := 1
		for ; i < len(s); i++ {
			if s[i] == '.' || s[i] == '|' { // the regression: a modifier's name also ends at ':'
				break
			}
		}
		_, ok := modifiers[s[1:i]]
		return ok
	}
	return c == '[' || c == '{'
}

// splitObject splits an object path at its first '.' (or '|').
func splitObject(path string) (r result) {
	for i := 0; i < len(path); i++ {
		if path[i] == '|' {
			r.part, r.pipe = path[:i], path[i+1:]
			return
		}
		if path[i] == '.' {
			r.part = path[:i]
			if i < len(path)-1 && isPipe(path[i+1:]) {
				r.pipe = path[i+1:]
			} else {
				r.rest = path[i+1:]
			}
			return
		}
	}
	r.part = path
	return
}

// Walk splits path into its parts up to the first piped component,
// which it returns: each part an array's when it starts with '#', else
// an object's.
func Walk(path string) (parts []string, pipe string) {
	for path != "" {
		var r result
		if path[0] == '#' {
			r = splitArray(path)
		} else {
			r = splitObject(path)
		}
		parts = append(parts, r.part)
		if r.pipe != "" {
			return parts, r.pipe
		}
		path = r.rest
	}
	return parts, ""
}
