package schema

import (
	"bytes"
	"go/ast"
	"go/token"
	"slices"
)

// listStmt is a statement of a block's or a case's list.
type listStmt struct {
	list []ast.Stmt
	i    int
	// sig is the signature of the function whose body the list is, if
	// it is one; typeSwitch says the list is a type switch's case.
	sig        *ast.FuncType
	typeSwitch bool
}

// listStmts returns the statements of every statement list of f.
func listStmts(f *ast.File) []listStmt {
	var out []listStmt
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var list []ast.Stmt
		var sig *ast.FuncType
		ts := false
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
			if len(stack) > 0 {
				switch p := stack[len(stack)-1].(type) {
				case *ast.FuncDecl:
					sig = p.Type
				case *ast.FuncLit:
					sig = p.Type
				}
			}
		case *ast.CaseClause:
			list = n.Body
			if len(stack) > 1 {
				_, ts = stack[len(stack)-2].(*ast.TypeSwitchStmt)
			}
		case *ast.CommClause:
			list = n.Body
		}
		for i := range list {
			out = append(out, listStmt{list: list, i: i, sig: sig, typeSwitch: ts})
		}
		stack = append(stack, n)
		return true
	})
	return out
}

// innermost returns the index in lists of the innermost statement
// around bytes [start, end) of tf, -1 if none is.
func innermost(lists []listStmt, tf *token.File, start, end int) int {
	best, size := -1, 0
	for j, l := range lists {
		st := l.list[l.i]
		if tf.Offset(st.Pos()) <= start && end <= tf.Offset(st.End()) {
			if n := int(st.End() - st.Pos()); best < 0 || n < size {
				best, size = j, n
			}
		}
	}
	return best
}

// guardFits reports whether offset off starts a statement of a list, so
// that a statement inserted there is one of the list.
func guardFits(lists []listStmt, tf *token.File, off int) bool {
	for _, l := range lists {
		if tf.Offset(l.list[l.i].Pos()) == off {
			return true
		}
	}
	return false
}

// spanAround returns the span whose switch holds a change of bytes
// [start, end): the innermost statement of a list around them, or for a
// declaration, it and the rest of its list; false if there is none or it
// cannot be copied into the branches of an if (see the package's schema
// comment).
func spanAround(lists []listStmt, tf *token.File, start, end int) (int, int, bool) {
	best := innermost(lists, tf, start, end)
	if best < 0 {
		return 0, 0, false
	}
	l := lists[best]
	st := l.list[l.i]
	copied := []ast.Stmt{st}
	var declared []string
	switch st := st.(type) {
	case *ast.DeclStmt:
		copied = l.list[l.i:]
	case *ast.AssignStmt:
		if st.Tok == token.DEFINE {
			copied = l.list[l.i:]
			for _, e := range st.Lhs {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
					declared = append(declared, id.Name)
				}
			}
		}
	}
	for _, c := range copied {
		if hasLabel(c) {
			return 0, 0, false
		}
		if b, ok := c.(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			return 0, 0, false
		}
	}
	if len(declared) > 0 {
		// x, err := f() reuses an err of the same block: in the if's
		// branches it would declare a new one.
		if l.typeSwitch {
			return 0, 0, false
		}
		before := []ast.Node{}
		for _, s := range l.list[:l.i] {
			before = append(before, s)
		}
		if l.sig != nil {
			before = append(before, l.sig)
		}
		for _, n := range before {
			if mentions(n, declared) {
				return 0, 0, false
			}
		}
	}
	return tf.Offset(st.Pos()), tf.Offset(copied[len(copied)-1].End()), true
}

// hasLabel reports whether n holds a labeled statement.
func hasLabel(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// mentions reports whether an identifier of n has one of the names.
func mentions(n ast.Node, names []string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && slices.Contains(names, id.Name) {
			found = true
		}
		return !found
	})
	return found
}

// Offset returns the offset in src of line and column (1-based, in
// bytes); -1 if src has no such place.
func Offset(src []byte, line, column int) int {
	off := lineOffset(src, line)
	if off < 0 || column < 1 || off+column-1 > len(src) {
		return -1
	}
	return off + column - 1
}

// lineOffset returns the byte offset of line (1-based) in src; -1 if
// src has fewer lines.
func lineOffset(src []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off
}

// StmtAround returns the offset of the innermost statement of a
// statement list (a block, a case) of f around offset off of tf, where a
// guard goes; -1 if none.
func StmtAround(f *ast.File, tf *token.File, off int) int {
	lists := listStmts(f)
	j := innermost(lists, tf, off, off+1)
	if j < 0 {
		return -1
	}
	return tf.Offset(lists[j].list[lists[j].i].Pos())
}

// Lists returns the statement lists of f: its blocks' and its cases'.
func Lists(f *ast.File) [][]ast.Stmt {
	var out [][]ast.Stmt
	for _, l := range listStmts(f) {
		if l.i == 0 {
			out = append(out, l.list)
		}
	}
	return out
}
