package changes

import (
	"go/ast"
)

// closures diffs two versions of a statement or declaration that differ
// only inside the bodies of their function literals, body by body, and
// reports whether it did; otherwise the caller records one change.
func (d *differ) closures(fn string, o, n ast.Node) bool {
	ol, nl := funcLits(o), funcLits(n)
	if len(ol) == 0 || len(ol) != len(nl) {
		return false
	}
	if d.old.skeleton(o, ol) != d.new.skeleton(n, nl) {
		return false
	}
	for k := range ol {
		d.stmt(fn, ol[k].Body, nl[k].Body)
	}
	return true
}

// funcLits returns the function literals of n that no other literal of n
// holds, in source order.
func funcLits(n ast.Node) []*ast.FuncLit {
	var out []*ast.FuncLit
	ast.Inspect(n, func(x ast.Node) bool {
		if lit, ok := x.(*ast.FuncLit); ok {
			out = append(out, lit)
			return false
		}
		return true
	})
	return out
}

// skeleton is the fingerprint of n with the bodies of the literals lits
// emptied.
func (s *side) skeleton(n ast.Node, lits []*ast.FuncLit) string {
	bodies := make([]*ast.BlockStmt, len(lits))
	for k, lit := range lits {
		bodies[k], lit.Body = lit.Body, &ast.BlockStmt{}
	}
	defer func() {
		for k, lit := range lits {
			lit.Body = bodies[k]
		}
	}()
	return s.fp(n)
}
