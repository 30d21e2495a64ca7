package bst

import (
	_ "embed"

	"github.com/faultloc/faultloc/examples"
)

// SourceFile is the file the faults change.
const SourceFile = "bst.go"

//go:embed bst.go
var source string

// Faults are seeded faults of Add after the paper's: the size not
// incremented (sizeErr), the new node's parent not set (parentErr), the
// new node hung left where it belongs right (rightErr), the descent
// going left where it goes right (traversalErr), the comparison reversed
// (branchErr), and the first node not made the root (rootErr).
var Faults = []examples.Edit{
	{Name: "size", Correct: "t.Size++", Faulty: "t.Size = t.Size"},
	{Name: "parent", Correct: "x.Parent = cur", Faulty: "x.Parent = x.Parent"},
	{Name: "right", Correct: "cur.Right = x", Faulty: "cur.Left = x"},
	{Name: "traversal", Correct: "cur = cur.Right", Faulty: "cur = cur.Left"},
	{Name: "branch", Correct: "if k < cur.Key {", Faulty: "if k > cur.Key {"},
	{Name: "root", Correct: "t.Root = x", Faulty: "t.Root = t.Root"},
}

// Version returns bst.go with the named faults of [Faults] applied, as a
// go/packages overlay of the file in dir (the package's directory), and
// the faulty lines.
func Version(dir string, names ...string) (overlay map[string][]byte, faultyLines []int, err error) {
	return examples.EditOverlay(dir, SourceFile, source, Faults, names...)
}
