package spectra

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strconv"
)

// Kind is the granularity of a program element.
type Kind uint8

// The element kinds. Line is the default granularity.
const (
	Line        Kind = iota // a source line holding at least one statement
	Block                   // a basic block as the coverage tool cuts it (start and end position)
	Function                // a function or function literal
	Instruction             // an SSA instruction (from interpreter traces only)
)

var kindNames = [...]string{"line", "block", "function", "instruction"}

// String returns the kind's lower-case name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind returns the kind named s ("line", "block", "function" or
// "instruction").
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("spectra: unknown element kind %q", s)
}

// Element is a program element: a row of the spectrum's transpose, the unit
// that gets a suspiciousness score. Elements are comparable and are used as
// map keys; two elements are the same element when all fields are equal.
//
// A Line element sets File and Line. A Block sets File, Line, Col, EndLine
// and EndCol. A Function sets Name (for example "triangle.Classify" or
// "triangle.Classify.func1"), File and Line (of the func keyword). An
// Instruction sets File, Line, Col of its position and Name (the
// instruction's text, which keeps instructions at one position apart).
type Element struct {
	Kind    Kind
	File    string // source file, absolute as collected
	Line    int    // 1-based line
	Col     int    // 1-based column (Block, Instruction)
	EndLine int    // Block only
	EndCol  int    // Block only
	Name    string // Function, Instruction
}

// String formats e as "file:line" (Line), "file:line.col,endline.endcol"
// (Block, the coverage profile's notation), "file:line: name" (Function)
// or "file:line:col: name" (Instruction), with the file as stored.
func (e Element) String() string { return e.Format("") }

// Format is String with File made relative to base when base is not empty
// and File lies below it.
func (e Element) Format(base string) string {
	f := e.File
	if base != "" {
		if r, err := filepath.Rel(base, f); err == nil && !filepath.IsAbs(r) && !startsWithDotDot(r) {
			f = r
		}
	}
	switch e.Kind {
	case Block:
		return fmt.Sprintf("%s:%d.%d,%d.%d", f, e.Line, e.Col, e.EndLine, e.EndCol)
	case Function:
		return fmt.Sprintf("%s:%d: %s", f, e.Line, e.Name)
	case Instruction:
		return fmt.Sprintf("%s:%d:%d: %s", f, e.Line, e.Col, e.Name)
	default:
		return f + ":" + strconv.Itoa(e.Line)
	}
}

func startsWithDotDot(p string) bool {
	return p == ".." || len(p) > 2 && p[:3] == ".."+string(filepath.Separator)
}

// Compare orders elements by kind, file, position and name: the
// deterministic order used to break exact ties in rankings.
func Compare(a, b Element) int {
	return cmp.Or(
		cmp.Compare(a.Kind, b.Kind),
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.EndLine, b.EndLine),
		cmp.Compare(a.EndCol, b.EndCol),
		cmp.Compare(a.Name, b.Name),
	)
}
