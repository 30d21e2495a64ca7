package encode

import (
	"go/ast"
	"go/token"
	"os"

	"golang.org/x/tools/go/ssa"
)

// exprText returns the source text of the expression of fn whose SSA
// position is pos: the binary expression whose operator is at pos, else
// the smallest expression that starts at pos.
func exprText(fset *token.FileSet, fn *ssa.Function, pos token.Pos) string {
	syn := fn.Syntax()
	if syn == nil || !pos.IsValid() {
		return ""
	}
	var best ast.Node
	ast.Inspect(syn, func(n ast.Node) bool {
		if n == nil {
			return true
		}
		if pos < n.Pos() || pos >= n.End() {
			return false // pos is not inside n
		}
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.OpPos == pos {
				best = n
			}
		case ast.Expr:
			if n.Pos() == pos && best == nil {
				best = n
			}
		case *ast.AssignStmt:
			if n.TokPos == pos {
				best = n
			}
		case *ast.IncDecStmt:
			if n.TokPos == pos {
				best = n
			}
		}
		return true
	})
	if best == nil {
		return ""
	}
	start, end := fset.Position(best.Pos()), fset.Position(best.End())
	if start.Filename == "" || start.Filename != end.Filename {
		return ""
	}
	src, err := os.ReadFile(start.Filename)
	if err != nil || end.Offset > len(src) || start.Offset > end.Offset {
		return ""
	}
	return string(src[start.Offset:end.Offset])
}
