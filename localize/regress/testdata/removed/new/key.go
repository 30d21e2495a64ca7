// Package removed is a regression subject whose fault is a statement the
// new version removed from a function the failing run executes: no event
// of the failing run reaches removed code.
package removed

import "strings"

const prefix = "k:"

// Key returns the map key of name: trimmed, lower case, prefixed.
func Key(name string) string {
	name = strings.ToLower(name)
	return strings.Join([]string{prefix, name}, "")
}
