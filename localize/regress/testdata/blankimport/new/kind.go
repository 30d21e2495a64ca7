// Package kind is a regression subject whose fault is a statement the
// new version added, the only code of the new version using an import
// that the old version used in an if's condition, which the new version
// rewrote: deleting the statement leaves the import unused.
package kind

import "strings"

// Kind names what a line of a configuration file is.
func Kind(line string) string {
	if line == "" {
		return "empty"
	}
	for i := range len(line) {
		if line[i] == '#' {
			return "comment: " + strings.TrimSpace(line[i+1:])
		}
	}
	return "value"
}
