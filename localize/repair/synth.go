package repair

import (
	"cmp"
	"context"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// SynthOptions configure [Synthesize]. The zero value is the default.
type SynthOptions struct {
	// MaxSize bounds the size of a replacement: its operands and
	// operators (b: 1; -b: 2; a + b: 3; a + b*c: 5), but for the
	// clauses added to a Boolean site's own expression (see
	// Synthesize), whose size is bounded by MaxSize+2. Default 0: 3.
	MaxSize int
	// MaxTerms bounds the distinct expressions (by their values on the
	// data) of one size. Default 0: 20 000.
	MaxTerms int
	// MaxFixes bounds the replacements returned, and the guards (twice
	// as many before a return). Default 0: 8.
	MaxFixes int
	// MaxReplays bounds the replays that check replacements whose values
	// the data does not decide; the guards before a return have as many
	// of their own. Default 0: 500.
	MaxReplays int
}

func (o *SynthOptions) defaults() {
	if o.MaxSize <= 0 {
		o.MaxSize = 3
	}
	if o.MaxTerms <= 0 {
		o.MaxTerms = 20_000
	}
	if o.MaxFixes <= 0 {
		o.MaxFixes = 8
	}
	if o.MaxReplays <= 0 {
		o.MaxReplays = 500
	}
}

// Fix is a replacement expression for a site that fits every run of its
// data.
type Fix struct {
	Expr string `json:"expr"` // Go source
	Size int    `json:"size"` // operands and operators
	// Distance is the edit distance, in tokens, from the source it
	// replaces (Site.Replaced).
	Distance int `json:"distance"`
}

// SynthResult is what [Synthesize] found and what it cost.
type SynthResult struct {
	Fixes []Fix `json:"fixes"`
	// Guards are guards to insert before the site's statement, smallest
	// first (see Synthesize).
	Guards []Guard `json:"guards,omitempty"`
	// Terms counts the distinct expressions enumerated, Replays the
	// replays that checked them.
	Terms   int `json:"terms"`
	Replays int `json:"replays"`
	// Partial says a bound (the context, MaxTerms, MaxReplays) cut the
	// search: Reason says which.
	Partial bool   `json:"partial,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Synthesize enumerates replacement expressions for d's site, in layers
// of growing size, and returns those that fit every run, smallest first,
// then nearest to the source they replace. The components are the
// variables and fields in scope at every instance (Instance.Env), the
// constants of the code (Data.Constants), the calls of the package's
// functions that have no side effects and of the standard library's of
// internal/stdcall's table whose package the file imports (see the
// package doc; `f()` of size 1, `f(x)` of size 2, `strings.Contains(s,
// ":")` of size 3), the replaced expression itself
// (a condition's: its own value in each run, so that `cond && x` and
// `cond || x` strengthen or weaken it), and Go's arithmetic, comparison
// and logical operators on integers, floats, strings and Booleans, with
// integers wrapping at their type's width. Expressions with the same
// values at every instance are one: the smallest is kept. At a Boolean
// site, when fewer than MaxFixes fit, the replaced expression joined by
// && or || to a Boolean expression of size 2 to MaxSize is tried too (a
// missing or extra clause: `x > 0 && a < b`), past MaxSize.
//
// Guards (SynthResult.Guards) are the insertion of `if cond { return
// result }` before the statement of a return or assignment site, or of
// a value or condition no right operand of && or || holds (whose
// instances are the statement's executions), cond an expression of the
// same enumeration or, before another statement than a return, the
// negation of one of size MaxSize. Before a return, the guard returns what the
// replacement of the result by "result if cond, else the result" would:
// it is checked as a replacement is, cond holding at an instance of
// every failing run (and possibly of passing ones, where result must
// keep them passing), result any expression of the result's type, each
// of size up to MaxSize, together up to MaxSize+1, with MaxReplays
// replays of their own. Before another statement, cond is false at
// every instance of every passing run and true at an instance of every
// failing one, result a variable in scope, a constant or the zero
// value of the function's one basic result: the data cannot tell
// whether the early return makes the failing runs pass, and Validate
// decides.
//
// An expression fits when, evaluated on each instance's environment, it
// gives every instance of a rescued failing run its angelic Value and
// every instance of a passing run its own value or one of Keep. An
// expression that does not, but is not excluded by Break or KeepAll, is
// checked by replaying the runs concerned with its values at their
// instances (cached; at most MaxReplays), except a failing run it
// leaves as it was (its original values at every instance, or at the
// one instance of a run that has one), which fails: a failing run must then pass,
// a passing one stay passing. The environments of a run are those before
// its first changed instance, so a replacement that changes an instance
// other than a run's first is checked only approximately: Validate runs
// the package's tests natively on the patch.
func Synthesize(ctx context.Context, d *Data, opts *SynthOptions) (*SynthResult, error) {
	if opts == nil {
		opts = &SynthOptions{}
	}
	o := *opts
	o.defaults()
	res := &SynthResult{}
	flat := d.flat()
	if len(flat) == 0 {
		res.Reason = "no run executes the site"
		return res, nil
	}
	s := &synth{d: d, opts: &o, flat: flat, res: res, seen: map[string]bool{}, replayLimit: o.MaxReplays}
	leaves := s.leaves()
	s.calls = s.callTerms(ctx, leaves)
	for size, ts := range s.stdTerms(ctx, leaves) {
		if s.calls == nil {
			s.calls = map[int][]*term.Term{}
		}
		s.calls[size] = append(s.calls[size], ts...)
	}
	if moved := s.argOffTerms(ctx, leaves); len(moved) > 0 {
		if s.calls == nil {
			s.calls = map[int][]*term.Term{}
		}
		s.calls[argOffSize] = append(moved, s.calls[argOffSize]...)
	}
	for _, t := range s.calls[1] {
		leaves = s.add(leaves, t)
	}
	layers := [][]*term.Term{nil, leaves}
	var fits []Fix
	for size := 1; size <= o.MaxSize; size++ {
		if size > 1 {
			layers = append(layers, s.layer(layers, size))
		}
		for _, t := range layers[size] {
			if ctx.Err() != nil {
				res.Partial, res.Reason = true, ctx.Err().Error()
				break
			}
			if !s.siteTyped(t) {
				continue
			}
			ok, err := s.fits(ctx, t)
			if err != nil {
				if ctx.Err() != nil {
					res.Partial, res.Reason = true, ctx.Err().Error()
					break
				}
				return nil, err
			}
			if ok {
				fits = append(fits, Fix{Expr: t.Text, Size: t.Size, Distance: term.Distance(d.Site.Replaced, t.Text)})
			}
		}
		if len(fits) >= o.MaxFixes || res.Partial {
			break
		}
	}
	if len(fits) < o.MaxFixes && !res.Partial && s.own != nil && len(layers) > o.MaxSize {
		var err error
		if fits, err = s.strengthen(ctx, layers, fits); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(fits, func(a, b Fix) int {
		return cmp.Or(cmp.Compare(a.Size, b.Size), cmp.Compare(a.Distance, b.Distance))
	})
	res.Fixes = fits[:min(len(fits), o.MaxFixes)]
	if ctx.Err() == nil {
		for len(layers) <= o.MaxSize {
			layers = append(layers, s.layer(layers, len(layers)))
		}
		res.Guards = s.guards(ctx, layers)
	}
	return res, nil
}

// flatInstance is an instance of the data, in the order of the terms'
// values.
type flatInstance struct {
	run, inst int
}

// flat lists the instances of d's runs.
func (d *Data) flat() []flatInstance {
	var out []flatInstance
	for i, r := range d.Runs {
		for j := range r.Instances {
			out = append(out, flatInstance{i, j})
		}
	}
	return out
}

// synth is one synthesis.
type synth struct {
	d    *Data
	opts *SynthOptions
	flat []flatInstance
	res  *SynthResult
	seen map[string]bool // the keys of the terms enumerated
	own  *term.Term      // the replaced expression, a leaf; nil if another leaf has its values
	// calls are the calls of pure functions by size (see callTerms).
	calls map[int][]*term.Term
	// replayLimit is the count of replays (SynthResult.Replays) at
	// which fits stops replaying.
	replayLimit int
}

// add keeps t if no smaller term has its values, within MaxTerms.
func (s *synth) add(layer []*term.Term, t *term.Term) []*term.Term {
	k := t.Key()
	if s.seen[k] {
		return layer
	}
	if len(layer) >= s.opts.MaxTerms {
		if !s.res.Partial {
			s.res.Partial, s.res.Reason = true, "MaxTerms expressions of one size"
		}
		return layer
	}
	s.seen[k] = true
	s.res.Terms++
	return append(layer, t)
}

// leaves returns the terms of size 1: the variables known at every
// instance, the constants, and the replaced expression, unless it is
// one of those variables.
func (s *synth) leaves() []*term.Term {
	var out []*term.Term
	first := s.d.Runs[s.flat[0].run].Instances[s.flat[0].inst]
	for _, b := range first.Env {
		t := &term.Term{Text: b.Name, Type: b.typ, Size: 1}
		for _, f := range s.flat {
			env := s.d.Runs[f.run].Instances[f.inst].Env
			i := slices.IndexFunc(env, func(x Binding) bool { return x.Name == b.Name })
			if i < 0 {
				t = nil
				break
			}
			t.Vals = append(t.Vals, env[i].Value)
		}
		if t != nil {
			out = s.add(out, t)
		}
	}
	for _, c := range s.d.Constants {
		t := &term.Term{Text: c.Name, Size: 1, Const: true, Vals: make([]trace.Value, len(s.flat))}
		if term.BasicInfo(c.typ)&types.IsUntyped == 0 {
			t.Type = c.typ
		}
		for i := range t.Vals {
			t.Vals[i] = c.Value
		}
		out = s.add(out, t)
	}
	if r := s.d.Site.Replaced; r != "" && !slices.ContainsFunc(out, func(l *term.Term) bool { return term.Same(l.Text, r) }) {
		// (A variable the site reads is the leaf of its name: one text,
		// one term, whose values are the environment's, so that no
		// expression compares x with x.)
		t := &term.Term{Text: r, Type: s.d.Site.typ, Size: 1, Bin: !term.Simple(r)}
		for _, f := range s.flat {
			v := s.d.Runs[f.run].Instances[f.inst].Orig
			if !v.IsValid() {
				t = nil
				break
			}
			t.Vals = append(t.Vals, v)
		}
		if t != nil {
			out = s.add(out, t)
			if out[len(out)-1] == t {
				s.own = t
			}
		}
	}
	return out
}

// strengthen adds to fits, up to MaxFixes, the Boolean replacements
// own && c and own || c that fit, own the replaced expression and c a
// Boolean term of size 2 to MaxSize (with c of size 1 they are terms of
// size 3, enumerated already): a condition's missing or extra clause,
// whose size passes MaxSize. Terms with the values of one enumerated
// before are not checked again.
func (s *synth) strengthen(ctx context.Context, layers [][]*term.Term, fits []Fix) ([]Fix, error) {
	if term.BasicInfo(s.own.Type)&types.IsBoolean == 0 {
		return fits, nil
	}
	for size := 2; size < len(layers); size++ {
		for _, c := range layers[size] {
			if term.BasicInfo(c.Type)&types.IsBoolean == 0 {
				continue
			}
			for _, op := range []token.Token{token.LAND, token.LOR} {
				if ctx.Err() != nil {
					s.res.Partial, s.res.Reason = true, ctx.Err().Error()
					return fits, nil
				}
				t, ok := term.Binary(op, s.own, c)
				if !ok || s.seen[t.Key()] {
					continue
				}
				s.seen[t.Key()] = true
				s.res.Terms++
				ok, err := s.fits(ctx, t)
				if err != nil {
					if ctx.Err() != nil {
						s.res.Partial, s.res.Reason = true, ctx.Err().Error()
						return fits, nil
					}
					return nil, err
				}
				if ok {
					fits = append(fits, Fix{Expr: t.Text, Size: t.Size, Distance: term.Distance(s.d.Site.Replaced, t.Text)})
					if len(fits) >= s.opts.MaxFixes {
						return fits, nil
					}
				}
			}
		}
	}
	return fits, nil
}

// operators are the binary operators of the synthesis.
var operators = []token.Token{
	token.ADD, token.SUB, token.MUL, token.QUO, token.REM,
	token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ,
	token.LAND, token.LOR,
}

// layer returns the terms of the given size built from the smaller ones:
// a unary operator on a term that is not unary, a binary operator on two;
// then the calls of that size.
func (s *synth) layer(layers [][]*term.Term, size int) []*term.Term {
	var out []*term.Term
	for _, x := range layers[size-1] {
		if strings.HasPrefix(x.Text, "!") || strings.HasPrefix(x.Text, "-") {
			continue
		}
		for _, op := range []token.Token{token.NOT, token.SUB} {
			if t, ok := term.Unary(op, x); ok {
				out = s.add(out, t)
			}
		}
	}
	for i := 1; i < size-1; i++ {
		j := size - 1 - i
		for _, x := range layers[i] {
			for _, y := range layers[j] {
				for _, op := range operators {
					if t, ok := term.Binary(op, x, y); ok {
						out = s.add(out, t)
					}
				}
			}
		}
	}
	for _, t := range s.calls[size] {
		out = s.add(out, t)
	}
	return out
}

// siteTyped reports whether t can replace the site's expression: its
// type is the site's, or it is a constant the site's type represents.
func (s *synth) siteTyped(t *term.Term) bool {
	if t.Type == nil {
		vs, ok := term.ConvertAll(t.Vals, s.d.Site.typ)
		if ok {
			t.Vals = vs
		}
		return ok
	}
	return types.Identical(t.Type, s.d.Site.typ) || s.d.Site.Kind == ConditionSite && term.BasicInfo(t.Type)&types.IsBoolean != 0
}

// fits reports whether t fits every run of the data: first by the
// values the data records, then by replays of the runs they do not
// decide.
func (s *synth) fits(ctx context.Context, t *term.Term) (bool, error) {
	type replay struct {
		run  int
		vals map[trace.InstanceKey]trace.Value
	}
	var replays []replay
	at := 0
	for ri, run := range s.d.Runs {
		vals := map[trace.InstanceKey]trace.Value{}
		differ, decided := 0, true
		for ii := range run.Instances {
			in := &run.Instances[ii]
			v := t.Vals[at]
			at++
			vals[in.Key] = v
			if trace.Equal(v, in.Value) {
				continue
			}
			differ++
			if run.Failing {
				if len(run.Instances) == 1 && in.Orig.IsValid() && trace.Equal(v, in.Orig) {
					return false, nil // the failing run as it was
				}
				decided = false
				continue
			}
			switch {
			case slices.ContainsFunc(in.Keep, func(k trace.Value) bool { return trace.Equal(k, v) }):
			case in.KeepAll, slices.ContainsFunc(in.Break, func(k trace.Value) bool { return trace.Equal(k, v) }):
				return false, nil
			default:
				decided = false
			}
		}
		if run.Failing && !run.Rescued {
			if differ == 0 {
				return false, nil // the failing run unchanged
			}
			decided = false
		}
		if !run.Failing && differ > 1 {
			decided = false // each value in Keep was verified alone
		}
		if !decided {
			if !run.Failing {
				for k, v := range vals {
					if in := run.instance(k); in != nil && trace.Equal(v, in.Value) {
						delete(vals, k) // the run computes it itself
					}
				}
			}
			replays = append(replays, replay{ri, vals})
		}
	}
	for _, r := range replays {
		run := &s.d.Runs[r.run]
		if _, cached := s.d.replays[replayKey(run.Case, r.vals)]; !cached {
			if s.res.Replays >= s.replayLimit {
				if !s.res.Partial {
					s.res.Partial, s.res.Reason = true, "MaxReplays replays"
				}
				return false, nil
			}
			s.res.Replays++
		}
		ok, err := s.d.replay(ctx, s.d.cases[run.Case], run.steps, r.vals)
		if err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// instance returns the instance of r with key k.
func (r *Run) instance(k trace.InstanceKey) *Instance {
	for i := range r.Instances {
		if r.Instances[i].Key == k {
			return &r.Instances[i]
		}
	}
	return nil
}
