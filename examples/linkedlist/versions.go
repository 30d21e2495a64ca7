package linkedlist

import (
	_ "embed"

	"github.com/faultloc/faultloc/examples"
)

// SourceFile is the file the faults change.
const SourceFile = "list.go"

//go:embed list.go
var source string

// Faults are the paper's seeded faults in Delete: the size not
// decremented (sizeErr), the header not moved on when the first node is
// deleted (headerErr), and the predecessor linked to the deleted node
// instead of its successor (removeErr).
var Faults = []examples.Edit{
	{Name: "size", Correct: "l.Size--", Faulty: "l.Size = l.Size"},
	{Name: "header", Correct: "l.Header = l.Header.Next", Faulty: "l.Header = l.Header"},
	{Name: "remove", Correct: "prev.Next = lst.Next", Faulty: "prev.Next = lst"},
}

// Version returns list.go with the named faults of [Faults] applied, as a
// go/packages overlay of the file in dir (the package's directory), and
// the faulty lines.
func Version(dir string, names ...string) (overlay map[string][]byte, faultyLines []int, err error) {
	return examples.EditOverlay(dir, SourceFile, source, Faults, names...)
}
