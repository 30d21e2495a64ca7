package nativetest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
)

// Pos is a 1-based line and column.
type Pos struct{ Line, Col int }

func (p Pos) less(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

// Stmt is a statement of a file: where it starts and ends, and the index
// of the innermost function (in Layout.Funcs) that holds it.
type Stmt struct {
	Start, End Pos
	Func       int
}

// Func is a function declaration or literal: its name as the runtime
// spells it ("F", "T.M", "(*T).M", "F.func1", "F.func1.1") and its extent.
type Func struct {
	Name       string
	Start, End Pos
}

// Layout is the statement structure of one Go file.
type Layout struct {
	Stmts []Stmt // in source order
	Funcs []Func // in source order
}

// ParseLayout parses the Go file at path (src, if not nil, is its content)
// and returns its statements and functions. Block statements and empty
// statements are not listed (their contents are); case and select clauses
// are, at their keyword.
func ParseLayout(path string, src any) (*Layout, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("nativetest: %w", err)
	}
	l := &Layout{}
	pos := func(p token.Pos) Pos {
		q := fset.Position(p)
		return Pos{q.Line, q.Column}
	}
	// walk records the statements under root, held by function fn (-1 at
	// package level); closures found there are named after name: "F.funcN"
	// inside a declared function F, "L.N" inside a literal L.
	var walk func(root ast.Node, fn int, name string, inLit bool)
	walk = func(root ast.Node, fn int, name string, inLit bool) {
		lits := 0
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case nil:
				return false
			case *ast.FuncLit:
				lits++
				sub := name + ".func" + strconv.Itoa(lits)
				if inLit {
					sub = name + "." + strconv.Itoa(lits)
				}
				i := len(l.Funcs)
				l.Funcs = append(l.Funcs, Func{Name: sub, Start: pos(n.Pos()), End: pos(n.End())})
				walk(n.Body, i, sub, true)
				return false
			case *ast.BlockStmt, *ast.EmptyStmt, *ast.LabeledStmt:
				return true
			case ast.Stmt:
				if fn >= 0 {
					l.Stmts = append(l.Stmts, Stmt{Start: pos(n.Pos()), End: pos(n.End()), Func: fn})
				}
			}
			return true
		})
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body == nil {
				continue
			}
			name := funcName(d)
			i := len(l.Funcs)
			l.Funcs = append(l.Funcs, Func{Name: name, Start: pos(d.Pos()), End: pos(d.End())})
			walk(d.Body, i, name, false)
		case *ast.GenDecl:
			// Package-level function literals (var f = func() {...}) are
			// named glob..funcN as the runtime names them, except that N
			// counts within the declaration here and across the package
			// there.
			walk(d, -1, "glob.", false)
		}
	}
	return l, nil
}

func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	ptr := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, ptr = s.X, true
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	if ptr {
		return "(*" + recv + ")." + d.Name.Name
	}
	return recv + "." + d.Name.Name
}

// MapBlocks assigns every statement of l to the coverage block (an index
// into blocks, which must all belong to l's file) that counts its
// execution: the block containing the statement's start, or else the first
// block that starts inside the statement or at its end (a case clause's
// body, possibly empty, for the clause's keyword). Statements no block accounts for get -1. It also
// returns, for every block, the innermost function containing its start
// (-1 if none).
func MapBlocks(l *Layout, blocks []Block) (stmtBlock, blockFunc []int) {
	stmtBlock = make([]int, len(l.Stmts))
	for i, s := range l.Stmts {
		stmtBlock[i] = -1
		first := -1
		for bi, b := range blocks {
			start, end := Pos{b.StartLine, b.StartCol}, Pos{b.EndLine, b.EndCol}
			if !s.Start.less(start) && s.Start.less(end) {
				stmtBlock[i] = bi
				break
			}
			if !start.less(s.Start) && !s.End.less(start) && (first < 0 || start.less(Pos{blocks[first].StartLine, blocks[first].StartCol})) {
				first = bi
			}
		}
		if stmtBlock[i] < 0 {
			stmtBlock[i] = first
		}
	}
	blockFunc = make([]int, len(blocks))
	for bi, b := range blocks {
		blockFunc[bi] = -1
		start := Pos{b.StartLine, b.StartCol}
		for fi, f := range l.Funcs {
			if !start.less(f.Start) && start.less(f.End) {
				blockFunc[bi] = fi // later (inner) functions override outer ones
			}
		}
	}
	return stmtBlock, blockFunc
}
