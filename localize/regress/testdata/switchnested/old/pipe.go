// Package switchnested is a regression subject whose fault is an if
// nested in an if block that the new version added: reverting the block
// (with the return it changed) is the root cause, and switching the
// nested if's decision makes the case pass.
package switchnested

// modifiers are the known modifiers.
var modifiers = map[string]int{"pretty": 1, "ugly": 2}

// IsPipe says whether s starts a pipe: a '|' or a modifier.
func IsPipe(s string) bool {
	return s[0] == '|' || s[0] == '@'
}
