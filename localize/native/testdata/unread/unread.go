// Package unread is a test subject whose failing run reads a
// package-level table that its failure does not depend on: the failure's
// dynamic slice reaches no line of package initialization.
package unread

// names is a table Label reads.
var names = []string{
	"zero",
	"one",
}

// seen counts the names Label has been called past.
var seen int

// Label returns s marked as a label.
func Label(s string) string {
	seen += len(names)
	return s + "?" //fault: should be "!"
}
