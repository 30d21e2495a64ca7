package repair

import (
	"cmp"
	"context"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// Guard is a guard to insert before the statement of a site: `if Cond {
// return Result }`, the repair of a missing early exit.
type Guard struct {
	Cond string `json:"cond"` // Go source, over the variables in scope
	// Result is the value returned, as Go source; "" for a function
	// without results.
	Result string `json:"result,omitempty"`
	// Size counts the condition's and the result's operands and
	// operators.
	Size int `json:"size"`
}

// String returns the guard as one line of Go.
func (g Guard) String() string { return stmtedit.GuardText(g.Cond, g.Result) }

// guards enumerates the guards to insert before the statement of the
// data's site, a return (see returnGuards), an assignment, or a value
// or condition evaluated each time the statement runs (the left operand
// of && in `if a > 0 && b {`, not b), smallest first, up to MaxFixes. A
// condition (before another statement than a return) is a Boolean
// expression of the synthesis, or the negation of one of size MaxSize
// (tried when fewer than MaxFixes guards are found), that is false at every instance of every
// passing run, so that no passing run changes, and true at an instance
// of every failing run. The result, for a function of one basic
// result, is a variable in scope or a constant of its type, or its
// zero value. Whether the early return makes the failing runs pass is
// left to the validation, which runs the package's tests on the patch.
func (s *synth) guards(ctx context.Context, layers [][]*term.Term) []Guard {
	d := s.d
	if d.Site.at.Stmt >= 0 && d.Site.src != nil && d.Site.fn != nil && d.Site.returned() {
		return s.returnGuards(ctx, layers)
	}
	// The instances must be the statement's executions, so that a
	// condition false at each passing instance leaves every passing run
	// as it was: a return's or an assignment's value is produced each
	// time its statement runs, and so is a value or condition that no
	// right operand of && or || holds (locate.Span.Once); another operand of
	// && or || not always.
	if d.Site.Kind != ReturnSite && d.Site.Kind != AssignmentSite && !d.Site.at.Once || d.Site.at.Stmt < 0 || d.Site.src == nil || d.Site.fn == nil {
		return nil
	}
	res := d.Site.fn.Signature.Results()
	var results []*term.Term // nil element: no result
	switch {
	case res.Len() == 0:
		results = []*term.Term{nil}
	case res.Len() == 1:
		results = s.resultTerms(layers[1], res.At(0).Type())
	}
	if len(results) == 0 {
		return nil
	}
	var out []Guard
	try := func(c *term.Term) {
		if term.BasicInfo(c.Type)&types.IsBoolean == 0 || c.Const || !term.Simple(d.Site.Replaced) && strings.Contains(c.Text, d.Site.Replaced) {
			return // not a condition, a constant one, or built on the site's own expression
		}
		if !s.guardFires(c) {
			return
		}
		for _, r := range results {
			g := Guard{Cond: c.Text, Size: c.Size}
			if r != nil {
				g.Result, g.Size = r.Text, g.Size+r.Size
			}
			out = append(out, g)
		}
	}
	for size := 1; size < len(layers) && len(out) < s.opts.MaxFixes; size++ {
		for _, c := range layers[size] {
			try(c)
		}
	}
	// The negations of the largest conditions, one past MaxSize: a
	// missing `if !strings.ContainsRune(s, '.') { return s }`.
	for _, c := range layers[len(layers)-1] {
		if len(out) >= s.opts.MaxFixes {
			break
		}
		if term.BasicInfo(c.Type)&types.IsBoolean == 0 || strings.HasPrefix(c.Text, "!") {
			continue
		}
		if t, ok := term.Unary(token.NOT, c); ok && !s.seen[t.Key()] {
			try(t)
		}
	}
	slices.SortStableFunc(out, func(a, b Guard) int { return a.Size - b.Size })
	return out[:min(len(out), s.opts.MaxFixes)]
}

// guardFires reports whether condition c is false at every instance of
// the passing runs and true at some instance of each failing run.
func (s *synth) guardFires(c *term.Term) bool {
	fired := map[int]bool{}
	for i, f := range s.flat {
		if !c.Vals[i].Bool() {
			continue
		}
		if !s.d.Runs[f.run].Failing {
			return false
		}
		fired[f.run] = true
	}
	for ri, run := range s.d.Runs {
		if run.Failing && !fired[ri] {
			return false
		}
	}
	return true
}

// resultTerms returns the terms of size 1 that a function returning typ
// can return: the variables of that type, the constants it represents,
// and its zero value when no constant is it.
func (s *synth) resultTerms(leaves []*term.Term, typ types.Type) []*term.Term {
	if term.BasicInfo(typ) == 0 {
		return nil
	}
	var out []*term.Term
	zero, _ := term.Zero(typ)
	hasZero := false
	for _, t := range leaves {
		if t.Bin {
			continue // the site's own expression
		}
		vals := t.Vals
		if t.Type == nil {
			var ok bool
			if vals, ok = term.ConvertAll(t.Vals, typ); !ok {
				continue
			}
		} else if !types.Identical(t.Type, typ) {
			continue
		}
		if len(vals) > 0 && trace.Equal(vals[0], zero) && t.Type == nil {
			hasZero = true
		}
		out = append(out, &term.Term{Text: t.Text, Type: typ, Size: 1, Vals: vals})
	}
	if !hasZero && zero.IsValid() {
		text := zero.String()
		if term.BasicInfo(typ)&types.IsString != 0 {
			text = `""`
		}
		vals := make([]trace.Value, len(s.flat))
		for i := range vals {
			vals[i] = zero
		}
		out = append(out, &term.Term{Text: text, Type: typ, Size: 1, Vals: vals})
	}
	return out
}

// returned reports whether the site's values are the results of its
// function: a return site, or the whole result of a return statement
// of the function's result type.
func (s *Site) returned() bool {
	if s.Kind == ReturnSite {
		return true
	}
	res := s.fn.Signature.Results()
	return s.Kind == ValueSite && s.at.Result && res.Len() == 1 && types.Identical(res.At(0).Type(), s.typ)
}

// returnGuards enumerates the guards to insert before the data's return
// site, or a value that is a return's whole result (see returned):
// `if cond { return result }` before `return e` returns what
// e's replacement by "result if cond, else e" would, so a guard is
// checked as that replacement is (fits: by the data, then by replays of
// the runs the data does not decide). cond is a Boolean term that holds
// at an instance of every failing run; result a term of the result's
// type (a variable, a constant, the zero value, a call, an operation)
// that differs from e there (in values, and in text: a guard that
// returns e itself changes nothing); each of size up to MaxSize and together
// up to MaxSize+1. They are tried smallest first, then with the smaller
// condition, then with the result nearest to e in tokens (parentheses
// around e aside), up to twice MaxFixes that fit (the data tells fewer
// of them apart than of replacements: a result only matters where cond
// holds); their replays have a budget of MaxReplays of their own. A
// passing run may take the guard: where cond holds there, the result's
// value must keep it passing.
func (s *synth) returnGuards(ctx context.Context, layers [][]*term.Term) []Guard {
	d := s.d
	typ := d.Site.typ
	// own is e's value at each instance: in a failing run, the original
	// run's where it had one.
	own := make([]trace.Value, len(s.flat))
	for i, f := range s.flat {
		in := &d.Runs[f.run].Instances[f.inst]
		own[i] = in.Orig
		if !own[i].IsValid() {
			own[i] = in.Value
		}
	}
	var conds, results []*term.Term
	for size := 1; size < len(layers); size++ {
		if size == 1 {
			results = append(results, s.resultTerms(layers[1], typ)...)
		}
		for _, t := range layers[size] {
			switch {
			case term.BasicInfo(t.Type)&types.IsBoolean != 0:
				if t.Const || !term.Simple(d.Site.Replaced) && strings.Contains(t.Text, d.Site.Replaced) {
					continue // constant, or built on the site's own expression
				}
				if s.firesInEachFailing(t, own, nil) {
					conds = append(conds, t)
				}
			case size > 1 && t.Type != nil && types.Identical(t.Type, typ):
				results = append(results, t)
			}
		}
	}
	type pair struct {
		c, r     *term.Term
		size, rd int
	}
	// The result's distance to e, parentheses around e aside.
	e := d.Site.Replaced
	for len(e) > 1 && e[0] == '(' && e[len(e)-1] == ')' && term.Simple(e[1:len(e)-1]) {
		e = e[1 : len(e)-1]
	}
	rdist := make([]int, len(results))
	for i, r := range results {
		rdist[i] = term.Distance(e, r.Text)
	}
	var pairs []pair
	for _, c := range conds {
		for i, r := range results {
			if term.Same(r.Text, e) {
				// if c { return e } before return e: no change, whatever
				// values the data (approximate in a failing run) gives r.
				continue
			}
			if size := c.Size + r.Size; c.Size <= s.opts.MaxSize && r.Size <= s.opts.MaxSize && size <= s.opts.MaxSize+1 {
				pairs = append(pairs, pair{c, r, size, rdist[i]})
			}
		}
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(a.size, b.size), cmp.Compare(a.c.Size, b.c.Size), cmp.Compare(a.rd, b.rd))
	})
	limit := s.replayLimit
	s.replayLimit = s.res.Replays + s.opts.MaxReplays
	defer func() { s.replayLimit = limit }()
	var out []Guard
	for _, p := range pairs {
		if len(out) >= 2*s.opts.MaxFixes || ctx.Err() != nil || s.res.Replays >= s.replayLimit {
			break
		}
		if !s.firesInEachFailing(p.c, own, p.r) {
			continue // leaves a failing run as it was
		}
		t := &term.Term{Text: "if " + p.c.Text + " { return " + p.r.Text + " }", Type: typ, Size: p.size, Vals: make([]trace.Value, len(s.flat))}
		for i := range s.flat {
			t.Vals[i] = own[i]
			if p.c.Vals[i].Bool() {
				t.Vals[i] = p.r.Vals[i]
			}
		}
		ok, err := s.fits(ctx, t)
		if err != nil || !ok {
			continue // an interpreter failure on a replay refutes the guard
		}
		out = append(out, Guard{Cond: p.c.Text, Result: p.r.Text, Size: p.size})
	}
	return out
}

// firesInEachFailing reports whether condition c holds at an instance
// of every failing run, and with result r (nil: any), at one where r's
// value differs from own's: a guard that does not fire in a failing run
// leaves it failing.
func (s *synth) firesInEachFailing(c *term.Term, own []trace.Value, r *term.Term) bool {
	fired := map[int]bool{}
	for i, f := range s.flat {
		if s.d.Runs[f.run].Failing && c.Vals[i].Bool() && (r == nil || !trace.Equal(r.Vals[i], own[i])) {
			fired[f.run] = true
		}
	}
	for ri, run := range s.d.Runs {
		if run.Failing && !fired[ri] {
			return false
		}
	}
	return true
}
