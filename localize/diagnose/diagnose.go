package diagnose

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Options configure [Run]. The zero value is the default.
type Options struct {
	// Search are the encoding and the runs of every case, as for
	// AgxFaults (agx.Options: Mode, Arith, InScope, SliceScope, Run, Overlay, Engine,
	// SolverTimeout, the refinement bounds; MaxRefinements counts
	// rounds, each of which may add a run to every case). MaxSize bounds the
	// statements of a diagnosis (default 0: DefaultSize);
	// MaxCandidates bounds the diagnoses of each group (default 0: no
	// bound). Suspiciousness does not apply; Hooks and FirstFailure are
	// an error.
	Search search.Options
	// Levels is how many cost levels (statements per diagnosis) are
	// enumerated beyond the first that holds a verified diagnosis, as
	// CFaults reports the diagnoses of minimum size only. Default 0.
	Levels int
	// Parallel is how many replays run at once. Default 0: GOMAXPROCS.
	Parallel int
	// NoGrouping reports the joint enumeration alone when no diagnosis
	// explains every case, instead of grouping the cases and diagnosing
	// each group. Default false.
	NoGrouping bool
	// Consistent checks whether each verified diagnosis is one fix, not
	// one change per case: what its statements do must be a function of
	// what they read (two executions that read the same values do the
	// same, in one case or in two), and that function applied to every
	// case of Passing must keep it passing (see the package
	// documentation). Where the cases' values disagree (each case's
	// formula chose its own for the same inputs), or their function
	// breaks a case, values that agree are looked for: equal values
	// asked of the joint formula, or one of the values chosen given to
	// every such execution and moved by bisection as far as the failing
	// cases allow. A diagnosis rejected so is read again with each
	// package variable of few values (at most four over the statements'
	// executions: a flag, an enumeration), then each predicate of the
	// package (a function of no parameters computing a bool from
	// package variables alone), as one more input, and is one fix if
	// some such reading is (Diagnosis.AlsoReads). Diagnosis.OneFix
	// says which are one fix, Diagnosis.Rejected why the others are not;
	// the enumeration stops where it would without the check. Default
	// false.
	Consistent bool
	// First are lines to check first as diagnoses of one statement (a
	// ranking's first lines), in order: each case's run is forced
	// (predicate switching, value replacement) and, where that finds
	// no passing replay, each case's formula is asked for values with
	// the line's statements alone relaxed, and the values are
	// replayed, before the joint search, which then looks
	// only for the other diagnoses of the same size (with a verified
	// one among First) or for any (without). On code whose joint
	// formula the solver cannot search within the deadline, these are
	// the diagnoses there are. With more than 32 cases, every statement
	// is checked this way, those of First first. Default none;
	// [Diagnoser] gives its failures' ranking (FirstLines).
	First []trace.Line
	// Passing are cases that pass, which a diagnosis that is one fix
	// must keep passing (Consistent). Each is run once at the start for
	// its coverage, and recorded when a diagnosis's lines are among
	// those it executes (the recorded runs kept up to a bound on their
	// size); a case among them that fails is left out and named in the
	// report's Errors.
	Passing []trace.Case

	// keptEvents, for tests, bounds the events of the passing cases'
	// runs kept: 0 is keptEvents, negative none.
	keptEvents int
	// encodeHook, for tests, may change each case's encoding options
	// before its formula is made.
	encodeHook func(*encode.Options)
	// newEncoder, for tests, makes each case's encoders in place of
	// encode.New and encode.NewAssertions (search.Hooks.NewEncoder).
	newEncoder func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error)
}

// DefaultSize is the default bound on the statements of a
// diagnosis ([Options]).
const DefaultSize = 3

// Grouping names how [Diagnose] grouped the failing cases.
const (
	// GroupingJoint: one group, every failing case explained together.
	GroupingJoint = "joint"
	// GroupingByDiagnosis: no diagnosis within the bounds explained
	// every case; the cases were grouped by the joint enumeration's
	// diagnoses that explain them (greedily, the diagnosis explaining
	// most of the cases left first), the cases none explains by the
	// assertion they fail, and each group diagnosed alone.
	GroupingByDiagnosis = "by-diagnosis"
	// GroupingByAssertion: as GroupingByDiagnosis, but no diagnosis of
	// the joint enumeration explained any case: the groups are the cases
	// that fail the same assertion (or the same way).
	GroupingByAssertion = "by-assertion"
)

// Run explains the failing cases of prog together, as CFaults
// (Orvalho, Janota and Manquinho, FM 2024) does: every case's failing run
// is encoded into one solver with its own copy of the program's values
// and one fault predicate per statement shared by all
// ([encode.Options.Shared]), so that a correction set is a set of
// statements whose relaxation explains every case at once. Diagnoses are
// enumerated as subset-minimal correction sets in order of cost (their
// number of statements) with maxsat's incremental enumeration, up to the
// first cost that holds a verified diagnosis (and DiagnoseOptions.Levels
// more). Each is verified by replaying every case with its own angelic
// values for the same statements, Parallel replays at once; it is
// Verified when every replay passes. In ATF mode a replay that fails adds
// its run to its case's formula (AgxFaults' refinement) and the search
// goes on.
//
// When no diagnosis within the bounds explains every case, the cases are
// grouped (see GroupingByDiagnosis) and each group is diagnosed alone;
// the report says how. Cases that pass, or that localize cannot encode
// (ErrTestPasses, ErrNoOracle), are left out and named in the report's
// Errors. Cancelling ctx (or its deadline) stops the search: the report
// then holds the diagnoses found so far, marked Partial.
func Run(ctx context.Context, prog *trace.Program, cases []trace.Case, opts *Options) (*localize.DiagnosisReport, error) {
	if opts == nil {
		opts = &Options{}
	}
	if prog == nil {
		return nil, errors.New("localize: Diagnose: no program")
	}
	if opts.Search.Hooks != nil || opts.Search.FirstFailure {
		return nil, errors.New("localize: Diagnose: Options.Hooks and Options.FirstFailure are not supported")
	}
	start := time.Now()
	rep := &localize.DiagnosisReport{Mode: opts.Search.Mode.String(), Cases: []string{}, Groups: []localize.DiagnosisGroup{}}
	for _, c := range cases {
		if c == nil {
			return nil, errors.New("localize: Diagnose: nil case")
		}
		rep.Cases = append(rep.Cases, c.Name())
	}
	d := &diagnoser{prog: prog, opts: opts, rep: rep}
	defer d.releasePassing()
	if err := d.runPassing(ctx); err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		rep.Partial, rep.Reason = true, ctx.Err().Error()
		rep.Stats.Total = time.Since(start)
		return rep, nil
	}
	joint, err := d.group(ctx, cases)
	if err != nil {
		return nil, err
	}
	rep.Grouping = GroupingJoint
	rep.Groups = append(rep.Groups, joint.DiagnosisGroup)
	if !joint.verified() && !joint.Partial && !opts.NoGrouping && len(joint.Cases) > 1 {
		parts, how := partition(joint)
		if len(parts) > 1 {
			rep.Grouping, rep.Groups = how, rep.Groups[:0]
			byName := map[string]trace.Case{}
			for _, c := range cases {
				byName[c.Name()] = c
			}
			for _, names := range parts {
				var cs []trace.Case
				for _, n := range names {
					cs = append(cs, byName[n])
				}
				g, err := d.group(ctx, cs)
				if err != nil {
					return nil, err
				}
				rep.Groups = append(rep.Groups, g.DiagnosisGroup)
			}
		}
	}
	for _, g := range rep.Groups {
		g.Sort()
		if g.Partial && !rep.Partial {
			rep.Partial, rep.Reason = true, g.Reason
		}
	}
	rep.Stats = joint.Stats
	rep.Stats.Runs += d.passRuns
	if rep.Grouping != GroupingJoint {
		for _, g := range rep.Groups {
			rep.Stats.Add(g.Stats)
		}
	}
	rep.Stats.Total = time.Since(start)
	slices.SortFunc(rep.Errors, func(a, b localize.CaseFailure) int { return cmp.Compare(a.Case, b.Case) })
	rep.Errors = slices.CompactFunc(rep.Errors, func(a, b localize.CaseFailure) bool { return a.Case == b.Case })
	return rep, nil
}

// diagnoser holds what the groups of one Diagnose call share.
type diagnoser struct {
	prog *trace.Program
	opts *Options
	rep  *localize.DiagnosisReport
	// passing are the cases of DiagnoseOptions.Passing that passed,
	// with their runs.
	passing  []*passCase
	passRuns int // the runs of the passing cases' first runs
}

// groupResult is a group's diagnosis, with what grouping needs: each
// case's failure, and the diagnoses' replays.
type groupResult struct {
	localize.DiagnosisGroup
	failures map[string]string // case → how it failed (its first assertion's position and message)
	widened  int               // diagnoses read again by widerFix
}

func (g *groupResult) verified() bool {
	return slices.ContainsFunc(g.Diagnoses, func(d localize.Diagnosis) bool { return d.Verified })
}

// member is one case of a group's formula.
type member struct {
	// cf is the case's formula in use: in its own solver (own) while
	// the case is inactive, in the group's solver once active.
	cf   *search.CaseFormula
	name string
	// unrolled are the branch instructions unrollBranch has refined in
	// cf.
	unrolled map[trace.StaticID]bool
	// eo are the case's encoding options (its slice scope); blamable is
	// their blame filter, nil if none.
	eo       *encode.Options
	blamable func(trace.InstanceKey) bool
	// own is the case's own solver, nil once the case is active: the
	// case's formula alone, against which a correction set of the
	// active cases is checked.
	own    *maxsat.Solver
	active bool
	// passing is set for a case of DiagnoseOptions.Passing that joined
	// the formula (checkFix): its replays must pass, but it is not one
	// of the group's cases.
	passing bool
	// explained holds, by correction set (its groups joined by NUL),
	// the case's candidate for each set its replay passed with while
	// inactive, and the hooks of that replay: a set proposed again after
	// other cases joined the search is not checked again.
	explained map[string]explainedSet
	// kinds caches what forceAlone can do with the static instructions
	// of the case's failing run, and want what its failed checks
	// expected (expected), both made at its first forcing.
	kinds map[trace.StaticID]search.ForceKind
	want  map[search.ValueKey]trace.Value
	// unforced holds the statements whose forcing in the case's failing
	// run found no replay that passes (forceAlone): that run does not
	// change, so neither would the answer.
	unforced map[string]bool
}

// explainedSet is an inactive case's passing replay of a correction set.
type explainedSet struct {
	c     *localize.Candidate
	hooks *trace.Hooks
}

// replay is one case's replay of a diagnosis.
type replay struct {
	cand  *encode.Candidate
	v     *search.Verdict // the replay that counts (the inner one when it passed)
	inner *search.Verdict // the inner replay, when it also failed
	err   error
	// out, when not nil, is the case's candidate from an earlier check
	// of the same set, which its replay passed (member.explained), and
	// outHooks the hooks of that replay; the case was not run again.
	out      *localize.Candidate
	outHooks *trace.Hooks
	// forced, for a replay forceAlone found, are the values it forced,
	// by event of the case's failing run.
	forced map[trace.EventID]trace.Value
}

// passed reports whether the replay passed.
func (r *replay) passed() bool {
	if r.out != nil {
		return r.out.Verified
	}
	return r.v != nil && r.v.Passed
}

func (r *replay) release() {
	r.v.Release()
	r.inner.Release()
}

// group diagnoses cases together in one formula.
func (d *diagnoser) group(ctx context.Context, cases []trace.Case) (*groupResult, error) {
	start := time.Now()
	opts := d.opts.Search
	if opts.MaxSize == 0 {
		opts.MaxSize = DefaultSize
	}
	if d.opts.newEncoder != nil {
		opts.Hooks = &search.Hooks{NewEncoder: d.opts.newEncoder}
	}
	g := &groupResult{DiagnosisGroup: localize.DiagnosisGroup{Cases: []string{}, Diagnoses: []localize.Diagnosis{}}, failures: map[string]string{}}
	var members []*member
	defer func() {
		for _, m := range members {
			m.cf.First.Release()
		}
	}()
	var maxSteps int64
	for _, c := range cases {
		sub := &search.Subject{Prog: d.prog, Case: c}
		first, copts, err := search.FirstRun(ctx, sub, &opts, nil, &g.Stats)
		if err != nil {
			if ctx.Err() != nil {
				g.Partial, g.Reason = true, ctx.Err().Error()
				return g, nil
			}
			d.rep.Errors = append(d.rep.Errors, localize.CaseFailure{Case: c.Name(), Failure: err.Error()})
			continue
		}
		members = append(members, &member{cf: &search.CaseFormula{Sub: sub, First: first, Opts: copts}, name: c.Name(), unrolled: map[trace.StaticID]bool{}})
		g.Cases = append(g.Cases, c.Name())
		g.failures[c.Name()] = first.Failure
		maxSteps = max(maxSteps, first.Res.Steps)
	}
	if len(members) == 0 {
		return g, nil
	}
	so := &maxsat.Options{Timeout: opts.SolverTimeout, RelaxedLimit: search.RelaxedLimit(maxSteps), Done: ctx.Done()}
	// Making the encoders, the encodings of runs and the moves to an
	// engine are steps the group gives up at ctx's end; own closes the
	// solvers.
	own := search.NewOwner(ctx)
	defer own.Close()
	// drop leaves out case m, whose formula could not be made for err,
	// and reports whether the group stops there (ctx ended: partial).
	drop := func(m *member, err error) bool {
		if ctx.Err() != nil {
			g.Partial, g.Reason = true, ctx.Err().Error()
			if errors.Is(err, encode.ErrInterrupted) {
				// Stopped while encoding, or a step given up: the
				// error says which.
				g.Reason = err.Error()
			}
			return true
		}
		d.rep.Errors = append(d.rep.Errors, localize.CaseFailure{Case: m.name, Failure: err.Error()})
		members = slices.DeleteFunc(members, func(x *member) bool { return x == m })
		g.Cases = slices.DeleteFunc(g.Cases, func(n string) bool { return n == m.name })
		m.cf.First.Release()
		own.Drop(m.own)
		m.own = nil
		return false
	}
	// Every case first gets a formula of its own: its encoder, then,
	// after the forcing below, its failing run.
	for _, m := range slices.Clone(members) {
		cf := m.cf
		s, err := maxsat.NewSolver(so)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		m.own = own.Hold(s)
		cf.Owner = own
		m.eo, err = search.EncodeOptions(cf.Sub, cf.First, cf.Opts, nil, nil)
		if err == nil {
			m.eo.Done = ctx.Done() // encoding stops at the deadline, as AgxFaults's does
			m.blamable = m.eo.Blamable
			if d.opts.encodeHook != nil {
				d.opts.encodeHook(m.eo)
			}
			cf.Enc, err = search.CaseEncoder(own, cf.Sub, s, cf.First, m.eo, cf.Opts)
		}
		if err != nil {
			if drop(m, err) {
				return g, nil
			}
			continue
		}
		cf.Opts = search.ReplayBound(cf.Opts, cf.First.Res.Steps)
	}
	if len(members) == 0 {
		return g, nil
	}
	// With few cases, the statements on the lines first alone, before
	// the joint search; with many, every statement, those first. Those
	// that forcing explains in every case come first of all, before the
	// formulas are made: forcing runs the program, and a run's encoding
	// may take longer than every forcing of the lines first together.
	only := len(members) <= singlesFrom
	done := map[string]bool{} // the statements singles made a diagnosis of
	var forced []string       // the verified ones among them
	if only && len(d.opts.First) > 0 {
		var err error
		forced, err = d.singles(ctx, g, members, &opts, maxSteps, d.opts.First, true, done, true)
		if err != nil {
			g.Partial, g.Reason = true, err.Error()
			g.Stats.Total = time.Since(start)
			return g, nil
		}
	}
	var est encode.Stats
	for _, m := range slices.Clone(members) {
		cf := m.cf
		_, err := cf.AddRun(cf.First)
		var st encode.Stats
		if err == nil {
			st = cf.Enc.Stats()
			engine := search.EngineFor(opts.Engine, opts.Arith, cf.First.Res.Steps, st)
			s := m.own
			err = own.Step(func() error { return s.SetEngine(engine) })
		}
		if err != nil {
			if drop(m, err) {
				return g, nil
			}
			continue
		}
		est.StringTerms += st.StringTerms
		est.FloatTerms += st.FloatTerms
		est.IndexLoads += st.IndexLoads
	}
	if len(members) == 0 {
		return g, nil
	}
	var pre []localize.Diagnosis
	var preSets []string
	var preCost uint64
	if (d.opts.Levels == 0 && !only) || (only && len(d.opts.First) > 0) {
		found, err := d.singles(ctx, g, members, &opts, maxSteps, d.opts.First, only, done, false)
		found = append(forced, found...)
		if err != nil || (len(found) > 0 && !only) {
			if err != nil {
				g.Partial, g.Reason = true, err.Error()
			}
			if !own.GivenUp() {
				for _, m := range members {
					g.Stats.Constraints += m.cf.Enc.Stats().Constraints
				}
				g.Stats.Statements = len(members[0].own.GroupNames())
				for _, s := range ownSolvers(members) {
					ss := s.Stats()
					g.Stats.SolverCalls += ss.Checks
					g.Stats.Solve += ss.SolveTime
				}
			}
			g.Stats.Total = time.Since(start)
			return g, nil
		}
		if only {
			// The verified diagnoses on the lines first stand; the joint
			// search looks for the others of their cost, or, with none,
			// from size one.
			for _, dg := range g.Diagnoses {
				if dg.Verified {
					pre = append(pre, dg)
				}
			}
			// Forcing may verify a statement the formulas do not hold
			// (whose values they do not model): the joint search
			// cannot block it, and its cost is one statement's.
			for _, s := range found {
				if w, ok := members[0].own.GroupWeight(s); ok {
					preSets = append(preSets, s)
					if preCost == 0 || w < preCost {
						preCost = w
					}
				}
			}
			if preCost == 0 && len(found) > 0 {
				preCost = 1
			}
		} else {
			// No verified diagnosis of one statement: the joint search
			// looks again from size one (the cases' checks are
			// remembered).
			g.Stats.MCSes = 0
		}
		g.Diagnoses = g.Diagnoses[:0]
	}
	solver, err := maxsat.NewSolver(so)
	if err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	own.Hold(solver)
	if err := solver.SetEngine(search.EngineFor(opts.Engine, opts.Arith, maxSteps, est)); err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	var encs []*encode.Encoder
	err = d.enumerate(ctx, g, members, solver, own, &opts, maxSteps, &encs, preSets, preCost)
	if err != nil {
		g.Partial, g.Reason = true, err.Error()
	}
	g.Diagnoses = append(pre, g.Diagnoses...)
	if !own.GivenUp() {
		for _, e := range encs {
			st := e.Stats()
			g.Stats.Constraints += st.Constraints
		}
		g.Stats.Statements = len(solver.GroupNames())
		for _, s := range append([]*maxsat.Solver{solver}, ownSolvers(members)...) {
			ss := s.Stats()
			g.Stats.SolverCalls += ss.Checks
			g.Stats.Solve += ss.SolveTime
		}
	}
	g.Stats.Total = time.Since(start)
	return g, nil
}

// enumerate is the search of one group: correction sets in order of
// cost, each replayed on every case, refined (ATF) while a replay fails.
// The enumeration runs over the active cases only, at first one: every
// other case is checked against each correction set alone (its formula
// assumed with the set relaxed), replayed with the values found, and
// made active when the set cannot explain it; failing tests that a fault
// explains alike then cost one check and one replay each, not a copy of
// their formula in every step of the search. An error (a cancellation, a
// run's failure) makes the group partial.
//
// The statements of pre, verified diagnoses of cost preCost found before
// (DiagnoseOptions.First), are blocked, and the search stops after that
// cost (and DiagnoseOptions.Levels more).
func (d *diagnoser) enumerate(ctx context.Context, g *groupResult, members []*member, solver *maxsat.Solver, own *search.Owner, opts *search.Options, steps int64, encsOut *[]*encode.Encoder, pre []string, preCost uint64) error {
	maxRef, maxPer := search.RefinementBounds(opts)
	perCand := map[string]int{}
	rounds := 0 // refinement rounds: the bound counts them, not the runs added (one per case)
	src := localize.Sources{}
	for name, b := range opts.Overlay {
		src[name] = strings.Split(string(b), "\n")
	}
	var encs []*encode.Encoder // of the active cases
	shared := encode.NewShared()
	activate := func(m *member) error {
		// The case's failing run goes into the group's formula; its
		// own formula, and the refinements it holds, are dropped (a
		// replay that needs them refines the group's formula again).
		eo := *m.eo
		eo.Shared = shared
		cf := &search.CaseFormula{Sub: m.cf.Sub, First: m.cf.First, Opts: m.cf.Opts, Owner: own}
		enc, err := search.CaseEncoder(own, cf.Sub, solver, cf.First, &eo, cf.Opts)
		if err != nil {
			return err
		}
		cf.Enc = enc
		if _, err := cf.AddRun(cf.First); err != nil {
			return err
		}
		m.cf, m.active, m.unrolled = cf, true, map[trace.StaticID]bool{}
		if !m.passing {
			g.Joint++
		}
		if m.own != nil {
			own.Drop(m.own)
			m.own = nil
		}
		encs = append(encs, enc)
		*encsOut = encs
		return nil
	}
	if err := activate(members[0]); err != nil {
		return err
	}
	guess := search.GuessLimit(steps)
	bounds := maxsat.Bounds{MaxSize: opts.MaxSize}
	var refined []string
	verifiedCost := preCost // the cost of the first verified diagnosis; 0: none yet
	for _, s := range pre {
		if err := solver.Block([]string{s}); err != nil {
			return fmt.Errorf("localize: %w", err)
		}
	}
	// The passing cases that joined the formula (checkFix), by name.
	added := map[string]bool{}
	// agree holds, by set (its groups joined), the constraints that its
	// conflicting executions have the same effects (checkFix), and
	// agreeRounds how often they grew; next is the set with a model
	// that satisfies them, to replay instead of solving again.
	agree := map[string][]*maxsat.Term{}
	agreeRounds := map[string]int{}
	var next *maxsat.MCS
	var extra []*member
	defer func() {
		for _, m := range extra {
			m.cf.First.Release()
		}
	}()
	for {
		if opts.MaxCandidates > 0 && len(g.Diagnoses) >= opts.MaxCandidates {
			g.Partial, g.Reason = true, fmt.Sprintf("stopped after %d diagnoses", len(g.Diagnoses))
			return nil
		}
		chk := search.Checker{Solver: solver, Encs: encs, Guess: guess, Assume: agree[search.SetKey(refined)]}
		var mcs *maxsat.MCS
		var err error
		if next != nil {
			mcs, next = next, nil
		} else {
			mcs, err = chk.Again(ctx, refined)
		}
		refined = nil
		if err != nil {
			return err
		}
		if mcs == nil {
			mcs, err = solver.NextMCS(ctx, bounds)
		}
		if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
			return nil
		}
		if err != nil {
			return err
		}
		if verifiedCost > 0 && mcs.Cost > verifiedCost+uint64(d.opts.Levels) {
			return nil // the levels asked for are done
		}
		g.Stats.MCSes++
		key := search.SetKey(mcs.Groups)
		chk.Assume = agree[key]
		if err := chk.PreferredModel(ctx, mcs, opts.Mode); err != nil {
			return err
		}
		// The active cases are replayed with the model's values; each
		// inactive case is checked alone against the set, in its own
		// formula, and replayed (explainAlone); in parallel.
		reps := make([]*replay, len(members))
		for i, m := range members {
			if !m.active {
				continue
			}
			cand, err := m.cf.Enc.Decode(mcs)
			if err != nil {
				return fmt.Errorf("localize: %w", err)
			}
			reps[i] = &replay{cand: cand}
		}
		stats := make([]localize.Stats, len(members))
		errs := make([]error, len(members))
		d.each(len(members), func(i int) {
			m := members[i]
			if m.active {
				stats[i].Runs += d.replayOne(ctx, m, reps[i])
				errs[i] = reps[i].err
				return
			}
			reps[i], errs[i] = d.explainAlone(ctx, m, mcs.Groups, guess, maxPer, opts.Mode, &stats[i])
		})
		release := func() {
			for _, r := range reps {
				if r != nil {
					r.release()
				}
			}
		}
		for i := range members {
			g.Stats.Add(stats[i])
		}
		if err := joinDistinct(errs); err != nil {
			release()
			return err
		}
		// The cases the set does not explain alone join the search
		// (counterexamples), which then looks for the set's values for
		// them together with the others', or for another set. All of
		// them at once: adding one at a time costs a round of checks of
		// every other case per case added.
		var refuted []*member
		for i, m := range members {
			if !m.active && (reps[i] == nil || !reps[i].passed()) {
				refuted = append(refuted, m)
			}
		}
		if len(refuted) > 0 {
			release()
			for _, m := range refuted {
				if err := activate(m); err != nil {
					return err
				}
			}
			refined = mcs.Groups
			continue
		}
		all := !slices.ContainsFunc(reps, func(r *replay) bool { return !r.passed() })
		var fix *fixVerdict // the one-fix check's verdict, when made
		if all && d.opts.Consistent {
			fv, err := d.checkFix(ctx, members, reps, nil, &g.Stats)
			if err != nil {
				release()
				return err
			}
			if fv.broke != nil && !added[fv.broke.name] && len(added) < maxPassingMembers {
				// The passing case's failing run joins the formula (an
				// ATF refinement with a case that must keep passing):
				// the set's shared constants, say, may have values that
				// keep it passing.
				release()
				m, err := passingMember(fv.broke, fv.run, opts)
				if err != nil {
					fv.run.Release()
					return err
				}
				added[fv.broke.name] = true
				extra = append(extra, m)
				members = append(members, m)
				if err := activate(m); err != nil {
					return err
				}
				refined = mcs.Groups
				continue
			}
			fv.run.Release()
			fv.run = nil
			if len(fv.join) > 0 {
				// Inactive cases whose values conflict join the search,
				// whose formula may give them values that agree.
				release()
				for _, m := range fv.join {
					if err := activate(m); err != nil {
						return err
					}
				}
				refined = mcs.Groups
				continue
			}
			if len(fv.agree) > 0 && agreeRounds[key] < maxAgreeRounds {
				// Active cases' executions with the same inputs and
				// other effects: look for the set's values that give
				// them the same effects.
				agreeRounds[key]++
				agree[key] = append(agree[key], fv.agree...)
				chk.Assume = agree[key]
				m, err := chk.RelaxedModel(ctx, mcs.Groups)
				if err != nil {
					release()
					return err
				}
				if m != nil {
					release()
					next = &maxsat.MCS{Groups: mcs.Groups, Cost: mcs.Cost, Model: m}
					continue
				}
			}
			final := fv
			if len(fv.groups) > 0 {
				// No check found values that agree, or the cases
				// checked alone chose theirs apart.
				fv2, err := d.unifyThenCheck(ctx, members, reps, fv, &g.Stats)
				if err != nil {
					release()
					return err
				}
				fv2.run.Release()
				fv2.run = nil
				final = fv2
			}
			final, err = d.widerFix(ctx, g, members, reps, final)
			if err != nil {
				release()
				return err
			}
			fix = &final
		}
		if !all && opts.Mode == encode.ATF {
			if rounds >= maxRef {
				release()
				g.Partial, g.Reason = true, fmt.Sprintf("refinement bound %d reached", maxRef)
				return nil
			}
			if perCand[key] < maxPer {
				perCand[key]++
				grew, err := d.refine(ctx, members, reps, &g.Stats)
				if err != nil {
					release()
					return err
				}
				if grew {
					rounds++
					refined = mcs.Groups
					release()
					continue // the formula changed: solve again
				}
			}
		}
		dg := d.diagnosis(src, opts, members, reps, all)
		if fix != nil {
			setFix(&dg, *fix)
		}
		g.Diagnoses = append(g.Diagnoses, dg)
		release()
		if all && verifiedCost == 0 {
			verifiedCost = mcs.Cost
		}
		if err := solver.Block(mcs.Groups); err != nil {
			return fmt.Errorf("localize: %w", err)
		}
	}
}

// diagnosis reads a correction set's replays as a Diagnosis.
func (d *diagnoser) diagnosis(src localize.Sources, opts *search.Options, members []*member, reps []*replay, verified bool) localize.Diagnosis {
	byExpr := opts.Granularity == encode.ByExpression
	out := localize.Diagnosis{Verified: verified, Explains: []string{}, Cases: []localize.CaseValues{}}
	for i, m := range members {
		if m.passing {
			continue
		}
		c := reps[i].out
		if c == nil {
			c = new(localize.Candidate)
			*c = search.CandidateOf(src, reps[i].cand, reps[i].v, byExpr)
		}
		if i == 0 {
			out.Locations = c.Locations
		}
		if c.Verified {
			out.Explains = append(out.Explains, m.name)
		}
		out.Cases = append(out.Cases, localize.CaseValues{Case: m.name, Passed: c.Verified, Angelic: c.Angelic})
	}
	return out
}

// joinDistinct joins errs, each message once (the cases checked in
// parallel often stop for the same reason, the deadline), as one line:
// the messages separated by "; ". errors.Is and errors.As see each.
func joinDistinct(errs []error) error {
	var out joined
	seen := map[string]bool{}
	for _, err := range errs {
		if err != nil && !seen[err.Error()] {
			seen[err.Error()] = true
			out = append(out, err)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return out
}

// joined is errors joined on one line.
type joined []error

func (j joined) Error() string {
	msgs := make([]string, len(j))
	for i, err := range j {
		msgs[i] = err.Error()
	}
	return strings.Join(msgs, "; ")
}

func (j joined) Unwrap() []error { return j }
