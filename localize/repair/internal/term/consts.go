package term

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// Constant is a constant of the code with its value (see Constants).
type Constant struct {
	Name  string // its Go source: a literal or the constant's name
	Type  types.Type
	Value trace.Value
}

// Constants returns the constants of fn's body: 0 and 1, then its
// basic literals and the named constants of its package (its own too)
// it refers to, in the order they appear, each once, those whose value
// Const cannot read left out.
func Constants(fn *ssa.Function) []Constant {
	var out []Constant
	seen := map[string]bool{}
	add := func(name string, typ types.Type, val constant.Value) {
		if seen[name] || val == nil {
			return
		}
		v, ok := Const(val, typ)
		if !ok {
			return
		}
		seen[name] = true
		out = append(out, Constant{Name: name, Type: typ, Value: v})
	}
	add("0", types.Typ[types.UntypedInt], constant.MakeInt64(0))
	add("1", types.Typ[types.UntypedInt], constant.MakeInt64(1))
	syn := fn.Syntax()
	if syn == nil {
		return out
	}
	scope := fn.Pkg.Pkg.Scope()
	ast.Inspect(syn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			val := constant.MakeFromLiteral(n.Value, n.Kind, 0)
			switch n.Kind {
			case token.INT, token.CHAR:
				add(n.Value, types.Typ[types.UntypedInt], val)
			case token.FLOAT:
				add(n.Value, types.Typ[types.UntypedFloat], val)
			case token.STRING:
				add(n.Value, types.Typ[types.UntypedString], val)
			}
		case *ast.Ident:
			if in := scope.Innermost(n.Pos()); in != nil {
				if _, obj := in.LookupParent(n.Name, n.Pos()); obj != nil {
					if c, ok := obj.(*types.Const); ok && c.Pkg() == fn.Pkg.Pkg {
						add(n.Name, c.Type(), c.Val())
					}
				}
			}
		}
		return true
	})
	return out
}
