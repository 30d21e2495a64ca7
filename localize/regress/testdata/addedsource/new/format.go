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
	return head(items) + body(items)
}

// head writes items' length and capacity.
func head(items []string) string {
	s := "n"
	s += "="
	s += strconv.Itoa(len(items))
	s += ";"
	s += strconv.Itoa(cap(items))
	s += ":"
	return s
}

// body writes the items in brackets.
func body(items []string) string {
	if len(items) == 0 {
		return "{}" // the regression
	}
	return "[" + strings.Join(items, ",") + "]"
}
