package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// ErrNotModelled is Search's error when the formula does not model the
// values of the instance extension.differ names.
var ErrNotModelled = errors.New("localize: the formula does not model the instance's value")

// EndlessSteps is how many steps of a loop that does not end the formula
// holds (see endlessBudget).
const EndlessSteps = 2000

// EndlessBudget returns, for a failing run v that ran out of the default
// step budget (maxSteps 0), the smaller budget its case is localized
// with: the steps before the frame that was running when the budget ran
// out began (package initialization, the test's set-up), plus
// endlessSteps. ok is false for other runs.
func EndlessBudget(v *Verdict, maxSteps int64) (budget int64, ok bool) {
	t := v.Res.Trace
	if maxSteps != 0 || v.Passed || v.Res.Outcome != trace.BudgetExceeded || t == nil || t.Len() == 0 {
		return 0, false
	}
	start := t.CallOf(trace.EventID(t.Len() - 1))
	// A frame that began within the last endlessSteps events is a call
	// of the loop's body (the budget ran out in one of its iterations):
	// the loop is in a frame further out. Without this, a loop that calls
	// a function is localized over all its ten million steps.
	for start != trace.NoEvent && t.Len()-int(start) <= EndlessSteps {
		start = t.CallOf(start)
	}
	if start == trace.NoEvent {
		start = 0
	}
	// Steps and events differ by the instructions a trace does not
	// record: scale.
	budget = int64(start)*v.Res.Steps/int64(t.Len()) + EndlessSteps
	return budget, budget < v.Res.Steps
}

// onLines returns the blame filter of Options.Lines: the instances that
// blamable (if not nil) accepts whose statement's line keep accepts.
func onLines(prog *trace.Program, blamable func(trace.InstanceKey) bool, keep func(trace.Line) bool) func(trace.InstanceKey) bool {
	byStatic := map[trace.StaticID]bool{}
	return func(k trace.InstanceKey) bool {
		if blamable != nil && !blamable(k) {
			return false
		}
		ok, seen := byStatic[k.Static]
		if !seen {
			st, found := prog.StaticInfo(k.Static)
			ok = found && keep(trace.Line{File: st.Position.Filename, Line: st.Position.Line})
			byStatic[k.Static] = ok
		}
		return ok
	}
}

// sliceScope returns the filter of Options.SliceScope for the failing run
// v of sub: the instances in the relevant slice of v's failure, and those
// v did not execute. It returns nil (no restriction) when the run shows no
// failure event to slice from.
func sliceScope(sub *Subject, v *Verdict) (func(trace.InstanceKey) bool, error) {
	crit := sub.Criteria(v)
	t := v.Res.Trace
	if len(crit) == 0 || t == nil {
		return nil, nil
	}
	s, err := slicing.NewGraph(t).Relevant(crit...)
	if err != nil {
		return nil, err
	}
	// One map, one lookup a question: the instances the run executed,
	// true for those in the slice.
	in := make(map[trace.InstanceKey]bool, t.Len())
	for e := range t.Len() {
		in[t.Key(trace.EventID(e))] = false
	}
	for _, e := range s.Events() {
		in[t.Key(e)] = true
	}
	return func(k trace.InstanceKey) bool {
		sliced, ran := in[k]
		return sliced || !ran
	}, nil
}

// FailureDistances returns, for each group of enc that the failing run
// v executed within the backward slice of its failure, the fewest
// dependences between one of its events and the failure (as
// [slicing.Graph.Distances] counts them); nil when the run shows no
// failure event to slice from or the slice cannot be computed (the
// order it serves is then the run's).
func FailureDistances(sub *Subject, v *Verdict, enc *encode.Encoder) map[string]int {
	crit := sub.Criteria(v)
	t := v.Res.Trace
	if len(crit) == 0 || t == nil {
		return nil
	}
	dist, err := slicing.NewGraph(t).Distances(crit...)
	if err != nil {
		return nil
	}
	out := map[string]int{}
	for e, d := range dist {
		if d < 0 {
			continue
		}
		g := enc.GroupOf(t, trace.EventID(e))
		if g == "" {
			continue
		}
		if old, ok := out[g]; !ok || d < old {
			out[g] = d
		}
	}
	return out
}

// FirstRun runs sub's failing case for the formula, counting its runs in
// st: again with a smaller step budget when it ran out of the default one
// (endlessBudget), and then with opts changed to that budget. It fails
// when the case passes or has no oracle. The caller releases the verdict.
func FirstRun(ctx context.Context, sub *Subject, opts *Options, ext *Extension, st *localize.Stats) (*Verdict, *Options, error) {
	runOpts := opts.Run
	runOpts.Hooks = nil
	first, err := sub.Run(ctx, &runOpts)
	if err != nil {
		return nil, nil, fmt.Errorf("localize: running %s: %w", sub.Name(), err)
	}
	st.Runs++
	failed := first.Failure
	if budget, ok := EndlessBudget(first, opts.Run.MaxSteps); ok {
		// A loop that does not end: its first iterations show it as well
		// as millions, in a formula a thousand times smaller. The report
		// says how the case failed, not how the shortened run ended.
		first.Release()
		runOpts.MaxSteps = budget
		if first, err = sub.Run(ctx, &runOpts); err != nil {
			return nil, nil, fmt.Errorf("localize: running %s: %w", sub.Name(), err)
		}
		st.Runs++
		opts2 := *opts
		opts2.Run.MaxSteps = budget
		opts = &opts2
	}
	if ext != nil && ext.Differ != nil {
		// A passing case, searched for another value at one instance:
		// its oracle is that it keeps passing.
		if !first.Passed {
			first.Release()
			return nil, nil, fmt.Errorf("localize: %s does not pass", sub.Name())
		}
		return first, opts, nil
	}
	if first.Passed {
		first.Release()
		return nil, nil, fmt.Errorf("%w (%s)", localize.ErrTestPasses, sub.Name())
	}
	first.Failure = failed // how the case failed, not how the shortened run ended
	if err := sub.Oracle(first); err != nil {
		first.Release()
		return nil, nil, err
	}
	return first, opts, nil
}

// EncodeOptions returns the encoding options that opts imply for sub's
// failing run first (its slice scope, its lines), with shared as the
// table of fault predicates (nil: the encoder's own).
func EncodeOptions(sub *Subject, first *Verdict, opts *Options, ext *Extension, shared *encode.Shared) (*encode.Options, error) {
	eo := &encode.Options{Mode: opts.Mode, Granularity: opts.Granularity, InScope: opts.InScope, Arith: opts.Arith, Sanity: opts.Sanity, NoStrings: opts.NoStrings, NoFloats: opts.NoFloats, Independent: opts.Independent, Shared: shared}
	// FirstFailure slices only for assertions, not for an Example's
	// output (its criteria do not cover missing lines).
	if opts.SliceScope || (opts.FirstFailure && !first.Output) {
		var err error
		if eo.Blamable, err = sliceScope(sub, first); err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		// The instances outside the slice are left out of the formula:
		// the failure does not depend on them.
		eo.BlamableOnly = true
	} else if opts.Lines == nil && (ext == nil || ext.Blamable == nil) && !opts.NoInitScope {
		// A long package initialization is left out of the formula but
		// for the failure's slice of it (initScope). Only without other
		// filters: under BlamableOnly they would leave out what they
		// reject instead of encoding it as hard constraints.
		f, err := initScope(sub, first)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		if f != nil {
			eo.Blamable, eo.BlamableOnly = f, true
		}
	}
	if opts.Lines != nil {
		eo.Blamable = onLines(sub.Prog, eo.Blamable, opts.Lines)
	}
	if ext != nil && ext.Blamable != nil {
		only := ext.Blamable
		prev := eo.Blamable
		eo.Blamable = func(k trace.InstanceKey) bool { return only(k) && (prev == nil || prev(k)) }
	}
	return eo, nil
}

// CaseEncoder returns the encoder of sub's failing run first into solver:
// the oracle of a test given as data is its expected results, that of
// other cases what their runs avoid (AddRunExpect's arguments). Making
// it is a step of own (Owner.Step; nil: run in the caller's goroutine):
// the expected results become terms of the solver, and
// Hooks.NewEncoder may do anything, so a construction still in a Z3
// call a moment after own's context ends is given up, an error wrapping
// ErrGivenUp, and the solver and first's trace are left to it.
func CaseEncoder(own *Owner, sub *Subject, solver *maxsat.Solver, first *Verdict, eo *encode.Options, opts *Options) (*encode.Encoder, error) {
	var enc *encode.Encoder
	err := own.Step(func() error {
		var err error
		switch {
		case opts.Hooks != nil && opts.Hooks.NewEncoder != nil:
			enc, err = opts.Hooks.NewEncoder(solver, first.Result, eo)
		case first.Test != nil:
			enc, err = encode.New(sub.Prog, solver, *first.Test, eo)
		default:
			enc = encode.NewAssertions(sub.Prog, solver, eo)
		}
		return err
	}, first)
	if err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	return enc, nil
}

// CaseFormula is the formula of one failing case: its subject, its
// failing run and its encoder.
type CaseFormula struct {
	Sub   *Subject
	First *Verdict
	Enc   *encode.Encoder
	Opts  *Options
	// Owner, if set, holds the solver of Enc and runs each encoding of
	// a run as a step it may give up (Owner.Step). Default nil: the
	// encoding runs in the caller's goroutine.
	Owner *Owner
}

// AddRun adds run v of the case to its formula, with ATF's unwinding
// assumption, and returns how many constraints it added. An encoding
// given up at the end of the Owner's context is an error wrapping
// ErrGivenUp and encode.ErrInterrupted.
func (cf *CaseFormula) AddRun(v *Verdict) (int, error) {
	until := v.Until
	if until <= 0 {
		until = v.Res.Trace.Len()
	}
	if v.NoOracle != nil && v != cf.First {
		// A re-run whose output the oracle cannot read adds nothing.
		return 0, nil
	}
	var added int
	err := cf.Owner.Step(func() error {
		var err error
		added, err = cf.Enc.AddRunExpect(v.Res, until, v.Expect, v.Avoid...)
		if errors.Is(err, encode.ErrNotEncodable) {
			if v == cf.First {
				return fmt.Errorf("%w: %s: %v", localize.ErrNoOracle, cf.Sub.Name(), err)
			}
			err = nil
		}
		if err == nil && cf.Opts.Mode == encode.ATF && cf.Opts.Unwind > 0 {
			_, err = cf.Enc.CloseBeyond(cf.Opts.Unwind)
		}
		return err
	}, v)
	if errors.Is(err, localize.ErrNoOracle) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("localize: %w", err)
	}
	return added, nil
}

// ReplayBound returns opts with the step budget of the re-runs of a case
// whose failing run took steps steps, when opts sets none: re-runs with
// angelic values may loop far longer than the failing run.
func ReplayBound(opts *Options, steps int64) *Options {
	if opts.Run.MaxSteps != 0 {
		return opts
	}
	opts2 := *opts
	opts2.Run.MaxSteps = 100*steps + 100_000
	return &opts2
}

// Search is Algorithm 1 over any subject, with ext the changes of a technique built on the engine (nil: none).
func Search(ctx context.Context, sub *Subject, opts *Options, ext *Extension) (*localize.Report, error) {
	if ext == nil {
		ext = &Extension{}
	}
	start := time.Now()
	rep := &localize.Report{Test: sub.Name(), Mode: opts.Mode.String(), Candidates: []localize.Candidate{}, Ranking: []localize.RankedLine{}}
	first, opts, err := FirstRun(ctx, sub, opts, ext, &rep.Stats)
	if err != nil {
		return nil, err
	}
	defer first.Release()
	rep.Failure = first.Failure

	var solver *maxsat.Solver
	if opts.Hooks != nil && opts.Hooks.NewSolver != nil {
		solver, err = opts.Hooks.NewSolver(first.Res.Steps)
	} else {
		solver, err = maxsat.NewSolver(&maxsat.Options{Timeout: opts.SolverTimeout, RelaxedLimit: RelaxedLimit(first.Res.Steps), Done: ctx.Done()})
	}
	if err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	// Making the encoder, the encodings of runs and the move to the
	// engine are steps the call gives up at ctx's end; own closes the
	// solver.
	own := NewOwner(ctx)
	defer own.Close()
	own.Hold(solver)
	eo, err := EncodeOptions(sub, first, opts, ext, nil)
	if err != nil {
		return nil, err
	}
	eo.Done = ctx.Done() // a long run's encoding is bounded too
	enc, err := CaseEncoder(own, sub, solver, first, eo, opts)
	if err != nil {
		return interrupted(ctx, rep, start, err)
	}
	cf := &CaseFormula{Sub: sub, First: first, Enc: enc, Opts: opts, Owner: own}
	addRun := cf.AddRun
	if _, err := addRun(first); err != nil {
		return interrupted(ctx, rep, start, err)
	}
	if d := ext.Differ; d != nil {
		for _, v := range d.Values {
			eq := enc.Equals(d.Key, v)
			if eq == nil {
				return nil, ErrNotModelled
			}
			if err := solver.AddHard(maxsat.Not(eq)); err != nil {
				return nil, fmt.Errorf("localize: %w", err)
			}
		}
	}
	opts = ReplayBound(opts, first.Res.Steps)
	if opts.Mode == encode.PF {
		if err := explorePaths(ctx, sub, own, enc, first.Res, opts, rep); err != nil {
			return finish(rep, own, enc, solver, opts, start, err)
		}
		// Within the bound, a side PF did not explore is infeasible, not
		// angelic. When MaxPaths cut the exploration short, sides within
		// the bound are missing too, and closing them would exclude real
		// fixes: the formula then stays angelic beyond what was explored.
		if !rep.Partial {
			if _, err := enc.CloseUnexplored(); err != nil {
				return nil, fmt.Errorf("localize: %w", err)
			}
		}
	}
	if opts.Hooks == nil || opts.Hooks.NewSolver == nil {
		engine := EngineFor(opts.Engine, opts.Arith, first.Res.Steps, enc.Stats())
		if err := own.Step(func() error { return solver.SetEngine(engine) }); err != nil {
			if ctx.Err() != nil {
				// Stopped while the formula moved to its engine.
				return finish(rep, own, enc, solver, opts, start, err)
			}
			return nil, fmt.Errorf("localize: %w", err)
		}
	}
	maxRef, maxPer := RefinementBounds(opts)
	perCand := map[string]int{}
	unrolled := map[trace.StaticID]bool{}
	src := localize.Sources{}
	for name, b := range opts.Overlay {
		src[name] = strings.Split(string(b), "\n")
	}
	bounds := maxsat.Bounds{MaxSize: opts.MaxSize}
	var refined []string // the groups of the MCS refined in the last round
	singles := &Singles{Tried: map[string]bool{}, Off: first.Res.Steps < GuessMinSteps}
	if !singles.Off {
		singles.Order = FailureDistances(sub, first, enc)
	}
	chk := Checker{Solver: solver, Encs: []*encode.Encoder{enc}, Guess: GuessLimit(first.Res.Steps)}
	for {
		if opts.MaxCandidates > 0 && len(rep.Candidates) >= opts.MaxCandidates {
			rep.Partial, rep.Reason = true, fmt.Sprintf("stopped after %d candidates", len(rep.Candidates))
			break
		}
		mcs, err := chk.Again(ctx, refined)
		refined = nil
		if err != nil {
			return finish(rep, own, enc, solver, opts, start, err)
		}
		if mcs == nil {
			mcs, err = singles.Next(ctx, chk)
			if err != nil {
				return finish(rep, own, enc, solver, opts, start, err)
			}
		}
		if mcs == nil {
			mcs, err = solver.NextMCS(ctx, bounds)
		}
		if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
			break
		}
		if err != nil {
			return finish(rep, own, enc, solver, opts, start, err)
		}
		rep.Stats.MCSes++
		if opts.Hooks != nil && opts.Hooks.Model != nil {
			m, err := opts.Hooks.Model(ctx, solver, enc, mcs)
			if err != nil {
				return finish(rep, own, enc, solver, opts, start, err)
			}
			if m != nil {
				mcs.Model = m
			}
		} else if err := chk.PreferredModel(ctx, mcs, opts.Mode); err != nil {
			return finish(rep, own, enc, solver, opts, start, err)
		}
		cand, err := enc.Decode(mcs)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		ro := opts.Run
		ro.Hooks = cand.Hooks
		v, err := sub.Run(ctx, &ro)
		rep.Stats.Runs++
		if err != nil {
			return finish(rep, own, enc, solver, opts, start, err)
		}
		// A candidate whose replay fails may still pass when replayed from
		// inside its statements (encode.Candidate.Inner): the model may
		// have fixed a statement through an inner value with an angelic
		// continuation, giving its results values that mean nothing.
		var inner *Verdict
		if !v.Passed && cand.Inner != nil {
			ro.Hooks = cand.Inner.Hooks
			w, err := sub.Run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				v.Release()
				return finish(rep, own, enc, solver, opts, start, err)
			}
			if w.Passed {
				v.Release()
				v = w
				cand.Angelic, cand.Hooks = cand.Inner.Angelic, cand.Inner.Hooks
			} else {
				inner = w
			}
		}
		if !v.Passed && opts.Mode == encode.ATF && v.Res.Outcome != trace.BudgetExceeded {
			if rep.Stats.Refinements >= maxRef {
				rep.Partial, rep.Reason = true, fmt.Sprintf("refinement bound %d reached", maxRef)
				v.Release()
				inner.Release()
				break
			}
			key := SetKey(mcs.Groups)
			if perCand[key] < maxPer {
				perCand[key]++
				added, err := addRun(v)
				if err == nil && added == 0 && inner != nil && inner.Res.Outcome != trace.BudgetExceeded {
					// The replay of the model's results took encoded paths
					// only; the inner values, run for real, may not.
					if added, err = addRun(inner); added > 0 {
						v.Release()
						v, inner = inner, nil
						cand.Hooks = cand.Inner.Hooks
					}
				}
				if errors.Is(err, encode.ErrInterrupted) {
					return finish(rep, own, enc, solver, opts, start, err) // the candidates found stand
				}
				if err != nil {
					return nil, err
				}
				if added > 0 {
					rep.Stats.Refinements++
					if d := enc.Diverged(); d != trace.NoEvent {
						if err := UnrollBranch(ctx, sub, addRun, first.Res, v.Res.Trace.Static(d), eo.Blamable, opts, rep, unrolled); err != nil {
							return finish(rep, own, enc, solver, opts, start, err)
						}
						if err := StayInLoop(ctx, sub, addRun, first.Res, v.Res.Trace, d, cand.Hooks, opts, rep); err != nil {
							return finish(rep, own, enc, solver, opts, start, err)
						}
					}
					refined = mcs.Groups
					v.Release()
					inner.Release()
					continue // the formula changed: solve again
				}
			}
		}
		out := CandidateOf(src, cand, v, opts.Granularity == encode.ByExpression)
		if ext.Decoded != nil {
			ext.Decoded(cand, out)
		}
		rep.Candidates = append(rep.Candidates, out)
		v.Release()
		inner.Release()
		if err := solver.Block(mcs.Groups); err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
	}
	return finish(rep, own, enc, solver, opts, start, nil)
}

// interrupted returns err, or, when err is the encoding of the failing
// run stopped by ctx's end, rep as it stands (the failure, no candidates)
// marked Partial: a bound reached while encoding is a partial result, as
// one reached while solving is.
func interrupted(ctx context.Context, rep *localize.Report, start time.Time, err error) (*localize.Report, error) {
	if ctx.Err() == nil || !errors.Is(err, encode.ErrInterrupted) {
		return nil, err
	}
	rep.Partial, rep.Reason = true, err.Error()
	rep.Stats.Total = time.Since(start)
	return rep, nil
}

// finish completes a report; err (a cancellation, a timeout or a run's
// failure) makes it partial rather than failing the call. Once own gave
// a step up, the formula's statistics are left out: the goroutine left
// behind owns the encoder and the solver.
func finish(rep *localize.Report, own *Owner, enc *encode.Encoder, s *maxsat.Solver, opts *Options, start time.Time, err error) (*localize.Report, error) {
	if err != nil {
		rep.Partial, rep.Reason = true, err.Error()
	}
	rep.Rerank(opts.Suspiciousness)
	if !own.GivenUp() {
		st := enc.Stats()
		rep.Stats.Constraints, rep.Stats.Statements = st.Constraints, st.Statements
		ss := s.Stats()
		rep.Stats.SolverCalls, rep.Stats.Solve = ss.Checks, ss.SolveTime
	}
	rep.Stats.Total = time.Since(start)
	return rep, nil
}
