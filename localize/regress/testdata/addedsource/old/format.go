// Package addedsource is a regression subject whose fault is a constant
// that an added function returns, reached through a rewritten call site
// that also takes a value from a chain of added statements, each of
// which, deleted, changes the result too.
package addedsource

import (
	"strconv"
	"strings"
)

// Format writes items' length and capacity, then the items in brackets.
func Format(items []string) string {
	return "n=" + strconv.Itoa(len(items)) + ";" + strconv.Itoa(cap(items)) + ":[" + strings.Join(items, ",") + "]"
}
