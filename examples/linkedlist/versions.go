package linkedlist

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"
)

// SourceFile is the file the faults change.
const SourceFile = "list.go"

//go:embed list.go
var source string

// Fault is one of the paper's seeded faults in Delete: a statement of
// list.go and its faulty replacement.
type Fault struct {
	Name    string // "size", "header" or "remove"
	Correct string // the statement in list.go
	Faulty  string // what the fault puts in its place
}

// Faults are the paper's seeded faults: the size not decremented
// (sizeErr), the header not moved on when the first node is deleted
// (headerErr), and the predecessor linked to the deleted node instead of
// its successor (removeErr).
var Faults = []Fault{
	{Name: "size", Correct: "l.Size--", Faulty: "l.Size = l.Size"},
	{Name: "header", Correct: "l.Header = l.Header.Next", Faulty: "l.Header = l.Header"},
	{Name: "remove", Correct: "prev.Next = lst.Next", Faulty: "prev.Next = lst"},
}

// Version returns list.go with the named faults of [Faults] applied, as a
// go/packages overlay of the file in dir (the package's directory), and
// the faulty lines: the lines of the applied faults.
func Version(dir string, names ...string) (overlay map[string][]byte, faultyLines []int, err error) {
	lines := strings.Split(source, "\n")
	for _, name := range names {
		var f *Fault
		for i := range Faults {
			if Faults[i].Name == name {
				f = &Faults[i]
			}
		}
		if f == nil {
			return nil, nil, fmt.Errorf("linkedlist: no fault %q", name)
		}
		found := false
		for i, l := range lines {
			if strings.TrimSpace(l) == f.Correct {
				lines[i] = strings.Replace(l, f.Correct, f.Faulty, 1)
				faultyLines = append(faultyLines, i+1)
				found = true
			}
		}
		if !found {
			return nil, nil, fmt.Errorf("linkedlist: fault %q: %q is not a line of %s", name, f.Correct, SourceFile)
		}
	}
	abs, err := filepath.Abs(filepath.Join(dir, SourceFile))
	if err != nil {
		return nil, nil, fmt.Errorf("linkedlist: %w", err)
	}
	return map[string][]byte{abs: []byte(strings.Join(lines, "\n"))}, faultyLines, nil
}
