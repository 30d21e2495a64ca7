package repair

import (
	"context"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/repair/internal/purity"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// Calls as components: a call of a function of the site's package that
// has no side effects (pure) can replace an expression, as `f()` or
// `f(x, 1)`, its arguments leaves of the synthesis (variables in scope,
// constants). Its value at an instance is computed by running the
// function in the interpreter, in a fresh memory, the package-level
// variables it reads preset to their values at the instance.

// maxCallArgs bounds the parameters of a function called as a component.
const maxCallArgs = 2

// maxCallTerms bounds the call terms of one synthesis: the argument
// combinations of the functions, in declaration order.
const maxCallTerms = 200

// callSteps bounds the instructions of one evaluation of a call.
const callSteps = 100_000

// callTerms returns the call terms of the synthesis by size: a call of
// each pure function of the site's package, with at most maxCallArgs
// parameters of basic types and one basic result, that reads only
// package-level variables of basic types and is not shadowed at the
// site, its arguments leaves of its parameters' types (not the
// replaced expression), up to maxCallTerms in all; a call whose
// function does not return normally at some instance (a panic, the
// step bound) or reads a variable the instance's run did not set or
// read before it is left out. Calls with the values of a smaller term
// are left out by the caller.
func (s *synth) callTerms(ctx context.Context, leaves []*term.Term) map[int][]*term.Term {
	d := s.d
	fn := d.Site.fn
	if fn == nil || d.prog == nil || fn.Pkg == nil {
		return nil
	}
	p := purity.New(fn.Pkg, fn)
	var funcs []*ssa.Function
	for _, m := range fn.Pkg.Members {
		if f, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, f)
		}
	}
	slices.SortFunc(funcs, func(a, b *ssa.Function) int { return int(a.Pos() - b.Pos()) })
	out := map[int][]*term.Term{}
	n := 0
	for _, f := range funcs {
		if n >= maxCallTerms || ctx.Err() != nil {
			break
		}
		sig := f.Signature
		if sig.Results().Len() != 1 || term.BasicInfo(sig.Results().At(0).Type()) == 0 || sig.Params().Len() > maxCallArgs || sig.Variadic() {
			continue
		}
		reads, ok := p.Pure(f)
		if !ok || !d.visible(f) {
			continue
		}
		if slices.ContainsFunc(reads, func(g *ssa.Global) bool {
			return g.Pkg != fn.Pkg || term.BasicInfo(g.Type().(*types.Pointer).Elem()) == 0
		}) {
			continue // a variable the run's values cannot preset
		}
		params := make([]types.Type, sig.Params().Len())
		for i := range params {
			params[i] = sig.Params().At(i).Type()
		}
		args := s.argChoices(leaves, params)
		if args == nil {
			continue
		}
		for _, combo := range term.Combinations(args) {
			if n >= maxCallTerms || ctx.Err() != nil {
				break
			}
			n++
			if t := s.evalCall(ctx, f, reads, combo); t != nil {
				out[t.Size] = append(out[t.Size], t)
			}
		}
	}
	return out
}

// argChoices returns for each parameter type of params the leaves that
// can be its argument: those of its type and the constants it
// represents, converted (not the replaced expression, nor a leaf that is
// an expression); nil if a type is not basic.
func (s *synth) argChoices(leaves []*term.Term, params []types.Type) [][]*term.Term {
	args := make([][]*term.Term, len(params))
	for i, pt := range params {
		if term.BasicInfo(pt) == 0 {
			return nil
		}
		for _, l := range leaves {
			if l.Bin || l == s.own {
				continue
			}
			if l.Type == nil {
				if vs, ok := term.ConvertAll(l.Vals, pt); ok {
					args[i] = append(args[i], &term.Term{Text: l.Text, Type: pt, Size: 1, Vals: vs})
				}
			} else if types.Identical(l.Type, pt) {
				args[i] = append(args[i], l)
			}
		}
	}
	return args
}

// evalCall returns the term of the call of f on args, its value at each
// instance computed by a run of f in the interpreter with the
// package-level variables it reads preset to their values there; nil if
// some instance gives none.
func (s *synth) evalCall(ctx context.Context, f *ssa.Function, reads []*ssa.Global, args []*term.Term) *term.Term {
	texts := make([]string, len(args))
	size := 1
	constant := len(reads) == 0 // of constants alone, a constant
	for i, a := range args {
		texts[i] = a.Text
		size += a.Size
		constant = constant && a.Const
	}
	t := &term.Term{Text: f.Name() + "(" + strings.Join(texts, ", ") + ")", Type: f.Signature.Results().At(0).Type(), Size: size, Const: constant}
	cache := map[string]trace.Value{}
	for i, fi := range s.flat {
		in := &s.d.Runs[fi.run].Instances[fi.inst]
		presets := map[string]trace.Value{}
		var key strings.Builder
		for _, g := range reads {
			v, ok := in.globals[g]
			if !ok {
				return nil
			}
			presets[g.Pkg.Pkg.Path()+"."+g.Name()] = v
			key.WriteString(v.String() + "\x00")
		}
		vals := make([]trace.Value, len(args))
		for j, a := range args {
			vals[j] = a.Vals[i]
			key.WriteString(a.Vals[i].String() + "\x00")
		}
		v, done := cache[key.String()]
		if !done {
			r, err := s.d.prog.Run(ctx, f, vals, &trace.RunOptions{NoInit: true, NoTrace: true, Presets: presets, MaxSteps: callSteps})
			if err != nil || r.Outcome != trace.Returned || len(r.Returns) != 1 {
				return nil
			}
			v = r.Returns[0]
			cache[key.String()] = v
		}
		t.Vals = append(t.Vals, v)
	}
	return t
}

// visible reports whether f's name refers to f at the site: no
// declaration in between shadows it.
func (d *Data) visible(f *ssa.Function) bool {
	scope, at := d.siteScope()
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(f.Name(), at)
	return obj != nil && obj == f.Object()
}

// siteScope returns the innermost scope at the site and the site's
// position; a nil scope if the site is not in its function's file.
func (d *Data) siteScope() (*types.Scope, token.Pos) {
	fn := d.Site.fn
	file := fn.Prog.Fset.File(fn.Pos())
	if file == nil || d.Site.Line < 1 || d.Site.Line > file.LineCount() {
		return nil, token.NoPos
	}
	at := file.LineStart(d.Site.Line) + token.Pos(max(d.Site.Column, 1)-1)
	return fn.Pkg.Pkg.Scope().Innermost(at), at
}
