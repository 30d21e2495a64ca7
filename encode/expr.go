package encode

import (
	"go/ast"
	"go/token"
	"os"
	"strings"

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

// sourceOf returns an instruction as a user reads it in the source: an
// If's condition ("a == c"), the left-hand side of the assignment a Store
// makes ("retval", "p.x"), "return" for a Return, else the expression at
// its position; "" when the source does not say.
func sourceOf(fset *token.FileSet, fn *ssa.Function, in ssa.Instruction) string {
	if fn == nil || in == nil {
		return ""
	}
	switch in := in.(type) {
	case *ssa.If:
		return exprText(fset, fn, in.Cond.Pos())
	case *ssa.Return:
		return "return"
	case *ssa.Store:
		text := exprText(fset, fn, in.Pos())
		for _, op := range []string{":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&^=", "="} {
			if lhs, _, ok := strings.Cut(text, op); ok && !strings.Contains(lhs, "\n") {
				return strings.TrimSpace(lhs)
			}
		}
		if strings.HasSuffix(text, "++") || strings.HasSuffix(text, "--") {
			return strings.TrimSpace(text[:len(text)-2])
		}
		// The store of a local variable is at its name: the left-hand
		// side itself.
		return text
	}
	if v, ok := in.(ssa.Value); ok {
		return exprText(fset, fn, v.Pos())
	}
	return ""
}
