package angelic

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// FlexOptions configure the flexibility test ([FlexTest], [FlexFilter],
// [Technique]). The zero value is the default.
type FlexOptions struct {
	// Passing are the passing cases to test with. Default nil: for
	// FlexFilter and Angelic, the cases of Failure.Spectrum that passed
	// (go test cases of Failure.Package); FlexTest tests with none.
	Passing []trace.Case
	// Remove removes the inhibited candidates. Default false: they are
	// kept, after the others. A fix that changes a condition for the
	// failing inputs only is inhibited all the same, so removing can lose
	// the faulty line; bench/results/tcas-flex.md (go run ./bench/tcas
	// -flex 200) measures both policies.
	Remove bool
	// MaxInstances bounds the instances of a candidate's expressions
	// tried in one passing run. Default 0: 16.
	MaxInstances int
	// NoSolver leaves out the solver search: a case where the values
	// tried keep the case passing nowhere is then an inhibitor, an
	// approximate verdict. Default false: FlexTest searches the case's
	// formula there (see FlexTest), which turns approximate inhibitors
	// into proved ones, flexible cases or undecided ones, at the cost of
	// a solver per instance searched. bench/results/tcas-flex.md (go run
	// ./bench/tcas -flex 200) runs both on the same candidates.
	NoSolver bool
	// CaseTimeout bounds the test on one passing case, its run, its
	// replays and its solver searches (a value may send a loop far beyond
	// the case's steps): a case that takes longer decides nothing for the
	// candidates it had not decided, which list it as Untested. Default 0:
	// DefaultEvidenceTimeout; negative: no bound.
	CaseTimeout time.Duration
	// Run are the options of the passing cases' runs and replays.
	// Default: trace's defaults; replays are bounded by 100 times the
	// steps of the run they replay, plus 100 000.
	Run trace.RunOptions
}

// FlexTest is the flexibility test of angelic debugging on the passing
// cases opts.Passing: for each candidate and each passing case that
// executes it, it looks for an alternate value, at one instance at a
// time, that keeps the case passing, and sets the candidate's Flex. A
// case where none is found is an inhibitor: a one-expression fix there
// would break it. The instances tried are those of the instructions of
// the candidate's angelic values (matched by file, line and SSA
// instruction, so candidates of any technique can be tested) and, for a
// location without a column (a statement of line granularity), those of
// every instruction on its line, since a fix of the statement may change
// any of them: the decision of `if a == c || b == c` may matter to a
// passing case where the value of a does not.
//
// The test is in two steps. First it replays the case: at each instance
// (up to MaxInstances per case) it tries a small set of values different
// from the one the passing run computed: for a branch, the other
// decision; for a Boolean, its negation; for an integer or float w, the
// candidate's angelic values of that instruction, w+1, w-1, 0, 1, -1 and
// -w; for a string, the candidate's angelic values and ""; for a struct
// or array, the same for one scalar field or element at a time, the
// others kept (the paper's shallow snapshot). A value found is verified
// by the replay, so "flexible" is sure.
//
// Where no value tried keeps the case passing, it searches the case's
// formula, one instance at a time (unless NoSolver): AgxFaults on the
// passing run, with expression granularity, that instance the only one
// blamable and the hard constraint that its value differs from the run's
// (encode.Encoder.Equals), the case's own checks its oracle (a go test's
// assertions, a test given as data's expected results, a panic). The
// model's value at the instance is replayed alone; a replay that fails
// refines the formula with its run, as AgxFaults does, and a model whose
// replay still fails is excluded and the formula solved again, twice at
// most. A value the replay verifies makes the case flexible
// (FlexValue.Solver). A formula with no model proves the instance
// inflexible within what the formula models: a value it cannot model
// keeps its run value (see the package documentation). The case is then
// an inhibitor, proved (Flexibility.Proved) when every instance was
// proved so. A search out of time or out of models leaves the case
// undecided (Untested), and an instance the formula does not model at
// all (a pointer, a value of several results) is decided by the values
// tried alone. The searches of a candidate stop at its first proved
// inhibitor, one sufficing to inhibit it, or after a few undecided
// searches; its later cases rest on the values tried, as they do with
// NoSolver. bench/results/tcas-flex.md (go run ./bench/tcas -flex 200)
// measures both policies and their cost.
//
// (The paper's own check is approximate the other way too: it changes the
// expression's value, not the expression.) A candidate of several
// statements is tested one instance at a time all the same.
//
// It returns a copy of cands with Flex set; cancelling ctx stops it with
// the candidates tested so far and the context's error.
func FlexTest(ctx context.Context, prog *trace.Program, cands []localize.Candidate, opts *FlexOptions) ([]localize.Candidate, error) {
	if opts == nil {
		opts = &FlexOptions{}
	}
	out := slices.Clone(cands)
	for i := range out {
		out[i].Flex = &localize.Flexibility{Score: 1}
	}
	if len(out) == 0 {
		return out, nil // nothing to test: the passing cases need not run
	}
	fx := &flexer{prog: prog, maxInst: opts.MaxInstances, run: opts.Run, solver: !opts.NoSolver, undecided: map[*localize.Flexibility]int{}}
	if fx.maxInst <= 0 {
		fx.maxInst = 16
	}
	partial := func(err error) ([]localize.Candidate, error) {
		for i := range out {
			out[i].Flex.Partial = true
		}
		scores(out)
		return out, err
	}
	bound := opts.CaseTimeout
	if bound == 0 {
		bound = localize.DefaultEvidenceTimeout
	}
	for _, p := range opts.Passing {
		if err := ctx.Err(); err != nil {
			return partial(err)
		}
		cctx, cancel := ctx, context.CancelFunc(func() {})
		if bound > 0 {
			cctx, cancel = context.WithTimeout(ctx, bound)
		}
		err := fx.flexRun(cctx, p, out)
		cancel()
		if ctx.Err() != nil {
			return partial(ctx.Err())
		}
		if err != nil && cctx.Err() == nil {
			return partial(err)
		}
		// A case over its bound decides nothing more: on to the next.
	}
	scores(out)
	return out, nil
}

// scores sets the candidates' flexibility scores from the cases tested.
func scores(cands []localize.Candidate) {
	for i := range cands {
		fl := cands[i].Flex
		if n := len(fl.Flexible) + len(fl.Inhibitors); n > 0 {
			fl.Score = float64(len(fl.Flexible)) / float64(n)
		}
	}
}

// flexer holds what FlexTest tests every passing case with.
type flexer struct {
	prog    *trace.Program
	maxInst int
	run     trace.RunOptions
	solver  bool // search the formula where the values tried keep no case passing
	// undecided counts, for each candidate's flexibility, the searches
	// that ended undecided.
	undecided map[*localize.Flexibility]int
}

// flexRun runs the passing case p and, if it passes, tests every
// candidate on its run.
func (fx *flexer) flexRun(ctx context.Context, p trace.Case, cands []localize.Candidate) error {
	ro := fx.run
	ro.Hooks, ro.NoTrace, ro.CoverOnly = nil, false, false
	r, err := p.Run(ctx, &ro)
	if err != nil {
		return fmt.Errorf("localize: FlexTest: %s: %w", p.Name(), err)
	}
	if r.Trace != nil {
		defer r.Trace.Release()
	}
	if ctx.Err() != nil || !r.Passed() || r.Trace == nil {
		return ctx.Err()
	}
	return fx.flexCase(ctx, p, r, cands)
}

// instrSig names a static instruction across runs as a candidate's
// angelic values name it.
type instrSig struct {
	file  string
	line  int
	instr string
}

// flexCase tests every candidate on the passing run r of case p.
func (fx *flexer) flexCase(ctx context.Context, p trace.Case, r *trace.CaseResult, cands []localize.Candidate) error {
	t := r.Trace
	sigOf := map[trace.StaticID]instrSig{}
	bySig := map[instrSig][]trace.EventID{}
	byLine := map[trace.Line][]trace.EventID{}
	for e := range t.Len() {
		ev := trace.EventID(e)
		s := t.Static(ev)
		sig, ok := sigOf[s]
		if !ok {
			pos := t.Pos(ev)
			sig = instrSig{pos.Filename, pos.Line, search.InstrText(t.Instr(ev))}
			sigOf[s] = sig
		}
		bySig[sig] = append(bySig[sig], ev)
		if st := t.StaticInfo(s); !st.Synthetic && !st.Library && localize.ProgramCode(t, ev) {
			l := trace.Line{File: sig.file, Line: sig.line}
			byLine[l] = append(byLine[l], ev)
		}
	}
	names := instanceNames(t)
	run := fx.run
	if run.MaxSteps == 0 {
		run.MaxSteps = 100*r.Steps + 100_000
	}
	search := run // the solver search's runs need their traces
	search.Hooks, search.NoTrace, search.CoverOnly = nil, false, false
	run.NoTrace, run.CoverOnly = true, false
	for i := range cands {
		c := &cands[i]
		angelic := map[instrSig][]string{}
		var sigs []instrSig
		for _, a := range c.Angelic {
			sig := instrSig{a.File, a.Line, a.Instr}
			if _, ok := angelic[sig]; !ok {
				sigs = append(sigs, sig)
			}
			angelic[sig] = append(angelic[sig], a.Value)
		}
		var events []trace.EventID
		for _, sig := range sigs {
			events = append(events, bySig[sig]...)
		}
		for _, l := range c.Locations {
			if l.Column == 0 {
				// A statement (line granularity): any of its
				// instructions may be what a fix changes.
				events = append(events, byLine[l.SourceLine()]...)
			}
		}
		slices.Sort(events)
		events = slices.Compact(events)
		if len(events) == 0 {
			continue // the case does not execute the candidate
		}
		fl := c.Flex
		fl.Executed++
		tried, flexible := false, false
		undecided := func(err error) error {
			if !flexible {
				fl.Untested = append(fl.Untested, p.Name())
			}
			return err
		}
		counted := map[trace.EventID]bool{}
		for _, e := range events[:min(len(events), fx.maxInst)] {
			orig := t.Value(e)
			_, branch := t.Instr(e).(*ssa.If)
			alts := alternates(orig, branch, angelic[sigOf[t.Static(e)]])
			if len(alts) == 0 {
				continue
			}
			tried = true
			fl.Instances++
			counted[e] = true
			for _, alt := range alts {
				if err := ctx.Err(); err != nil {
					return undecided(err)
				}
				h := &trace.Hooks{}
				if branch {
					h.Branches = map[trace.InstanceKey]bool{t.Key(e): alt.Bool()}
				} else {
					h.Values = map[trace.InstanceKey]trace.Value{t.Key(e): alt}
				}
				run.Hooks = h
				rr, err := p.Run(ctx, &run)
				fl.Runs++
				if ctx.Err() != nil {
					// Cut short: the replay's outcome says nothing.
					return undecided(ctx.Err())
				}
				if err != nil {
					return fmt.Errorf("localize: FlexTest: %s: %w", p.Name(), err)
				}
				if rr.Passed() {
					fl.FlexibleInstances++
					if !flexible {
						fl.Flexible = append(fl.Flexible, localize.FlexValue{Case: p.Name(), Position: localize.PositionOf(t.Pos(e)), Occurrence: t.Occurrence(e), Instance: names(e), Value: alt.String(), Orig: orig.String()})
					}
					flexible = true
					break
				}
			}
		}
		// The values tried kept the case passing nowhere: the solver
		// searches the case's formula at each instance in turn.
		// proved counts the instances where the formula has no other
		// value; approx is set when the values tried decided one the
		// formula does not model.
		proved, open, approx := 0, false, false
		// One proved inhibitor suffices to inhibit the candidate: its
		// later cases rest on the values tried, which keeps the searches
		// to the cases that can change the verdict; so do they once
		// maxUndecided searches found the formula unable to decide.
		if !flexible && fx.solver && len(fl.Proved) == 0 && fx.undecided[fl] < maxUndecided {
			for _, e := range events[:min(len(events), fx.maxInst)] {
				orig := t.Value(e)
				res := fx.search(ctx, p, t.Key(e), orig, &search)
				fl.Runs += res.runs
				if res.outcome == notModelled && counted[e] {
					approx = true
				}
				if res.outcome != notModelled {
					fl.Searches++
					if !counted[e] {
						fl.Instances++
						counted[e] = true
					}
				}
				if ctx.Err() != nil {
					return undecided(ctx.Err())
				}
				switch res.outcome {
				case found:
					fl.FlexibleInstances++
					fl.Flexible = append(fl.Flexible, localize.FlexValue{Case: p.Name(), Position: localize.PositionOf(t.Pos(e)), Occurrence: t.Occurrence(e), Instance: names(e), Value: res.value.String(), Orig: orig.String(), Solver: true})
					flexible = true
				case inflexible:
					proved++
				case undecidedSearch:
					open = true
					fx.undecided[fl]++
				}
				if flexible {
					break
				}
			}
		}
		switch {
		case flexible:
		case open:
			// A search that could not decide: the values tried say no,
			// the formula did not say.
			fl.Untested = append(fl.Untested, p.Name())
		case tried || proved > 0:
			fl.Inhibitors = append(fl.Inhibitors, p.Name())
			if proved > 0 && !approx && len(events) <= fx.maxInst {
				fl.Proved = append(fl.Proved, p.Name())
			}
		default:
			fl.Untested = append(fl.Untested, p.Name())
		}
	}
	return nil
}

// alternates returns the values FlexTest tries at an instance whose run
// value is orig (a branch's: its decision), given the candidate's angelic
// values of its instruction: values of orig's kind, different from it. A
// struct or array is changed one scalar field or element at a time.
func alternates(orig trace.Value, branch bool, angelic []string) []trace.Value {
	var out []trace.Value
	add := func(v trace.Value) {
		if v.String() == orig.String() || slices.ContainsFunc(out, func(w trace.Value) bool { return w.String() == v.String() }) {
			return
		}
		out = append(out, v)
	}
	switch {
	case branch || orig.Kind() == trace.KindBool:
		add(trace.Bool(!orig.Bool()))
	case orig.Kind() == trace.KindInt:
		for _, s := range angelic {
			if x, err := strconv.ParseInt(s, 10, 64); err == nil {
				add(trace.Int(x))
			}
		}
		w := orig.Int()
		for _, x := range []int64{w + 1, w - 1, 0, 1, -1, -w} {
			add(trace.Int(x))
		}
	case orig.Kind() == trace.KindUint:
		for _, s := range angelic {
			if x, err := strconv.ParseUint(s, 10, 64); err == nil {
				add(trace.Uint(x))
			}
		}
		w := orig.Uint()
		for _, x := range []uint64{w + 1, w - 1, 0, 1} {
			add(trace.Uint(x))
		}
	case orig.Kind() == trace.KindFloat:
		for _, s := range angelic {
			if x, err := strconv.ParseFloat(s, 64); err == nil {
				add(trace.Float(x))
			}
		}
		w := orig.Float()
		for _, x := range []float64{w + 1, w - 1, 0, 1, -1, -w} {
			add(trace.Float(x))
		}
	case orig.Kind() == trace.KindString:
		for _, s := range angelic {
			if x, err := strconv.Unquote(s); err == nil {
				add(trace.String(x))
			}
		}
		add(trace.String(""))
	case orig.Kind() == trace.KindStruct || orig.Kind() == trace.KindArray:
		// A shallow snapshot, as the paper's: one field (or element) at a
		// time changed to its own alternates, the others kept.
		fields := make([]trace.Value, orig.Len())
		for i := range fields {
			fields[i] = orig.Index(i)
		}
		for i, f := range fields {
			if f.Kind() == trace.KindStruct || f.Kind() == trace.KindArray {
				continue // one level, as the snapshot
			}
			for _, x := range alternates(f, false, nil) {
				changed := slices.Clone(fields)
				changed[i] = x
				if orig.Kind() == trace.KindStruct {
					add(trace.Struct(changed...))
				} else {
					add(trace.Array(changed...))
				}
			}
		}
	}
	return out
}

// FlexFilter is a [Technique] combinator: it localizes with Technique,
// then prunes its candidates with the flexibility test on the passing
// cases ([FlexTest], [localize.Report.PruneInhibited]): for example AgxFaults'
// verified candidates, with the ones a passing case inhibits demoted
// (or removed: FlexOptions.Remove).
type FlexFilter struct {
	// Technique gives the candidates. Default nil: &Agx{}.
	Technique localize.Technique
	// Options configure the flexibility test. Default: FlexOptions'
	// defaults (the passing cases of Failure.Spectrum, inhibited
	// candidates demoted).
	Options FlexOptions
}

var _ localize.Technique = (*FlexFilter)(nil)

// Name is the name of the technique whose candidates are tested.
func (x *FlexFilter) Name() string {
	if x.Technique == nil {
		return (&search.Technique{}).Name()
	}
	return localize.StageName(x.Technique)
}

// Localize runs the technique, then the flexibility test.
func (x *FlexFilter) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	tech := x.Technique
	if tech == nil {
		tech = &search.Technique{}
	}
	rep, err := tech.Localize(ctx, f)
	if err != nil {
		return nil, err
	}
	return flex(ctx, rep, f, &x.Options)
}

// flex applies the flexibility test with opts to rep's candidates, the
// passing cases those of f when opts names none.
func flex(ctx context.Context, rep *localize.Report, f *localize.Failure, opts *FlexOptions) (*localize.Report, error) {
	start := time.Now()
	o := *opts
	if o.Passing == nil {
		o.Passing = passingCases(f)
	}
	defer func() { rep.Stats.Total += time.Since(start) }()
	cands, err := FlexTest(ctx, f.Program, rep.Candidates, &o)
	rep.Candidates = cands
	rep.Stats.Runs += len(o.Passing)
	for _, c := range cands {
		if c.Flex != nil {
			rep.Stats.Runs += c.Flex.Runs
		}
	}
	if err != nil {
		rep.Partial = true
		rep.Reason = strings.TrimPrefix(rep.Reason+"; flexibility test: "+err.Error(), "; ")
	}
	rep.PruneInhibited(!o.Remove)
	return rep, nil
}

// passingCases returns the cases of f's spectrum that passed, as go test
// cases of f's package; nil without a spectrum or package.
func passingCases(f *localize.Failure) []trace.Case {
	if f.Spectrum == nil || f.Package == "" {
		return nil
	}
	var out []trace.Case
	for i := range f.Spectrum.NumTests() {
		if t := f.Spectrum.Test(i); !t.Failed {
			out = append(out, f.Program.GoTestCase(f.Package, t.Name))
		}
	}
	return out
}
