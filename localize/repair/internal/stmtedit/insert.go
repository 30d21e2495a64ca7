package stmtedit

import (
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

// maxInsertions bounds the statements inserted at one site.
const maxInsertions = 8

// Insertion is a statement of a site's function to insert before the
// site's statement: a missing statement, copied from nearby code.
type Insertion struct {
	Text string // the statement, on one line
	Line int    // the line it is copied from
}

// Insertions returns the statements to insert before the statement at
// offset stmt of file (src its content) whose bytes [start, end) are a
// site's replaced source, the repair of a missing statement from nearby code (as
// GenProg and SemFix insert statements of the program): the simple
// statements of the site's function (an assignment with = or an
// operator, an increment or decrement, on one line) that assign a
// variable the replaced source reads, so that the site's value can
// change where the statement runs first, and whose variables are in
// scope before the site's statement; not the statement just before it
// nor one that declares, nor one inside a function literal the site is
// not in. Nearest to the site first, up to maxInsertions. The data
// cannot tell what an inserted statement does to a run: validation
// decides.
func Insertions(file string, src []byte, stmt, start, end int) []Insertion {
	if stmt < 0 || src == nil {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	tf := fset.File(f.Pos())
	vars := usesOf(fset, f)
	// decl is the declaration of the local variable an identifier at
	// an offset refers to; -1 for a package-level variable or a
	// parameter.
	decl := map[int]int{}
	for d, v := range vars {
		for _, r := range v.refs {
			decl[r] = d
		}
	}
	declOf := func(id *ast.Ident) int {
		if d, ok := decl[tf.Offset(id.Pos())]; ok {
			return d
		}
		return -1
	}
	fn := innermostFunc(f, tf, stmt)
	if fn == nil {
		return nil
	}
	// The variables the replaced source reads, by name and declaration,
	// and the statement just before the site's.
	read := map[string]int{}
	var before ast.Stmt
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn
		case *ast.Ident:
			if off := tf.Offset(n.Pos()); start <= off && off < end {
				read[n.Name] = declOf(n)
			}
		case ast.Stmt:
			if tf.Offset(n.End()) <= stmt && (before == nil || n.End() > before.End()) {
				before = n
			}
		}
		return true
	})
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	var out []Insertion
	seen := map[string]bool{}
	if before != nil {
		seen[text(before)] = true
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		var assigned []ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fn // a closure's statements, unless the site is in it
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				assigned = n.Lhs
			}
		case *ast.IncDecStmt:
			assigned = []ast.Expr{n.X}
		default:
			return true
		}
		t := text(n)
		if seen[t] || strings.Contains(t, "\n") || tf.Offset(n.Pos()) <= stmt && stmt < tf.Offset(n.End()) {
			return false
		}
		relevant := slices.ContainsFunc(assigned, func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				return false
			}
			d, reads := read[id.Name]
			return reads && d == declOf(id)
		})
		inScope := true
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if d := declOf(id); d >= 0 && (d >= stmt || vars[d].end <= stmt) {
					inScope = false
				}
			}
			return inScope
		})
		if relevant && inScope {
			seen[t] = true
			out = append(out, Insertion{Text: t, Line: tf.Line(n.Pos())})
		}
		return false
	})
	site := tf.Line(tf.Pos(stmt))
	slices.SortStableFunc(out, func(a, b Insertion) int {
		return cmp.Compare(abs(a.Line-site), abs(b.Line-site))
	})
	return out[:min(len(out), maxInsertions)]
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
