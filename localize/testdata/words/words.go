// Package words is a subject whose fault is a flag set to the wrong
// constant inside a loop.
package words

// Count returns the number of words of s: runs of characters other
// than spaces.
func Count(s string) int {
	n := 0
	inWord := false
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			inWord = true //fault: should be false
		} else if !inWord {
			inWord = true
			n++
		}
	}
	return n
}
