// Package paths is a subject whose faulty string reaches the test through
// fmt.Sprintf.
package paths

import "fmt"

// Join joins a directory and a file name.
func Join(dir, file string) string {
	sep := "\\" //fault: the separator is "/"
	return fmt.Sprintf("%s%s%s", dir, sep, file)
}

// Label names a file in a directory for a listing.
func Label(dir, file string) string {
	return fmt.Sprintf("[%v] %s", Join(dir, file), file)
}
