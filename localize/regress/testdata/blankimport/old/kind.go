// Package kind is a regression subject's old version: a comment is a
// line that starts with #.
package kind

import "strings"

// Kind names what a line of a configuration file is.
func Kind(line string) string {
	if strings.HasPrefix(line, "#") {
		return "comment"
	}
	return "value"
}
