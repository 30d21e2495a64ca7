package repair

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// locate finds the source a repair at s replaces (Site.Replaced) in its
// file, read from overlay when it holds the file: for a value or a
// condition, the smallest expression around the instruction's position
// whose text is the site's Expr; for an assignment, the right-hand side
// of the assignment on the site's line whose left-hand side is Expr; for
// a return, its result; for a compound assignment x op= e or an x++ /
// x-- (its operation or its store, both at x), the statement, which a patch replaces with x = replacement, Replaced its
// value as an expression (x op e). A site whose source is not found
// keeps Replaced empty.
func (s *Site) locate(overlay map[string][]byte) error {
	src, ok := overlay[s.File]
	if !ok {
		var err error
		if src, err = os.ReadFile(s.File); err != nil {
			return fmt.Errorf("localize: repair: the site's source: %w", err)
		}
	}
	s.src = src
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, s.File, src, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("localize: repair: the site's source: %w", err)
	}
	tf := fset.File(f.Pos())
	if s.Line < 1 || s.Line > tf.LineCount() {
		return fmt.Errorf("localize: repair: line %d is not in %s", s.Line, s.File)
	}
	pos := tf.LineStart(s.Line) + token.Pos(s.Column-1)
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	var best ast.Node
	var upd ast.Stmt // a compound assignment or x++ / x--: best, rewritten as lhs = value
	s.stmt = -1
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return true
		}
		if n.Pos() > pos || n.End() <= pos {
			return false
		}
		// The innermost statement of a statement list around the site:
		// where a guard goes.
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for _, st := range list {
			if st.Pos() <= pos && pos < st.End() {
				s.stmt = tf.Offset(st.Pos())
			}
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if compound(n) != token.ILLEGAL && text(n.Lhs[0]) == s.Expr && s.update() {
				best, upd = n, n
				return false
			}
			if s.Kind != AssignmentSite || len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				break
			}
			for i, l := range n.Lhs {
				if text(l) == s.Expr {
					best = n.Rhs[i]
				}
			}
		case *ast.ValueSpec:
			if s.Kind != AssignmentSite || len(n.Names) != len(n.Values) {
				break
			}
			for i, l := range n.Names {
				if l.Name == s.Expr {
					best = n.Values[i]
				}
			}
		case *ast.IncDecStmt:
			if text(n.X) == s.Expr && s.update() {
				best, upd = n, n
				return false
			}
		case *ast.ReturnStmt:
			if s.Kind == ReturnSite && len(n.Results) == 1 {
				best = n.Results[0]
			}
		case ast.Expr:
			if s.Kind != AssignmentSite && s.Kind != ReturnSite && text(n) == s.Expr {
				best = n // the innermost wins: Inspect goes down
			}
		}
		return true
	})
	if best == nil && (s.Kind == AssignmentSite || s.Kind == ReturnSite) {
		// A Store's or Return's position need not be within its
		// statement: look on the line.
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if s.Kind == AssignmentSite && tf.Line(n.Pos()) == s.Line && len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					for i, l := range n.Lhs {
						if text(l) == s.Expr {
							best = n.Rhs[i]
						}
					}
				}
			case *ast.ReturnStmt:
				if s.Kind == ReturnSite && tf.Line(n.Pos()) == s.Line && len(n.Results) == 1 {
					best = n.Results[0]
				}
			}
			return best == nil
		})
	}
	if best != nil {
		s.start, s.end = tf.Offset(best.Pos()), tf.Offset(best.End())
		s.Replaced = string(src[s.start:s.end])
	}
	switch n := upd.(type) {
	case *ast.AssignStmt:
		// x -= c computes x - c and stores it: a repair replaces the
		// statement with x = repl.
		rhs := text(n.Rhs[0])
		if !simple(rhs) {
			rhs = "(" + rhs + ")"
		}
		s.assign = text(n.Lhs[0]) + " = "
		s.Replaced = text(n.Lhs[0]) + " " + compound(n).String() + " " + rhs
	case *ast.IncDecStmt:
		op := token.ADD
		if n.Tok == token.DEC {
			op = token.SUB
		}
		s.assign = text(n.X) + " = "
		s.Replaced = text(n.X) + " " + op.String() + " 1"
	}
	return nil
}

// update reports whether s, at the start of a compound assignment or
// an increment, is the value it stores: the store (an assignment site)
// or the operation (a value site), both placed, as the load of the old
// value is, at the left-hand side.
func (s *Site) update() bool {
	return s.Kind == AssignmentSite || s.Kind == ValueSite && s.binop
}

// compound returns the operator of a compound assignment of one
// variable (token.SUB for x -= c); token.ILLEGAL for another statement.
func compound(n *ast.AssignStmt) token.Token {
	if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
		return token.ILLEGAL
	}
	switch n.Tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
		token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		return n.Tok - (token.ADD_ASSIGN - token.ADD)
	}
	return token.ILLEGAL
}

// guardPatch returns the patch that inserts guard g before the site's
// statement, laid out as gofmt lays it out.
func (s *Site) guardPatch(g Guard) (*Patch, error) {
	if s.stmt < 0 {
		return nil, fmt.Errorf("localize: repair: no statement around %s:%d (%s)", s.File, s.Line, s.Expr)
	}
	ind := indentOf(s.src, s.stmt)
	ret := "return"
	if g.Result != "" {
		ret += " " + g.Result
	}
	p := replace(s.File, s.src, s.stmt, s.stmt, "if "+g.Cond+" {\n"+ind+"\t"+ret+"\n"+ind+"}\n"+ind)
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
	// (Source lays it out as gofmt does).
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
// its Position to its EndLine and EndColumn: Repl, or for an inserted
// guard, the guard laid out on its lines as Source has it.
func (p *Patch) Inserted() string { return p.inserted }

// patch returns the patch that replaces the site's source with repl.
func (s *Site) patch(repl string) (*Patch, error) {
	if s.Replaced == "" {
		return nil, fmt.Errorf("localize: repair: no source to replace at %s:%d (%s)", s.File, s.Line, s.Expr)
	}
	return replace(s.File, s.src, s.start, s.end, s.assign+repl), nil
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
	p.Diff = unified(filepath.Base(file), src, out)
	return p
}

// unified returns the unified diff, with three lines of context, of two
// versions of a file that differ in one run of lines.
func unified(name string, a, b []byte) string {
	lines := func(s string) []string {
		ls := strings.SplitAfter(s, "\n")
		if ls[len(ls)-1] == "" {
			ls = ls[:len(ls)-1]
		}
		return ls
	}
	x, y := lines(string(a)), lines(string(b))
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	if pre == len(x) && pre == len(y) {
		return ""
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	const context = 3
	from := max(0, pre-context)
	xTo, yTo := min(len(x), len(x)-suf+context), min(len(y), len(y)-suf+context)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- a/%s\n+++ b/%s\n", name, name)
	fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", from+1, xTo-from, from+1, yTo-from)
	line := func(prefix, l string) {
		sb.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n")
	}
	for _, l := range x[from:pre] {
		line(" ", l)
	}
	for _, l := range x[pre : len(x)-suf] {
		line("-", l)
	}
	for _, l := range y[pre : len(y)-suf] {
		line("+", l)
	}
	for _, l := range x[len(x)-suf : xTo] {
		line(" ", l)
	}
	return sb.String()
}
