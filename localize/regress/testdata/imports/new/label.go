// Package label is the new version of the imports subject: a change of
// import (fmt for strconv) that the statement changes need with them.
package label

import "fmt"

// Label names item n.
func Label(n int) string {
	return fmt.Sprint("item ", n+1)
}
