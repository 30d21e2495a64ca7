// Package table is a regression subject whose wrong value is in a table
// the new version added: only the rewritten function taking the table
// as a parameter reads it, so the table cannot be reverted without the
// function, while the function's statements can be reverted without it.
package table

type entry struct {
	layout  string
	numeric bool
}

var table = []entry{
	{"-0700", false}, // the regression
	{"Z07:00", true},
	{"MST", false},
}

// Numeric reports whether layout s has a numeric zone.
func Numeric(s string) bool {
	return lookup(s, table)
}

func lookup(s string, entries []entry) bool {
	for _, e := range entries {
		if e.layout == s {
			return e.numeric
		}
	}
	return false
}
