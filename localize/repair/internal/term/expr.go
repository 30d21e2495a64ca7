package term

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/faultloc/faultloc/trace"
)

// FromExpr returns the term of expression e, written in src (whose
// offset 0 is at base), with n instances: the leaf of leaves its name
// names, an integer literal, or a binary operator on such terms, its
// text e's own; nil for anything else.
func FromExpr(e ast.Expr, src string, base token.Pos, n int, leaves []*Term) *Term {
	text := src[e.Pos()-base : e.End()-base]
	switch e := e.(type) {
	case *ast.ParenExpr:
		t := FromExpr(e.X, src, base, n, leaves)
		if t == nil {
			return nil
		}
		return &Term{Text: text, Type: t.Type, Size: t.Size, Const: t.Const, Vals: t.Vals}
	case *ast.Ident:
		i := slices.IndexFunc(leaves, func(l *Term) bool { return !l.Bin && l.Text == e.Name })
		if i < 0 {
			return nil
		}
		return leaves[i]
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return nil
		}
		v, ok := Const(constant.MakeFromLiteral(e.Value, e.Kind, 0), types.Typ[types.Int])
		if !ok {
			return nil
		}
		vals := make([]trace.Value, n)
		for i := range vals {
			vals[i] = v
		}
		return &Term{Text: text, Size: 1, Const: true, Vals: vals}
	case *ast.BinaryExpr:
		x := FromExpr(e.X, src, base, n, leaves)
		y := FromExpr(e.Y, src, base, n, leaves)
		if x == nil || y == nil {
			return nil
		}
		t, ok := Binary(e.Op, x, y)
		if !ok {
			return nil
		}
		t.Text = text
		return t
	}
	return nil
}
