package changes

import (
	"go/ast"
)

// The changes of added code: each added statement is a change, and the
// statements inside it (in the bodies of a compound statement, in the
// clauses of a switch or select, in the function literals it holds) are
// changes nested in it, so that any one of them can be reverted
// (deleted) alone while the code around it stays. Reverting the outer
// change deletes it with everything inside it.

// addedItem records an added top-level item nested in parent, with the
// statements of its body (a function's, or its function literals')
// nested in it; old is where it would go in the old version.
func (d *differ) addedItem(n *item, old Span, parent *Change) {
	c := d.added(n.unit, n.name, n.from, n.to, old, parent)
	if fd, ok := n.node.(*ast.FuncDecl); ok {
		if fd.Body != nil {
			d.addedList(n.name, fd.Body.List, old, c)
		}
		return
	}
	d.addedFuncLits(n.name, old, c, n.node)
}

// addedList records each statement of list as an added change.
func (d *differ) addedList(fn string, list []ast.Stmt, old Span, parent *Change) {
	for _, s := range list {
		d.addedStmt(fn, s, old, parent)
	}
}

// addedStmt records an added statement nested in parent, with the
// statements inside it nested in it. A labeled compound statement is one
// header with its label.
func (d *differ) addedStmt(fn string, s ast.Stmt, old Span, parent *Change) {
	inner := s
	for {
		l, ok := inner.(*ast.LabeledStmt)
		if !ok {
			break
		}
		inner = l.Stmt
	}
	header := func(unit string) *Change { return d.added(unit, fn, s.Pos(), s.End(), old, parent) }
	switch x := inner.(type) {
	case *ast.BlockStmt:
		d.addedList(fn, x.List, old, header("block"))
	case *ast.IfStmt:
		d.addedIf(fn, x, old, header("if header"))
	case *ast.ForStmt:
		c := header("for header")
		d.addedFuncLits(fn, old, c, x.Init, x.Cond, x.Post)
		d.addedList(fn, x.Body.List, old, c)
	case *ast.RangeStmt:
		c := header("for header")
		d.addedFuncLits(fn, old, c, x.Key, x.Value, x.X)
		d.addedList(fn, x.Body.List, old, c)
	case *ast.SwitchStmt:
		c := header("switch header")
		d.addedFuncLits(fn, old, c, x.Init, x.Tag)
		d.addedClauses(fn, x.Body, old, c)
	case *ast.TypeSwitchStmt:
		c := header("switch header")
		d.addedFuncLits(fn, old, c, x.Init, x.Assign)
		d.addedClauses(fn, x.Body, old, c)
	case *ast.SelectStmt:
		d.addedClauses(fn, x.Body, old, header("select header"))
	default:
		d.addedFuncLits(fn, old, header("stmt"), s)
	}
}

// addedIf records the parts of an added if nested in its header c: the
// function literals of its condition, its body's statements and its
// else branch.
func (d *differ) addedIf(fn string, x *ast.IfStmt, old Span, c *Change) {
	d.addedFuncLits(fn, old, c, x.Init, x.Cond)
	d.addedList(fn, x.Body.List, old, c)
	if x.Else != nil {
		d.addedElse(fn, x, old, c)
	}
}

// addedElse records the added else branch of x, nested in parent, with
// its statements (or the parts of its if) nested in it.
func (d *differ) addedElse(fn string, x *ast.IfStmt, old Span, parent *Change) {
	c := d.added("else", fn, x.Body.End(), x.End(), old, parent)
	switch e := x.Else.(type) {
	case *ast.BlockStmt:
		d.addedList(fn, e.List, old, c)
	case *ast.IfStmt:
		d.addedIf(fn, e, old, c)
	}
}

// addedClauses records the clauses of an added switch or select, each
// nested in parent with its statements nested in it.
func (d *differ) addedClauses(fn string, body *ast.BlockStmt, old Span, parent *Change) {
	for _, cl := range body.List {
		c := d.added("case header", fn, cl.Pos(), cl.End(), old, parent)
		switch cl := cl.(type) {
		case *ast.CaseClause:
			for _, e := range cl.List {
				d.addedFuncLits(fn, old, c, e)
			}
			d.addedList(fn, cl.Body, old, c)
		case *ast.CommClause:
			d.addedFuncLits(fn, old, c, cl.Comm)
			d.addedList(fn, cl.Body, old, c)
		}
	}
}

// addedFuncLits records the statements of the function literals in nodes
// (not those nested in another literal, which are the statements'),
// nested in parent.
func (d *differ) addedFuncLits(fn string, old Span, parent *Change, nodes ...ast.Node) {
	for _, n := range nodes {
		if isNilNode(n) {
			continue
		}
		ast.Inspect(n, func(x ast.Node) bool {
			if lit, ok := x.(*ast.FuncLit); ok {
				d.addedList(fn, lit.Body.List, old, parent)
				return false
			}
			return true
		})
	}
}
