package guard

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/changes"
)

// Guards returns the changes holding a condition that a statement of
// root runs under, where the release changed that condition too: the
// header of the innermost if, loop or case clause around the statement
// (within its function), when a change outside root and aux begins in
// it (an if whose condition changed; an added if, whose header change
// is the whole if), and, where there are causes, the failing run
// depends on it (a cause). Reverting the statement alone makes the
// cases pass, and so may neutralising the condition: no reversal tells
// which of the two is wrong, and a fix often changes the condition (a
// check made unconditional, a special case taken too early). A root
// change that is itself a header has none.
func Guards(set *changes.Set, root, aux []*changes.Change, causes map[string]bool) []*changes.Change {
	files := map[string]*ast.File{}
	fsets := map[string]*token.FileSet{}
	parse := func(file string) (*ast.File, *token.FileSet) {
		if f, ok := files[file]; ok {
			return f, fsets[file]
		}
		var f *ast.File
		fset := token.NewFileSet()
		if src, err := set.Source(file, nil); err == nil {
			f, _ = parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		}
		files[file], fsets[file] = f, fset
		return f, fset
	}
	var out []*changes.Change
	for _, c := range root {
		if strings.HasSuffix(c.Unit, "header") || c.Unit == "decl" || c.Unit == "file" || c.Unit == "moved func" {
			continue
		}
		f, fset := parse(c.File)
		if f == nil {
			continue
		}
		from, to, ok := guardHeader(f, fset.File(f.Pos()), c.New.Offset, c.New.End)
		if !ok {
			continue
		}
		for _, h := range set.Changes {
			if h.File != c.File || !strings.HasSuffix(h.Unit, "header") || h.New.Offset < from || h.New.Offset >= to ||
				slices.Contains(root, h) || slices.Contains(aux, h) || slices.Contains(out, h) || causes != nil && !causes[h.ID] {
				continue
			}
			out = append(out, h)
		}
	}
	return out
}

// guardHeader returns the offsets [from, to) of the header of the
// innermost if, for, range or case clause of f whose body (or else
// branch) holds [off, end), and false when there is none inside the
// function holding it.
func guardHeader(f *ast.File, tf *token.File, off, end int) (from, to int, ok bool) {
	best := -1 // the size of the innermost body so far
	in := func(a, b token.Pos) bool {
		oa, ob := tf.Offset(a), tf.Offset(b)
		return oa <= off && end <= ob && (best < 0 || ob-oa < best)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		var body [2]token.Pos // the span holding the statements it guards
		var hdr [2]token.Pos  // its header
		switch n := n.(type) {
		case *ast.IfStmt:
			body, hdr = [2]token.Pos{n.Body.Lbrace, n.End()}, [2]token.Pos{n.Pos(), n.Body.Lbrace}
		case *ast.ForStmt:
			body, hdr = [2]token.Pos{n.Body.Lbrace, n.Body.End()}, [2]token.Pos{n.Pos(), n.Body.Lbrace}
		case *ast.RangeStmt:
			body, hdr = [2]token.Pos{n.Body.Lbrace, n.Body.End()}, [2]token.Pos{n.Pos(), n.Body.Lbrace}
		case *ast.CaseClause:
			body, hdr = [2]token.Pos{n.Colon, n.End()}, [2]token.Pos{n.Pos(), n.Colon + 1}
		case *ast.CommClause:
			body, hdr = [2]token.Pos{n.Colon, n.End()}, [2]token.Pos{n.Pos(), n.Colon + 1}
		case *ast.FuncLit:
			body = [2]token.Pos{n.Body.Lbrace, n.Body.End()}
		case *ast.FuncDecl:
			if n.Body != nil {
				body = [2]token.Pos{n.Body.Lbrace, n.Body.End()}
			}
		default:
			return true
		}
		if body[0].IsValid() && in(body[0], body[1]) {
			best = tf.Offset(body[1]) - tf.Offset(body[0])
			from, to, ok = 0, 0, false
			if hdr[0].IsValid() {
				from, to, ok = tf.Offset(hdr[0]), tf.Offset(hdr[1]), true
			}
		}
		return true
	})
	return from, to, ok
}

// Prefer returns the guards of gs that take a verified root cause's
// place, or nil: the first single guard, then all of them together,
// whose reversal passes (pass runs the version with them and their
// auxiliary changes reverted). When reverting a statement and reverting
// the changed condition it runs under each make the cases pass, the
// condition comes first in the failing run, which executes the
// statement because of it: the control counterpart of where a wrong
// value starts. A guard the old version has (a changed condition) is
// always tried. An added one, which reverting deletes whole, is tried
// only when it is a check that leaves (an if without else whose body
// ends in return, break, continue, goto or panic): its body does little
// but leave, and its condition decides; a statement of any other added
// block is the finer answer (an added block whose one statement is
// wrong).
func Prefer(ctx context.Context, gs []*changes.Change, pass func(context.Context, []*changes.Change) (bool, error)) ([]*changes.Change, error) {
	var try []*changes.Change
	for _, g := range gs {
		if g.Kind == changes.Modified || g.Kind == changes.Added && exitCheck(g.NewText) {
			try = append(try, g)
		}
	}
	tries := make([][]*changes.Change, 0, len(try)+1)
	for _, g := range try {
		tries = append(tries, []*changes.Change{g})
	}
	if len(try) > 1 {
		tries = append(tries, try)
	}
	for _, t := range tries {
		ok, err := pass(ctx, t)
		if err != nil {
			return nil, err
		}
		if ok {
			return t, nil
		}
	}
	return nil, nil
}

// exitCheck reports whether code is an if statement without else whose
// body ends in a return, break, continue, goto or call of panic.
func exitCheck(code string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+code+"\n}", parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body.List
	if len(body) != 1 {
		return false
	}
	is, ok := body[0].(*ast.IfStmt)
	if !ok || is.Else != nil || len(is.Body.List) == 0 {
		return false
	}
	switch last := is.Body.List[len(is.Body.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := last.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := call.Fun.(*ast.Ident)
		return ok && id.Name == "panic"
	}
	return false
}
