package changes

import (
	"fmt"
	"strings"
)

// Kind says whether a change modifies, adds or removes code.
type Kind int

const (
	// Modified: code present in both versions differs.
	Modified Kind = iota
	// Added: the code exists in the new version only.
	Added
	// Removed: the code existed in the old version only.
	Removed
)

// String returns "modified", "added" or "removed".
func (k Kind) String() string {
	switch k {
	case Modified:
		return "modified"
	case Added:
		return "added"
	case Removed:
		return "removed"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// MarshalText encodes the kind as its String.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Span is a region of one version of a file: byte offsets [Offset, End)
// and the lines they cover. An empty span (Offset == End) is the point where
// code absent from that version would go; its lines are the line of that
// point.
//
// Span is not localize.Position, the position type of faultloc's
// results: localize imports changes, not the other way round, and a span
// is a range of one version of a file that its [Change] names, not a
// point. Its JSON keys are lowerCamelCase, as every report's.
type Span struct {
	Offset    int `json:"offset"`
	End       int `json:"end"`
	StartLine int `json:"startLine"`
	EndLine   int `json:"endLine"`
}

// Lines formats the span's lines as "12" or "12-14".
func (s Span) Lines() string {
	if s.EndLine > s.StartLine {
		return fmt.Sprintf("%d-%d", s.StartLine, s.EndLine)
	}
	return fmt.Sprint(s.StartLine)
}

// Change is one difference between the old and the new version, at the
// smallest syntactic unit the diff could isolate: a statement, the header
// of a compound statement (an if's condition, a loop's clauses, a
// function's signature), a declaration, an import, a function moved to
// another file, or a whole file. Reverting it replaces its New span of
// the new version's file with its OldText (and, for a moved function,
// puts the old function back in OldFile).
//
// Changes nest: the statements of added code (of an added compound
// statement, function, declaration or file, and of the function literals
// in it) and the changes inside a moved function are changes of their
// own, whose Parent is the change that holds them. A nested change's New
// span lies inside its parent's; reverting a change reverts the changes
// nested in it with it.
type Change struct {
	// ID names the change, "c1", "c2", … in the order of the new
	// version's files and offsets, a change before those nested in it
	// (changes of files the new version lacks come last).
	ID string `json:"id"`
	// Kind says whether the change modifies, adds or removes code.
	Kind Kind `json:"kind"`
	// Unit names the syntactic unit changed: "stmt", "if header",
	// "for header", "switch header", "select header", "case header",
	// "else", "block", "func signature", "decl", "spec", "element", "field",
	// "import", "package clause", "moved func" or "file". The header of an added
	// compound statement spans the whole statement: reverting it
	// deletes the statement.
	Unit string `json:"unit"`
	// File is the file's path relative to the version's root, with
	// forward slashes; the same in both versions unless OldFile is set.
	File string `json:"file"`
	// Func is the declaration enclosing the change ("Max3", "(*T).M",
	// "var sorted"), or "" for a change of the file's top level.
	Func string `json:"func,omitempty"`
	// Old and New are the change's spans in the old and the new version
	// of File.
	Old Span `json:"old"`
	New Span `json:"new"`
	// OldText and NewText are the code of the two spans.
	OldText string `json:"oldText"`
	NewText string `json:"newText"`
	// Parent is the ID of the change this one is nested in, or "" (see
	// [Change]).
	Parent string `json:"parent,omitempty"`
	// OldFile is the old version's file holding Old when it is not File
	// (a function moved to another file of its directory, a change of a
	// renamed file), or "".
	OldFile string `json:"oldFile,omitempty"`

	// sep is inserted before OldText when reverting into an empty span.
	sep string
	// pkgName is the package clause a reverted added file keeps.
	pkgName string
	// parent is the change this one is nested in.
	parent *Change
	// moveTo is the new version's file where reverting a moved function
	// puts it back (OldFile, or the file it was renamed to), and moveAt
	// the offset there (after sep).
	moveTo string
	moveAt int
}

// String formats the change as "c2 max3.go:20 (Max3) if header: x < y ⇐ x > y".
func (c *Change) String() string {
	where := c.File + ":" + c.New.Lines()
	if c.OldFile != "" {
		where += " from " + c.OldFile
	}
	if c.Kind == Removed && c.Unit == "file" {
		where = c.File
	}
	fn := ""
	if c.Func != "" {
		fn = " (" + c.Func + ")"
	}
	return fmt.Sprintf("%s %s%s %s %s: %s ⇐ %s", c.ID, where, fn, c.Kind, c.Unit, brief(c.NewText), brief(c.OldText))
}

// brief shortens code to one line of at most 60 bytes.
func brief(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "∅"
	}
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
