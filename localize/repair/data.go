package repair

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/repair/internal/locate"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// SiteKind says what a repair at a [Site] replaces.
type SiteKind int

const (
	// ValueSite is an expression whose value the program uses: a read of
	// a variable, an operation, a call's result.
	ValueSite SiteKind = iota
	// ConditionSite is a branch's condition: its instances are the
	// branch's decisions.
	ConditionSite
	// AssignmentSite is the value an assignment stores: a repair
	// replaces its right-hand side.
	AssignmentSite
	// ReturnSite is the value a return statement of one result returns:
	// a repair replaces the result.
	ReturnSite
)

// String returns "value", "condition", "assignment" or "return".
func (k SiteKind) String() string {
	switch k {
	case ValueSite:
		return "value"
	case ConditionSite:
		return "condition"
	case AssignmentSite:
		return "assignment"
	case ReturnSite:
		return "return"
	}
	return fmt.Sprintf("SiteKind(%d)", int(k))
}

// MarshalText returns the kind's String.
func (k SiteKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Site is the expression a repair replaces: the static instruction of a
// verified angelic candidate, where it is in the source, and its type.
type Site struct {
	// Location is the candidate's: Column the instruction's position,
	// Expr the expression as written (an assignment's: its left-hand
	// side).
	localize.Location
	Kind SiteKind `json:"kind"`
	Type string   `json:"type"` // the Go type of the values (a condition's: bool)
	// Replaced is the source a repair replaces: the expression, the
	// condition, the assignment's right-hand side or the result
	// returned; for a compound assignment or an increment, the value it
	// stores as an expression (x - c for x -= c, x + 1 for x++), the
	// repair then replacing the statement with x = replacement; for
	// the load of x's old value there, x, the repair replacing the
	// statement with x = replacement - c; "" where Collect found no
	// such source.
	Replaced string `json:"replaced"`
	// Static is the static instruction: the Static of the trace's
	// InstanceKey of every instance.
	Static trace.StaticID `json:"static"`

	fn        *ssa.Function // the function holding the instruction
	typ       types.Type
	synthetic bool   // the position is not the one go/ssa gives the value (see borrowed)
	loaded    string // the variable whose value a condition is, where its load has no position
	fnStart   int    // the byte range of the site's function in src, where loaded is looked for
	fnEnd     int
	binop     bool        // the instruction is a binary operation
	src       []byte      // the file's source
	at        locate.Span // the source a repair replaces (see locate)
}

// Binding is a variable (or a field of a local struct variable, "p.x")
// in scope at an instance, with its value there: a local of the site's
// function, or a package-level variable of its package whose value the
// run stored or loaded before the instance.
type Binding struct {
	Name  string      `json:"name"`
	Type  string      `json:"type"`
	Value trace.Value `json:"-"`
	Text  string      `json:"value"` // Value formatted as Go prints it

	typ types.Type
}

// Instance is one execution of a site in one run.
type Instance struct {
	// Key is the instance's identity, shared with the trace of the run
	// (trace.Trace.Key) and with the hooks that steer a re-run
	// (trace.Hooks.Values, trace.Hooks.Branches).
	Key trace.InstanceKey `json:"key"`
	// Name is the instance as a reader names it: "line 23", then ", 2nd
	// iteration" or ", 2nd call" where the site ran several times.
	Name string `json:"name"`
	// Env are the variables and fields in scope at the instance, with
	// their values in memory just before it ran. In a failing run they
	// are those of the angelic run (Run.Rescued): a variable the site
	// reads has there the value in memory, the angelic one being the
	// instance's Value only.
	Env []Binding `json:"env"`
	// Value is the run's value at the instance (a condition's: its
	// decision). In a rescued failing run it is the angelic value: with
	// every instance of the site at its Value, the run passes.
	Value trace.Value `json:"-"`
	// Orig is the value the replaced expression computed: in a failing
	// run, the value of the original (failing) run at the instance, when
	// it had one; at a condition, the value the condition computed in
	// this run, which its decision (Value) may override.
	Orig trace.Value `json:"-"`
	// Keep are values verified, each by a replay with that one value at
	// the instance, to keep a passing run passing (its own value first);
	// Break values verified to make it fail. Empty for a failing run.
	Keep  []trace.Value `json:"-"`
	Break []trace.Value `json:"-"`
	// KeepAll says Keep holds every value that keeps the run passing at
	// this instance: for a condition, both decisions were tried; for
	// another value, the solver found the formula has no model with a
	// value outside Keep (within what the formula models, see
	// localize/angelic).
	KeepAll bool `json:"keepAll,omitempty"`

	// globals are the values of the package-level variables of the
	// site's package just before the instance, as far as its run stored
	// or loaded them (those of basic types are in Env, unless shadowed):
	// what a call of a pure function reads (see callTerms).
	globals map[*ssa.Global]trace.Value
}

// Run is one run of a case, failing or passing, and the instances of the
// site in it.
type Run struct {
	Case    string `json:"case"`
	Failing bool   `json:"failing"`
	// Rescued says, for a failing run, that an angelic run was found:
	// with its instances' Values the case passes (verified by a replay).
	// A failing run that is not rescued lists the instances of its
	// original run, which no repair at the site alone can make pass
	// as far as the search found.
	Rescued   bool       `json:"rescued,omitempty"`
	Instances []Instance `json:"instances"`
	// Truncated says the run had more instances than CollectOptions.MaxInstances:
	// the later ones are left out.
	Truncated bool `json:"truncated,omitempty"`

	steps int64 // the steps of the run, which bound its replays
}

// Data is the repair data of one site: what a synthesizer needs to find
// a replacement expression. A replacement is right for the runs when, in
// each rescued failing run, it evaluates at every instance to the
// instance's Value, and in each passing run to a value of Keep (its own
// value always is one).
type Data struct {
	Site Site  `json:"site"`
	Runs []Run `json:"runs"`
	// Constants are the constants of the site's function (literals and
	// named constants it uses), as Go source, with their types.
	Constants []Binding      `json:"constants"`
	Stats     localize.Stats `json:"stats"`
	// Partial says a bound (the context, CollectOptions) stopped the collection:
	// Reason says which.
	Partial bool   `json:"partial,omitempty"`
	Reason  string `json:"reason,omitempty"`

	prog *trace.Program
	opts CollectOptions
	// replays caches the outcome of replays of a run with values at its
	// instances (see verify).
	replays map[string]bool
	cases   map[string]trace.Case
}

// SiteError says why a candidate gives no site.
type SiteError struct {
	Candidate string // the candidate's first location, file:line:column
	Reason    string
}

// Error names the candidate and the reason.
func (e *SiteError) Error() string {
	return "localize: repair: candidate at " + e.Candidate + ": " + e.Reason
}

// ErrNoFailing is returned when Collect is given no failing case.
var ErrNoFailing = errors.New("localize: repair: no failing case")

// Collect returns the repair data of the site of cand, a verified
// candidate of angelic debugging (angelic.Localize: one expression, one
// instance, its angelic value), on the failing cases and the passing
// ones. The site is cand's instruction, found in the run of the first
// failing case by its file, line, column and instruction text.
//
// Each failing case is run and rescued: first by a replay with cand's
// angelic value at the instances of the same occurrence, then, where that
// fails, by AgxFaults with expression granularity, the site's instances
// the only ones blamable (one correction set; its model replayed). The
// angelic run's instances and environments are the run's. Each passing
// case is run; at each instance (up to MaxInstances a run), the values of
// the variables in scope of the site's type, the constants of the code,
// the run's value ±1 and 0 are replayed alone, each sorted into Keep or
// Break; a condition has both decisions tried. Then, unless
// CollectOptions.NoSolver, the case's formula is searched for values outside
// Keep (angelic.FlexTest's search: the instance the only one blamable,
// its value required to differ from those known) up to
// CollectOptions.SolverValues models, each replayed; a formula without another
// model sets KeepAll.
//
// Cancelling ctx stops the collection with the data so far, marked
// Partial.
func Collect(ctx context.Context, prog *trace.Program, cand localize.Candidate, failing, passing []trace.Case, opts *CollectOptions) (*Data, error) {
	if opts == nil {
		opts = &CollectOptions{}
	}
	if len(failing) == 0 {
		return nil, ErrNoFailing
	}
	start := time.Now()
	d := &Data{prog: prog, opts: *opts, replays: map[string]bool{}, cases: map[string]trace.Case{}}
	d.opts.defaults()
	first, err := failing[0].Run(ctx, d.replayOpts(0, nil, true))
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %s: %w", failing[0].Name(), err)
	}
	d.Stats.Runs++
	if first.Trace == nil {
		return nil, fmt.Errorf("localize: repair: %s: its run has no trace", failing[0].Name())
	}
	site, err := findSite(prog, first.Trace, cand)
	first.Trace.Release()
	if err != nil {
		return nil, err
	}
	d.Site = *site
	if err := d.Site.locate(opts.Search.Overlay); err != nil {
		return nil, err
	}
	if d.Site.Expr == "" {
		d.Site.Expr = d.Site.Replaced // a return's result
	}
	for _, c := range term.Constants(site.fn) {
		d.Constants = append(d.Constants, Binding{Name: c.Name, Type: c.Type.String(), Value: c.Value, Text: c.Value.String(), typ: c.Type})
	}
	stop := func(err error) (*Data, error) {
		d.Partial, d.Reason = true, err.Error()
		d.Stats.Total = time.Since(start)
		return d, nil
	}
	for _, c := range failing {
		if ctx.Err() != nil {
			return stop(ctx.Err())
		}
		d.cases[c.Name()] = c
		run, err := d.rescue(ctx, c, cand)
		if err != nil {
			if ctx.Err() != nil {
				return stop(ctx.Err())
			}
			return nil, err
		}
		d.Runs = append(d.Runs, *run)
	}
	for _, c := range passing {
		if ctx.Err() != nil {
			return stop(ctx.Err())
		}
		d.cases[c.Name()] = c
		run, err := d.passing(ctx, c)
		if run != nil {
			d.Runs = append(d.Runs, *run)
		}
		if err != nil {
			if ctx.Err() != nil {
				return stop(ctx.Err())
			}
			return nil, err
		}
	}
	d.Stats.Total = time.Since(start)
	return d, nil
}

// findSite returns the site of cand in the trace t of a failing run.
func findSite(prog *trace.Program, t *trace.Trace, cand localize.Candidate) (*Site, error) {
	name := "?"
	if len(cand.Locations) > 0 {
		l := cand.Locations[0]
		name = fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Column)
	}
	if len(cand.Angelic) != 1 || len(cand.Locations) != 1 {
		return nil, &SiteError{name, fmt.Sprintf("%d locations and %d angelic values; a repair site is one expression with one angelic value (angelic.Localize's candidates)", len(cand.Locations), len(cand.Angelic))}
	}
	if !cand.Verified {
		return nil, &SiteError{name, "not verified"}
	}
	a, l := cand.Angelic[0], cand.Locations[0]
	seen := map[trace.StaticID]bool{}
	for e := range t.Len() {
		ev := trace.EventID(e)
		s := t.Static(ev)
		if seen[s] {
			continue
		}
		seen[s] = true
		pos := t.Pos(ev)
		if pos.Filename != a.File || pos.Line != a.Line || l.Column != 0 && pos.Column != l.Column {
			continue
		}
		in := t.Instr(ev)
		if in == nil || search.InstrText(in) != a.Instr && in.String() != a.Instr {
			continue
		}
		loc := l
		loc.Column = pos.Column
		site := &Site{Location: loc, Static: s, fn: t.Func(ev), synthetic: borrowed(t, ev, in)}
		switch in := in.(type) {
		case *ssa.If:
			site.Kind, site.typ = ConditionSite, types.Typ[types.Bool]
			site.loadedVar(in)
		case *ssa.Store:
			site.Kind, site.typ = AssignmentSite, in.Val.Type()
		case *ssa.Return:
			if len(in.Results) != 1 {
				return nil, &SiteError{name, fmt.Sprintf("a return of %d results; a repair site returns one", len(in.Results))}
			}
			site.Kind, site.typ = ReturnSite, in.Results[0].Type()
		case ssa.Value:
			site.Kind, site.typ = ValueSite, in.Type()
			_, site.binop = in.(*ssa.BinOp)
		default:
			return nil, &SiteError{name, fmt.Sprintf("instruction %q has no value to replace", a.Instr)}
		}
		if _, ok := site.typ.Underlying().(*types.Basic); !ok {
			return nil, &SiteError{name, fmt.Sprintf("the expression's type %s is not a basic type; synthesis covers integers, floats, strings and booleans", site.typ)}
		}
		site.Type = types.TypeString(site.typ, types.RelativeTo(site.fn.Pkg.Pkg))
		return site, nil
	}
	return nil, &SiteError{name, fmt.Sprintf("no instruction %q at line %d in the run of the failing case", a.Instr, a.Line)}
}

// loadedVar records, for a branch on a variable's value (`if ok`, an
// operand of && or ||), whose load has no position in go/ssa, the
// variable's name and the byte range of the site's function in its
// file, where locate looks for the variable's use.
func (s *Site) loadedVar(br *ssa.If) {
	u, ok := br.Cond.(*ssa.UnOp)
	if !ok || u.Op != token.MUL || u.Pos().IsValid() || s.fn == nil || s.fn.Syntax() == nil {
		return
	}
	switch x := u.X.(type) {
	case *ssa.Alloc:
		s.loaded = x.Comment
	case *ssa.Global:
		s.loaded = x.Name()
	default:
		return
	}
	fset := s.fn.Prog.Fset
	s.fnStart, s.fnEnd = fset.Position(s.fn.Syntax().Pos()).Offset, fset.Position(s.fn.Syntax().End()).Offset
}

// borrowed reports whether the position the trace gives event ev, of
// instruction in, is not where go/ssa places in's value: a position
// borrowed from a neighbouring instruction (trace's Synthetic), but for
// the load of an element or a field through the address just computed,
// whose borrowed position, the address's, is the element's or the
// field's.
func borrowed(t *trace.Trace, ev trace.EventID, in ssa.Instruction) bool {
	if !t.StaticInfo(t.Static(ev)).Synthetic {
		return false
	}
	u, ok := in.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return true
	}
	switch a := u.X.(type) {
	case *ssa.IndexAddr, *ssa.FieldAddr:
		p, at := t.Pos(ev), a.Parent().Prog.Fset.Position(a.Pos())
		return p.Filename != at.Filename || p.Line != at.Line || p.Column != at.Column
	}
	return true
}

// hooks returns the hooks that set values at instances: a condition's
// decisions as forced branches, other values substituted.
func (d *Data) hooks(vals map[trace.InstanceKey]trace.Value) *trace.Hooks {
	h := &trace.Hooks{}
	for k, v := range vals {
		if d.Site.Kind == ConditionSite {
			if h.Branches == nil {
				h.Branches = map[trace.InstanceKey]bool{}
			}
			h.Branches[k] = v.Bool()
		} else {
			if h.Values == nil {
				h.Values = map[trace.InstanceKey]trace.Value{}
			}
			h.Values[k] = v
		}
	}
	return h
}

// replayOpts returns the run options of a replay of a run of steps
// steps, bounded as AgxFaults bounds its re-runs; of a first run when
// steps is 0.
func (d *Data) replayOpts(steps int64, h *trace.Hooks, traced bool) *trace.RunOptions {
	ro := d.opts.Run
	if ro.MaxSteps == 0 && steps > 0 {
		ro.MaxSteps = 100*steps + 100_000
	}
	ro.Hooks, ro.NoTrace, ro.CoverOnly = h, !traced, false
	return &ro
}

// rescue runs the failing case c and looks for its angelic run.
func (d *Data) rescue(ctx context.Context, c trace.Case, cand localize.Candidate) (*Run, error) {
	r, err := c.Run(ctx, d.replayOpts(0, nil, true))
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %s: %w", c.Name(), err)
	}
	d.Stats.Runs++
	defer r.Trace.Release()
	if r.Passed() {
		return nil, fmt.Errorf("localize: repair: %s passes: it is not a failing case", c.Name())
	}
	orig := map[trace.InstanceKey]trace.Value{}
	t := r.Trace
	for e := range t.Len() {
		if t.Static(trace.EventID(e)) == d.Site.Static {
			orig[t.Key(trace.EventID(e))] = t.Value(trace.EventID(e))
		}
	}
	// The candidate's own value, at the instances of its occurrence.
	a := cand.Angelic[0]
	if v, ok := term.Parse(a.Value, a.Branch, d.Site.typ); ok {
		vals := map[trace.InstanceKey]trace.Value{}
		for k := range orig {
			if int(k.Occ) == a.Occurrence {
				vals[k] = v
			}
		}
		if len(vals) > 0 {
			if run, err := d.angelicRun(ctx, c, r.Steps, vals, orig); run != nil || err != nil {
				return run, err
			}
		}
	}
	// The search: the site's instances the only ones blamable.
	if len(orig) > 0 {
		o := d.opts.Search
		o.Granularity, o.MaxSize, o.MaxCandidates = encode.ByExpression, 1, 1
		var got []*encode.Candidate
		ext := &search.Extension{
			Blamable: func(k trace.InstanceKey) bool { return k.Static == d.Site.Static },
			Decoded: func(enc *encode.Candidate, out localize.Candidate) {
				if out.Verified {
					got = append(got, enc)
				}
			},
		}
		rep, err := search.Search(ctx, &search.Subject{Prog: d.prog, Case: c}, &o, ext)
		if err != nil && !errors.Is(err, search.ErrNotModelled) {
			return nil, fmt.Errorf("localize: repair: %s: %w", c.Name(), err)
		}
		if rep != nil {
			d.Stats.Add(rep.Stats)
		}
		for _, enc := range got {
			vals := map[trace.InstanceKey]trace.Value{}
			for _, an := range enc.Angelic {
				if an.Key.Static == d.Site.Static {
					vals[an.Key] = an.Value
				}
			}
			if run, err := d.angelicRun(ctx, c, r.Steps, vals, orig); run != nil || err != nil {
				return run, err
			}
		}
	}
	// Not rescued: the original run's instances.
	run := &Run{Case: c.Name(), Failing: true, steps: r.Steps}
	d.instances(run, t, orig)
	return run, nil
}

// angelicRun replays the failing case c with vals at the site's
// instances; if it passes, it returns the run with the replay's
// instances, nil otherwise.
func (d *Data) angelicRun(ctx context.Context, c trace.Case, steps int64, vals, orig map[trace.InstanceKey]trace.Value) (*Run, error) {
	r, err := c.Run(ctx, d.replayOpts(steps, d.hooks(vals), true))
	d.Stats.Runs++
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %s: %w", c.Name(), err)
	}
	defer r.Trace.Release()
	if !r.Passed() {
		return nil, nil
	}
	run := &Run{Case: c.Name(), Failing: true, Rescued: true, steps: steps}
	d.instances(run, r.Trace, orig)
	return run, nil
}

// passing runs the passing case c and probes the values that keep it
// passing at the site's instances; nil if c does not pass.
func (d *Data) passing(ctx context.Context, c trace.Case) (*Run, error) {
	r, err := c.Run(ctx, d.replayOpts(0, nil, true))
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %s: %w", c.Name(), err)
	}
	d.Stats.Runs++
	defer r.Trace.Release()
	if !r.Passed() {
		return nil, nil
	}
	run := &Run{Case: c.Name(), steps: r.Steps}
	d.instances(run, r.Trace, nil)
	for i := range run.Instances {
		run.Instances[i].Keep = []trace.Value{run.Instances[i].Value}
	}
	// The probes and searches of the case, within its bound: a case
	// over it keeps what they found.
	pctx := ctx
	if d.opts.CaseTimeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, d.opts.CaseTimeout)
		defer cancel()
	}
	for i := range run.Instances[:min(len(run.Instances), d.opts.ProbedInstances)] {
		in := &run.Instances[i]
		for _, v := range d.probes(in) {
			ok, err := d.replay(pctx, c, r.Steps, map[trace.InstanceKey]trace.Value{in.Key: v})
			if pctx.Err() != nil {
				return run, ctx.Err()
			}
			if err != nil {
				return nil, err
			}
			if ok {
				in.Keep = append(in.Keep, v)
			} else {
				in.Break = append(in.Break, v)
			}
		}
		if d.Site.Kind == ConditionSite || term.BasicInfo(d.Site.typ)&types.IsBoolean != 0 {
			in.KeepAll = true // both values tried
			continue
		}
		if !d.opts.NoSolver && i < d.opts.SolverInstances {
			if err := d.solverKeep(pctx, c, r.Steps, in); err != nil {
				if pctx.Err() != nil {
					return run, ctx.Err()
				}
				return nil, err
			}
		}
	}
	return run, nil
}

// probes returns the values tried alone at a passing instance: the
// other decision or Boolean, or the values of the variables in scope of
// the site's type, the constants of the code, the run's value ±1 and 0.
func (d *Data) probes(in *Instance) []trace.Value {
	var out []trace.Value
	add := func(v trace.Value) {
		if !v.IsValid() || trace.Equal(v, in.Value) || slices.ContainsFunc(out, func(w trace.Value) bool { return trace.Equal(v, w) }) {
			return
		}
		out = append(out, v)
	}
	if d.Site.Kind == ConditionSite || in.Value.Kind() == trace.KindBool {
		add(trace.Bool(!in.Value.Bool()))
		return out
	}
	for _, b := range in.Env {
		if types.Identical(b.typ, d.Site.typ) {
			add(b.Value)
		}
	}
	for _, b := range d.Constants {
		if v, ok := term.Convert(b.Value, d.Site.typ); ok {
			add(v)
		}
	}
	switch in.Value.Kind() {
	case trace.KindInt:
		w := in.Value.Int()
		for _, x := range []int64{w + 1, w - 1, 0} {
			if v, ok := term.Convert(trace.Int(x), d.Site.typ); ok {
				add(v)
			}
		}
	case trace.KindUint:
		w := in.Value.Uint()
		for _, x := range []uint64{w + 1, w - 1, 0} {
			if v, ok := term.Convert(trace.Uint(x), d.Site.typ); ok {
				add(v)
			}
		}
	}
	if len(out) > d.opts.MaxProbes {
		out = out[:d.opts.MaxProbes]
	}
	return out
}

// solverKeep searches the passing case's formula for values at in other
// than those of Keep and Break, each replayed, up to SolverValues.
func (d *Data) solverKeep(ctx context.Context, c trace.Case, steps int64, in *Instance) error {
	for range d.opts.SolverValues {
		if ctx.Err() != nil {
			return nil
		}
		o := d.opts.Search
		o.Granularity, o.MaxSize, o.MaxCandidates = encode.ByExpression, 1, 1
		o.Hooks = &search.Hooks{Model: search.AnyModel}
		var got []*encode.Candidate
		k := in.Key
		ext := &search.Extension{
			Blamable: func(x trace.InstanceKey) bool { return x == k },
			Differ:   &search.Differ{Key: k, Values: append(slices.Clone(in.Keep), in.Break...)},
			Decoded:  func(enc *encode.Candidate, _ localize.Candidate) { got = append(got, enc) },
		}
		rep, err := search.Search(ctx, &search.Subject{Prog: d.prog, Case: c}, &o, ext)
		if err != nil {
			return nil // not modelled, or the search failed: the probes stand
		}
		d.Stats.Add(rep.Stats)
		if len(rep.Candidates) == 0 {
			in.KeepAll = !rep.Partial
			return nil
		}
		v, ok := trace.Value{}, false
		for _, a := range got[0].Angelic {
			if a.Key == k {
				v, ok = a.Value, true
			}
		}
		if !ok {
			return nil
		}
		pass, err := d.replay(ctx, c, steps, map[trace.InstanceKey]trace.Value{k: v})
		if err != nil {
			return err
		}
		if pass {
			in.Keep = append(in.Keep, v)
		} else {
			in.Break = append(in.Break, v)
		}
	}
	return nil
}

// replay runs case c with vals at the site's instances, untraced, and
// reports whether it passes; outcomes are cached.
func (d *Data) replay(ctx context.Context, c trace.Case, steps int64, vals map[trace.InstanceKey]trace.Value) (bool, error) {
	key := replayKey(c.Name(), vals)
	if ok, done := d.replays[key]; done {
		return ok, nil
	}
	r, err := c.Run(ctx, d.replayOpts(steps, d.hooks(vals), false))
	d.Stats.Runs++
	if err != nil {
		return false, fmt.Errorf("localize: repair: %s: %w", c.Name(), err)
	}
	if r.Trace != nil {
		r.Trace.Release()
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	d.replays[key] = r.Passed()
	return r.Passed(), nil
}

// replayKey names a replay for the cache.
func replayKey(name string, vals map[trace.InstanceKey]trace.Value) string {
	keys := make([]trace.InstanceKey, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b trace.InstanceKey) int {
		if a.Static != b.Static {
			return int(a.Static) - int(b.Static)
		}
		if a.Path != b.Path {
			if a.Path < b.Path {
				return -1
			}
			return 1
		}
		return int(a.Occ - b.Occ)
	})
	s := name
	for _, k := range keys {
		s += fmt.Sprintf("\x00%d/%d/%d=%s", k.Static, k.Path, k.Occ, vals[k])
	}
	return s
}
