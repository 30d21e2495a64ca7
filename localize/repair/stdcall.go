package repair

import (
	"context"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/stdcall"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// maxStdTerms bounds the calls of standard-library functions of one
// synthesis (stdTerms).
const maxStdTerms = 200

// stdTerms returns the calls of the standard library's functions of
// internal/stdcall's table (strings.ContainsRune, math.IsNaN, ...) as
// terms of the synthesis, by size (`strings.ContainsRune(s, '.')`: 3):
// the functions whose package the site's file imports, under the name
// it gives it, not shadowed at the site; their arguments leaves of
// their parameters' types (variables in scope, constants of the code,
// character literals among them; not the replaced expression), not all
// constants, no leaf twice, up to maxStdTerms in all, in the table's
// order. Each call is evaluated natively on the leaves' values at each
// instance; calls with the values of a smaller term are left out by the
// caller. A package the file does not import gives none: a patch does
// not add imports.
func (s *synth) stdTerms(ctx context.Context, leaves []*term.Term) map[int][]*term.Term {
	d := s.d
	if d.Site.fn == nil || d.Site.fn.Pkg == nil || d.Site.fn.Prog == nil {
		return nil
	}
	scope, at := d.siteScope()
	if scope == nil {
		return nil
	}
	funcs := stdcall.Imported(scope, at)
	consts := map[string]bool{}
	for _, l := range leaves {
		if l.Const {
			consts[l.Text] = true
		}
	}
	out := map[int][]*term.Term{}
	n := 0
	for _, f := range stdcall.Table {
		name, ok := funcs[f]
		if !ok {
			continue
		}
		args := s.argChoices(leaves, f.Params)
		for _, combo := range term.Combinations(args) {
			if n >= maxStdTerms || ctx.Err() != nil {
				return out
			}
			if !slices.ContainsFunc(combo, func(a *term.Term) bool { return !consts[a.Text] }) || term.Repeats(combo) {
				continue // a constant, or f(x, x)
			}
			n++
			if t := s.evalStd(f, name, combo); t != nil {
				out[t.Size] = append(out[t.Size], t)
			}
		}
	}
	return out
}

// evalStd returns the term of the call of f, whose package the file
// names pkg, on args: its value at each instance computed natively; nil
// if some instance gives none.
func (s *synth) evalStd(f *stdcall.Func, pkg string, args []*term.Term) *term.Term {
	texts := make([]string, len(args))
	size := 1
	for i, a := range args {
		texts[i] = a.Text
		size += a.Size
	}
	t := &term.Term{Text: pkg + "." + f.Name + "(" + strings.Join(texts, ", ") + ")", Type: f.Result, Size: size, Vals: make([]trace.Value, len(s.flat))}
	vals := make([]trace.Value, len(args))
	for i := range s.flat {
		for j, a := range args {
			vals[j] = a.Vals[i]
		}
		v, ok := f.Call(vals)
		if !ok {
			return nil
		}
		t.Vals[i] = v
	}
	return t
}
