package stmtline

import (
	"go/ast"
	"go/token"
)

// Start returns the first line of the innermost statement within n
// that holds line (a block aside), or 0 when none does.
func Start(fset *token.FileSet, n ast.Node, line int) int {
	start := 0
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		from, to := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
		if to < line || from > line {
			return false // holds no part of line
		}
		if _, block := n.(*ast.BlockStmt); !block {
			if _, stmt := n.(ast.Stmt); stmt && from > start {
				start = from
			}
		}
		return true
	})
	return start
}
