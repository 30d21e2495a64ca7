// Package table is a regression subject whose wrong value is in a table
// the new version added: only the rewritten function taking the table
// as a parameter reads it, so the table cannot be reverted without the
// function, while the function's statements can be reverted without it.
package table

// Numeric reports whether layout s has a numeric zone.
func Numeric(s string) bool {
	return lookup(s, []string{"-0700", "Z07:00"})
}

func lookup(s string, numeric []string) bool {
	for _, n := range numeric {
		if n == s {
			return true
		}
	}
	return false
}
