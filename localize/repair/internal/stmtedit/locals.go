package stmtedit

import (
	"go/ast"
	"go/token"
)

// localVar is a variable declared in a function body, the offsets of
// the identifiers that use it as Go counts a use (all but the left-hand
// side of an assignment: x = e; x += e and x++ use x) and of all those
// that refer to it, and the end of its scope.
type localVar struct {
	name       string
	uses, refs []int
	end        int
}

// usesOf returns the local variables of f's function bodies by the
// offset of their declaring identifier (:=, var, range), each with its
// uses and references. Identifiers are resolved by the blocks' scopes, as Go resolves
// them (a variable's scope starts after its declaration), enough for
// the variables of one function.
func usesOf(fset *token.FileSet, f *ast.File) map[int]*localVar {
	tf := fset.File(f.Pos())
	out := map[int]*localVar{}
	// scopes is the stack of the blocks' declarations: name to the
	// offset of its declaring identifier; ends, the blocks' ends.
	var scopes []map[string]int
	var ends []int
	lookup := func(name string) (int, bool) {
		for i := len(scopes) - 1; i >= 0; i-- {
			if off, ok := scopes[i][name]; ok {
				return off, true
			}
		}
		return 0, false
	}
	declare := func(id *ast.Ident, local bool) {
		if id == nil || id.Name == "_" || len(scopes) == 0 {
			return
		}
		off := tf.Offset(id.Pos())
		scopes[len(scopes)-1][id.Name] = off
		if local {
			out[off] = &localVar{name: id.Name, end: ends[len(ends)-1]}
		} else {
			scopes[len(scopes)-1][id.Name] = -1 // a parameter or result: never unused
		}
	}
	// assigned are the identifiers that are assigned, not read.
	assigned := map[*ast.Ident]bool{}
	var visit func(n ast.Node) bool
	walk := func(n ast.Node) {
		if n != nil {
			ast.Inspect(n, visit)
		}
	}
	block := func(n ast.Node, body func()) {
		scopes, ends = append(scopes, map[string]int{}), append(ends, tf.Offset(n.End()))
		body()
		scopes, ends = scopes[:len(scopes)-1], ends[:len(ends)-1]
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fd := range fl.List {
			for _, id := range fd.Names {
				declare(id, false)
			}
		}
	}
	// body walks a function's body in the block of its parameters, as
	// Go scopes them.
	body := func(b *ast.BlockStmt) {
		for _, s := range b.List {
			walk(s)
		}
	}
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				block(n, func() {
					fields(n.Recv)
					fields(n.Type.Params)
					fields(n.Type.Results)
					body(n.Body)
				})
			}
			return false
		case *ast.FuncLit:
			block(n, func() {
				fields(n.Type.Params)
				fields(n.Type.Results)
				body(n.Body)
			})
			return false
		case *ast.BlockStmt:
			block(n, func() {
				for _, s := range n.List {
					walk(s)
				}
			})
			return false
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.CaseClause, *ast.CommClause, *ast.SelectStmt:
			block(n, func() { stmtChildren(n, walk, declare) })
			return false
		case *ast.AssignStmt:
			for _, e := range n.Rhs {
				walk(e)
			}
			for _, e := range n.Lhs {
				id, ok := e.(*ast.Ident)
				switch {
				case !ok || n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					walk(e) // x += 1 reads x
				case n.Tok == token.DEFINE:
					if _, ok := scopes[len(scopes)-1][id.Name]; !ok {
						declare(id, true)
					} else {
						assigned[id] = true // redeclared: assigned
						walk(id)
					}
				default:
					assigned[id] = true
					walk(id)
				}
			}
			return false
		case *ast.ValueSpec:
			for _, e := range n.Values {
				walk(e)
			}
			walk(n.Type)
			for _, id := range n.Names {
				declare(id, len(scopes) > 0)
			}
			return false
		case *ast.SelectorExpr:
			walk(n.X) // the selector names a field or method
			return false
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); !ok {
				walk(n.Key) // an identifier key may name a field
			}
			walk(n.Value)
			return false
		case *ast.Ident:
			if off, ok := lookup(n.Name); ok && off >= 0 {
				if v := out[off]; v != nil {
					v.refs = append(v.refs, tf.Offset(n.Pos()))
					if !assigned[n] {
						v.uses = append(v.uses, tf.Offset(n.Pos()))
					}
				}
			}
		}
		return true
	}
	for _, d := range f.Decls {
		walk(d)
	}
	return out
}

// stmtChildren walks the parts of a statement that opens a scope of its
// own, declaring the variables it declares where their scope starts.
func stmtChildren(n ast.Node, walk func(ast.Node), declare func(*ast.Ident, bool)) {
	switch n := n.(type) {
	case *ast.IfStmt:
		walk(n.Init)
		walk(n.Cond)
		walk(n.Body)
		walk(n.Else)
	case *ast.ForStmt:
		walk(n.Init)
		walk(n.Cond)
		walk(n.Post)
		walk(n.Body)
	case *ast.RangeStmt:
		walk(n.X)
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if id, ok := e.(*ast.Ident); ok && n.Tok == token.DEFINE {
				declare(id, true)
			} else {
				walk(e)
			}
		}
		walk(n.Body)
	case *ast.SwitchStmt:
		walk(n.Init)
		walk(n.Tag)
		walk(n.Body)
	case *ast.TypeSwitchStmt:
		// The symbolic variable of `switch x := y.(type)` is declared in
		// each clause, and Go reports it unused only when no clause uses
		// it: left alone (not a local variable here).
		walk(n.Init)
		if a, ok := n.Assign.(*ast.AssignStmt); ok {
			for _, e := range a.Rhs {
				walk(e)
			}
			if len(a.Lhs) == 1 {
				if id, ok := a.Lhs[0].(*ast.Ident); ok {
					declare(id, false)
				}
			}
		} else {
			walk(n.Assign)
		}
		walk(n.Body)
	case *ast.CaseClause:
		for _, e := range n.List {
			walk(e)
		}
		for _, s := range n.Body {
			walk(s)
		}
	case *ast.CommClause:
		walk(n.Comm)
		for _, s := range n.Body {
			walk(s)
		}
	case *ast.SelectStmt:
		walk(n.Body)
	}
}
