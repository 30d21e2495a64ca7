// Package label is the old version of the imports subject: a change of
// import (strconv for fmt) that the statement changes need with them.
package label

import "strconv"

// Label names item n.
func Label(n int) string {
	return "item " + strconv.Itoa(n)
}
