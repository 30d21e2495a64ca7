package repair

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/repair/internal/purity"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// Off-by-one arguments: when the replaced expression is a call f(a, b)
// of a pure function of the site's package (see callTerms), the calls
// with one integer argument moved by one, f(a + 1, b) and f(a - 1, b),
// are terms of size 2, one edit from the source, as mutation's OBO is
// for a right-hand side (a forgotten +1 inside a size computation:
// `wordsNeeded(top + bits + 1)`). A call component takes only leaves as
// arguments, and mutation analysis does not vary a definition's
// right-hand side that calls a function, so neither reaches these.
// The arguments' values come from the leaves they are written in
// (variables in scope, constants, operators between them); an argument
// written otherwise leaves the call out.

// argOffSize is the size of an off-by-one argument's call term.
const argOffSize = 2

// argOffTerms returns the calls of the replaced expression's function
// with one integer argument moved by one, their values computed as
// evalCall computes them; nil when the replaced expression is no call
// of a pure function of the package or an argument's values are not
// known.
func (s *synth) argOffTerms(ctx context.Context, leaves []*term.Term) []*term.Term {
	d := s.d
	fn := d.Site.fn
	if fn == nil || fn.Pkg == nil || d.prog == nil || d.Site.Replaced == "" {
		return nil
	}
	e, err := parser.ParseExpr(d.Site.Replaced)
	if err != nil {
		return nil
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) == 0 {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	f, ok := fn.Pkg.Members[id.Name].(*ssa.Function)
	if !ok || f == fn || f.Signature.Results().Len() != 1 || f.Signature.Params().Len() != len(call.Args) || f.Signature.Variadic() || !d.visible(f) {
		return nil
	}
	p := purity.New(fn.Pkg, fn)
	reads, ok := p.Pure(f)
	if !ok || slices.ContainsFunc(reads, func(g *ssa.Global) bool {
		return g.Pkg != fn.Pkg || term.BasicInfo(g.Type().(*types.Pointer).Elem()) == 0
	}) {
		return nil
	}
	args := make([]*term.Term, len(call.Args))
	for i, a := range call.Args {
		pt := f.Signature.Params().At(i).Type()
		t := term.FromExpr(a, d.Site.Replaced, e.Pos(), len(s.flat), leaves)
		if t == nil {
			return nil
		}
		if t.Type == nil {
			vs, ok := term.ConvertAll(t.Vals, pt)
			if !ok {
				return nil
			}
			t = &term.Term{Text: t.Text, Type: pt, Size: t.Size, Bin: t.Bin, Const: t.Const, Vals: vs}
		}
		if !types.Identical(t.Type, pt) {
			return nil
		}
		args[i] = t
	}
	one := &term.Term{Text: "1", Size: 1, Const: true, Vals: make([]trace.Value, len(s.flat))}
	for i := range one.Vals {
		one.Vals[i] = trace.Int(1)
	}
	var out []*term.Term
	for i, a := range args {
		if term.BasicInfo(a.Type)&types.IsInteger == 0 || a.Const {
			continue // a constant argument is mutation's CRP
		}
		for _, op := range []token.Token{token.ADD, token.SUB} {
			moved, ok := term.Binary(op, a, one)
			if !ok || ctx.Err() != nil {
				continue
			}
			// Appended without parentheses, as OBO appends: an
			// integer expression's operator binds at least as tightly
			// as + and -, which associate to the left.
			moved.Text = a.Text + " " + op.String() + " 1"
			combo := slices.Clone(args)
			combo[i] = moved
			if t := s.evalCall(ctx, f, reads, combo); t != nil {
				t.Size = argOffSize
				t.Const = false
				out = append(out, t)
			}
		}
	}
	return out
}
