package repair

import (
	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
)

// insertions returns the statements to insert before the site's
// statement (stmtedit.Insertions): none for a site without source to
// replace.
func (s *Site) insertions() []stmtedit.Insertion {
	if s.Replaced == "" {
		return nil
	}
	return stmtedit.Insertions(s.File, s.src, s.at.Stmt, s.at.Start, s.at.End)
}

// insertionPatch returns the patch that inserts statement in before the
// site's statement.
func (s *Site) insertionPatch(in stmtedit.Insertion) *Patch {
	ind := stmtedit.Indent(s.src, s.at.Stmt)
	p := replace(s.File, s.src, s.at.Stmt, s.at.Stmt, in.Text+"\n"+ind)
	p.Repl = in.Text
	return p
}

// insertionSize is the size of an inserted statement: its tokens.
func insertionSize(in stmtedit.Insertion) int { return len(term.Tokens(in.Text)) }
