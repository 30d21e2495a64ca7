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
type Span struct {
	Offset    int `json:"offset"`
	End       int `json:"end"`
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
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
// function's signature), a declaration, an import, or a whole file.
// Reverting it replaces its New span of the new version's file with its
// OldText.
type Change struct {
	// ID names the change, "c1", "c2", … in the order of the new
	// version's files and offsets (changes of files the new version lacks
	// come last).
	ID string `json:"id"`
	// Kind says whether the change modifies, adds or removes code.
	Kind Kind `json:"kind"`
	// Unit names the syntactic unit changed: "stmt", "if header",
	// "for header", "switch header", "case header", "else", "func
	// signature", "decl", "spec", "import", "package clause" or "file".
	Unit string `json:"unit"`
	// File is the file's path relative to the version's root, with
	// forward slashes; the same in both versions.
	File string `json:"file"`
	// Func is the declaration enclosing the change ("Max3", "(*T).M",
	// "var sorted"), or "" for a change of the file's top level.
	Func string `json:"func,omitempty"`
	// Old and New are the change's spans in the old and the new version
	// of File.
	Old Span `json:"old"`
	New Span `json:"new"`
	// OldText and NewText are the code of the two spans.
	OldText string `json:"old_text"`
	NewText string `json:"new_text"`

	// sep is inserted before OldText when reverting into an empty span.
	sep string
	// pkgName is the package clause a reverted added file keeps.
	pkgName string
}

// String formats the change as "c2 max3.go:20 (Max3) if header: x < y ⇐ x > y".
func (c *Change) String() string {
	where := c.File + ":" + c.New.Lines()
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
