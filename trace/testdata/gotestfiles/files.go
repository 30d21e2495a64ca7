// Package gotestfiles is a test subject whose tests read their testdata
// directory the ways Go tests do (see TestGoTestMatchesGoTest).
package gotestfiles

import "strings"

// Words counts the words of text.
func Words(text string) int { return len(strings.Fields(text)) }
