package repair

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
	"github.com/faultloc/faultloc/localize/repair/internal/udiff"
)

// guardPatch returns the patch that inserts guard g before the site's
// statement, laid out as gofmt lays it out.
func (s *Site) guardPatch(g Guard) (*Patch, error) {
	if s.at.Stmt < 0 {
		return nil, fmt.Errorf("localize: repair: no statement around %s:%d (%s)", s.File, s.Line, s.Expr)
	}
	ind := stmtedit.Indent(s.src, s.at.Stmt)
	ret := "return"
	if g.Result != "" {
		ret += " " + g.Result
	}
	p := replace(s.File, s.src, s.at.Stmt, s.at.Stmt, "if "+g.Cond+" {\n"+ind+"\t"+ret+"\n"+ind+"}\n"+ind)
	p.Repl = g.String()
	return p, nil
}

// Patch is a replacement of a site's source, as a file's new content
// and a unified diff.
type Patch struct {
	localize.Position // the replaced source's start: the file (absolute), line and column
	// EndLine and EndColumn are the replaced source's end: the line and
	// the column after it (an inserted guard's: its start).
	EndLine   int `json:"endLine"`
	EndColumn int `json:"endColumn"`
	// Orig is the source replaced, Repl the replacement; for an
	// inserted guard, Orig is empty and Repl the guard on one line
	// (Source lays it out as gofmt does). Where the replacement leaves
	// a local variable unused, the span starts at the statement around
	// Orig, before which Inserted puts `_ = x` (see Inserted).
	Orig string `json:"orig"`
	Repl string `json:"repl"`
	// Source is the patched file.
	Source []byte `json:"-"`
	// Diff is the unified diff from the file to Source, naming the
	// file by its base name (Result.RelativeTo names it relative to a
	// directory).
	Diff string `json:"diff"`

	inserted string // the text put in the span's place
}

// Inserted returns the text the patch puts in place of the span from
// its Position to its EndLine and EndColumn: Repl; for an inserted
// guard, the guard laid out on its lines as Source has it; for a
// replacement that leaves a local variable x unused (which Go does not
// build), `_ = x` on a line of its own and the statement's text up to
// Repl.
func (p *Patch) Inserted() string { return p.inserted }

// patch returns the patch that replaces the site's source with repl.
func (s *Site) patch(repl string) (*Patch, error) {
	if s.Replaced == "" {
		return nil, fmt.Errorf("localize: repair: no source to replace at %s:%d (%s)", s.File, s.Line, s.Expr)
	}
	return replaceUsed(s.File, s.src, s.at.Start, s.at.End, s.at.Text(repl)), nil
}

// replace returns the patch of src (file's content) that replaces
// bytes [start, end) with repl.
func replace(file string, src []byte, start, end int, repl string) *Patch {
	out := make([]byte, 0, len(src)+len(repl))
	out = append(append(append(out, src[:start]...), repl...), src[end:]...)
	at := func(off int) (line, column int) {
		return 1 + bytes.Count(src[:off], []byte("\n")), off - bytes.LastIndexByte(src[:off], '\n')
	}
	line, col := at(start)
	endLine, endCol := at(end)
	p := &Patch{Position: localize.Position{File: file, Line: line, Column: col}, EndLine: endLine, EndColumn: endCol, Orig: string(src[start:end]), Repl: repl, Source: out, inserted: repl}
	p.Diff = udiff.Unified(filepath.Base(file), src, out)
	return p
}
