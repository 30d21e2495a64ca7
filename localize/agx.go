package localize

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// Options configure AgxFaults. The zero value is the default.
type Options struct {
	// Mode is the encoding: encode.ATF (AgxFaults, default), encode.PF,
	// encode.FS or encode.FI.
	Mode encode.Mode
	// Granularity of fault locations. Default: encode.ByLine.
	Granularity encode.Granularity
	// Arith is the integer encoding. Default: encode.BitVector (exact).
	Arith encode.Arith
	// NoStrings and NoFloats keep strings and floats out of the formula
	// (encode.Options.NoStrings, NoFloats). Default: false.
	NoStrings, NoFloats bool
	// Sanity checks the encoding of every run against its concrete values
	// (see encode.Options.Sanity). Default: off.
	Sanity bool
	// InScope selects the functions whose statements may be blamed.
	// Default: the functions of the program's in-scope packages.
	InScope func(fn *ssa.Function) bool
	// MaxSize bounds the number of statements of a candidate. Default 0: no
	// bound.
	MaxSize int
	// MaxCandidates stops after this many candidates. Default 0: no bound.
	MaxCandidates int
	// MaxRefinements bounds the re-runs added to the angelic formula.
	// Default 0: 200.
	MaxRefinements int
	// MaxRefinementsPerCandidate bounds the refinements spent on one set of
	// statements: a loop header, for example, can be refined one iteration
	// at a time without end. When the bound is reached the candidate is
	// reported unverified and blocked. Default 0: 16.
	MaxRefinementsPerCandidate int
	// Unwind is the loop-unwinding bound. PF flips a branch instance only
	// if its instruction ran fewer than Unwind times in its frame before
	// it; sides left unexplored are then infeasible (an unwinding
	// assumption). ATF, when Unwind > 0, makes the same assumption: an
	// angelic execution never leaves the encoded paths at a branch
	// instance whose instruction ran Unwind times or more before it, so
	// that both modes search the same executions. Default 0: 10 for PF, no
	// bound for ATF.
	Unwind int
	// MaxPaths bounds the paths PF explores. Default 0: 1000.
	MaxPaths int
	// Run are the options of every run of the test (budgets). Hooks are
	// set by AgxFaults. Default: trace's defaults.
	Run trace.RunOptions
	// Overlay holds file contents that replace files on disk, as given to
	// trace.Config.Overlay; reports quote source lines from it. Default:
	// none.
	Overlay map[string][]byte
	// SolverTimeout bounds each Z3 check. Default 0: no bound (use the
	// context for an overall deadline).
	SolverTimeout time.Duration
	// SliceScope restricts blame to the instances in the relevant slice
	// (slicing.Graph.Relevant) of the first failing run's failure: its
	// failed assertions (a Go test), the outputs its oracle rejects (a
	// trace.Test), or its panic. The other instances that run executed
	// keep their statements' semantics (a statement is blamed, and its
	// angelic values given, at its instances in the slice only); instances
	// it did not execute stay blamable, so refinements can still blame
	// code on paths it did not take. An instance outside the slice cannot
	// change the failure, except through effects the relevant slice does
	// not model (a callee's writes through globals or pointers held
	// elsewhere, on a branch not taken); leaving them out spares the
	// solver the rest of the run, such as package initialization, which
	// in ATF would otherwise offer every branch before the failure as a
	// way off the failing path, each to be refuted by a re-run. The
	// executed instances outside the slice are left out of the formula
	// but for returns (encode.Options.BlamableOnly), and ATF's loop
	// unrolling flips only the instances in it. Default:
	// off.
	SliceScope bool
	// Lines, if set, restricts blame to the statements on the lines it
	// accepts (the others keep their semantics): a caller's own scope,
	// such as the lines of a dynamic slice or of a diff. Default nil:
	// every line of the in-scope functions.
	Lines func(trace.Line) bool
	// Engine is the Z3 solver engine. Default AutoEngine: see there.
	Engine Engine
	// FirstFailure, for Go test cases, localizes the first
	// failed check of the case only: its oracle is that check's
	// assertion, and a candidate is Verified when the re-run passes that
	// check and every check before it, whatever happens after. A
	// table-driven test that loops over its rows with t.Error fails in
	// every faulty row, and a candidate must then hold angelic values for
	// all of them at once; with FirstFailure the first failing row is
	// localized alone, which is much cheaper. It implies SliceScope's restriction
	// to the slice of that first failure, so that the rows before it,
	// which passed, keep their values, and the re-runs end at the check
	// (trace.Hooks.StopAt), without the rows after it. The check is the branch instance
	// the first failed assertion is control dependent on; a case whose
	// first failure is a panic or an assertion under no branch is
	// localized whole. For an Example whose output differs from its
	// comment, the check is its output up to the first wrong line: what
	// it prints after that line expects nothing, and a re-run is Verified
	// when its output agrees up to that line. Default: off.
	FirstFailure bool
	// Suspiciousness orders the candidates that tie on verified status and
	// size by the score of their most suspicious line, before position;
	// for example SpectrumSuspiciousness of a spectrum-based ranking of
	// the other tests. It changes the order of the report only, not the
	// candidates found. Default nil: ties in position order (file, line).
	Suspiciousness Suspiciousness
}

// Engine chooses the Z3 solver localization checks with (see
// maxsat.Engine). The engine changes how fast candidates are found, not
// which: every engine decides the same questions. The angelic values shown
// may differ, since each engine returns its own model among those that fix
// the test.
type Engine int

// The engines.
const (
	// AutoEngine chooses by the formula: when integers are bit-vectors
	// (encode.BitVector), the bit-vector SAT engine if the failing run has
	// at least bvMinSteps steps and no load through a symbolic index was
	// encoded (every such load is an if-then-else chain over the
	// container's elements), HybridEngine otherwise; with encode.Integer
	// the SMT core. On the loop subjects of examples/loops
	// (bench/scaling), the SAT engine was 3 to 10 times faster than the
	// SMT core on the loops of arithmetic (Sum, Isqrt) and 10 times slower
	// on BinarySearch, whose loads of a[mid] are such chains; there
	// HybridEngine completes every bound up to 90 where the SMT core
	// stopped at 30. On the short runs of the package tests HybridEngine
	// took the same time as the SMT core or less.
	AutoEngine Engine = iota
	// SMTEngine is Z3's SMT core (maxsat.SMTEngine).
	SMTEngine
	// BVEngine is Z3's bit-vector SAT solver (maxsat.BVEngine); with
	// encode.Integer it falls back to the SMT core.
	BVEngine
	// HybridEngine is the SMT core for the checks that look for models
	// and the bit-vector SAT solver for level search's exhaustion proofs
	// (maxsat.HybridEngine); with encode.Integer it falls back to the SMT
	// core.
	HybridEngine
)

// String formats the value as the command line spells it.
func (e Engine) String() string {
	switch e {
	case AutoEngine:
		return "auto"
	case SMTEngine:
		return "smt"
	case BVEngine:
		return "bv"
	case HybridEngine:
		return "hybrid"
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// bvMinSteps is the length of the failing run from which AutoEngine
// considers the bit-vector engine.
const bvMinSteps = 400

// engine returns the maxsat engine for the formula enc holds.
func engine(e Engine, arith encode.Arith, steps int64, st encode.Stats) maxsat.Engine {
	if st.StringTerms > 0 || st.FloatTerms > 0 {
		// Strings and floats, like Int, are beyond the bit-vector engines.
		arith = encode.Integer
	}
	switch e {
	case SMTEngine:
		return maxsat.SMTEngine
	case BVEngine:
		if arith == encode.BitVector {
			return maxsat.BVEngine
		}
		return maxsat.SMTEngine
	case HybridEngine:
		if arith == encode.BitVector {
			return maxsat.HybridEngine
		}
		return maxsat.SMTEngine
	}
	if arith == encode.BitVector && steps >= bvMinSteps && st.IndexLoads == 0 {
		return maxsat.BVEngine
	}
	if arith == encode.BitVector {
		return maxsat.HybridEngine
	}
	return maxsat.SMTEngine
}

// preferenceLimit is Z3's resource limit for one check of a preference for
// angelic values near the original ones, and for one guess of singles:
// checks that only improve a model or save a search, and whose failure
// costs nothing else, so not worth more on a long run than on a short one
// (a preference check on Isqrt at loop bound 80 took 22 s under the
// scaled limit below, for nicer angelic values of a candidate already
// verified).
var preferenceLimit uint32 = 2_000_000

// relaxedLimit scales preferenceLimit with the square of the failing run's
// length (in steps, so deterministically): the formula grows with the run,
// and the work of a check faster. It bounds the checks whose failure
// costs refinements: ATF's check for a model on the encoded paths, and
// the check that a refined MCS still corrects the formula. A longer loop
// must not make them fail where a shorter one succeeds (measured on
// examples/loops' Sum: 2.6M at 743 steps, 23M for a model on the encoded
// paths at 863 steps, more than 69M at 1343). Capped at 100 times the
// base.
func relaxedLimit(steps int64) uint32 {
	f := max(steps*steps/(250*250), 1)
	return preferenceLimit * uint32(min(f, 100))
}

// ErrTestPasses is returned when the test given as failing passes.
var ErrTestPasses = errors.New("localize: the test passes; nothing to localize")

// AgxFaults localizes the fault behind the failing test case c of prog
// with the incremental angelic fix localization of AgxFaults (Algorithm 1
// of the paper), or with the PF, FS or FI encodings for comparison. It
// returns every minimal fix candidate within the bounds, each verified by
// re-running the case with its angelic values substituted.
//
// The oracle is the case's own: for a Go test case
// ([trace.Program.GoTestCase]; the program loaded with its tests) its
// assertions, or with Options.FirstFailure its first failing check, or
// for an Example its output comment; for a test given as data
// ([trace.Program.TestCase]) its expected results (a predicate oracle
// cannot be encoded: the error wraps [encode.ErrNotEncodable]); for any
// case, a panic. A candidate is verified when the re-run case passes.
//
// Cancelling ctx (or its deadline) stops the enumeration: the report then
// holds the candidates found so far and is marked Partial.
func AgxFaults(ctx context.Context, prog *trace.Program, c trace.Case, opts *Options) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	if c == nil {
		return nil, errors.New("localize: AgxFaults: no test case")
	}
	return agx(ctx, &subject{prog: prog, c: c, firstOnly: opts.FirstFailure}, opts)
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
func sliceScope(sub *subject, v *verdict) (func(trace.InstanceKey) bool, error) {
	crit := sub.criteria(v)
	t := v.res.Trace
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

// agx is Algorithm 1 over any subject.
func agx(ctx context.Context, sub *subject, opts *Options) (*Report, error) {
	start := time.Now()
	rep := &Report{Test: sub.name(), Mode: opts.Mode.String(), Candidates: []Candidate{}, Ranking: []RankedLine{}}
	runOpts := opts.Run
	runOpts.Hooks = nil
	first, err := sub.run(ctx, &runOpts)
	if err != nil {
		return nil, fmt.Errorf("localize: running %s: %w", sub.name(), err)
	}
	rep.Stats.Runs++
	defer first.release()
	if first.passed {
		return nil, fmt.Errorf("%w (%s)", ErrTestPasses, sub.name())
	}
	rep.Failure = first.failure
	if err := sub.oracle(first); err != nil {
		return nil, err
	}

	solver, err := maxsat.NewSolver(&maxsat.Options{Timeout: opts.SolverTimeout, RelaxedLimit: relaxedLimit(first.res.Steps)})
	if err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	defer solver.Close()
	eo := &encode.Options{Mode: opts.Mode, Granularity: opts.Granularity, InScope: opts.InScope, Arith: opts.Arith, Sanity: opts.Sanity, NoStrings: opts.NoStrings, NoFloats: opts.NoFloats}
	// FirstFailure slices only for assertions, not for an Example's
	// output (its criteria do not cover missing lines).
	if opts.SliceScope || (opts.FirstFailure && !first.output) {
		if eo.Blamable, err = sliceScope(sub, first); err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		// The instances outside the slice are left out of the formula:
		// the failure does not depend on them.
		eo.BlamableOnly = true
	}
	if opts.Lines != nil {
		eo.Blamable = onLines(sub.prog, eo.Blamable, opts.Lines)
	}
	var enc *encode.Encoder
	if first.test != nil {
		enc, err = encode.New(sub.prog, solver, *first.test, eo)
	} else {
		enc = encode.NewAssertions(sub.prog, solver, eo)
	}
	if err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	// addRun adds a run to the formula, with ATF's unwinding assumption.
	addRun := func(v *verdict) (int, error) {
		until := v.until
		if until <= 0 {
			until = v.res.Trace.Len()
		}
		if v.noOracle != nil && v != first {
			// A re-run whose output the oracle cannot read adds nothing.
			return 0, nil
		}
		added, err := enc.AddRunExpect(v.res, until, v.expect, v.avoid...)
		if errors.Is(err, encode.ErrNotEncodable) {
			if v == first {
				return 0, fmt.Errorf("%w: %s: %v", ErrNoOracle, sub.name(), err)
			}
			err = nil
		}
		if err == nil && opts.Mode == encode.ATF && opts.Unwind > 0 {
			_, err = enc.CloseBeyond(opts.Unwind)
		}
		if err != nil {
			return 0, fmt.Errorf("localize: %w", err)
		}
		return added, nil
	}
	if _, err := addRun(first); err != nil {
		return nil, err
	}
	if opts.Run.MaxSteps == 0 {
		// Re-runs with angelic values may loop far longer than the failing
		// run: bound them relative to it.
		opts2 := *opts
		opts2.Run.MaxSteps = 100*first.res.Steps + 100_000
		opts = &opts2
	}
	if opts.Mode == encode.PF {
		if err := explorePaths(ctx, sub, enc, first.res, opts, rep); err != nil {
			return finish(rep, enc, solver, opts, start, err)
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
	if err := solver.SetEngine(engine(opts.Engine, opts.Arith, first.res.Steps, enc.Stats())); err != nil {
		return nil, fmt.Errorf("localize: %w", err)
	}
	maxRef := opts.MaxRefinements
	if maxRef == 0 {
		maxRef = 200
	}
	maxPer := opts.MaxRefinementsPerCandidate
	if maxPer == 0 {
		maxPer = 16
	}
	perCand := map[string]int{}
	unrolled := map[trace.StaticID]bool{}
	src := sources{}
	for name, b := range opts.Overlay {
		src[name] = strings.Split(string(b), "\n")
	}
	bounds := maxsat.Bounds{MaxSize: opts.MaxSize}
	var refined []string // the groups of the MCS refined in the last round
	singles := &singles{tried: map[string]bool{}, off: first.res.Steps < guessMinSteps}
	chk := checker{s: solver, enc: enc, guess: guessLimit(first.res.Steps)}
	for {
		if opts.MaxCandidates > 0 && len(rep.Candidates) >= opts.MaxCandidates {
			rep.Partial, rep.Reason = true, fmt.Sprintf("stopped after %d candidates", len(rep.Candidates))
			break
		}
		mcs, err := chk.again(ctx, refined)
		refined = nil
		if err != nil {
			return finish(rep, enc, solver, opts, start, err)
		}
		if mcs == nil {
			mcs, err = singles.next(ctx, chk)
			if err != nil {
				return finish(rep, enc, solver, opts, start, err)
			}
		}
		if mcs == nil {
			mcs, err = solver.NextMCS(ctx, bounds)
		}
		if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
			break
		}
		if err != nil {
			return finish(rep, enc, solver, opts, start, err)
		}
		rep.Stats.MCSes++
		// Prefer angelic values close to the original ones.
		// A preference is a nicety: each check has a resource bound
		// (deterministic, unlike a deadline, so that results do not depend
		// on the machine's load), and the MCS's own model stands when no
		// check answers within it.
		// In ATF, prefer first an angelic execution on the paths encoded
		// so far: past an unexplored side everything, the oracle included,
		// is unconstrained, so a model may leave the encoded paths for no
		// reason (an early loop exit, say) and cost a refinement per side
		// tried. An MCS with no fix on the encoded paths gets the model
		// that follows the failing run longest before it leaves it (as
		// angelic values close to the original ones are preferred): a loop
		// is left one iteration early rather than at its first test.
		var anchor *maxsat.Term
		if opts.Mode == encode.ATF {
			m, a, err := chk.chooseModel(ctx, mcs.Groups, mcs.Model)
			if err != nil {
				return finish(rep, enc, solver, opts, start, err)
			}
			if m != nil {
				mcs.Model, anchor = m, a
			}
		}
		for _, radius := range []uint64{4, 64, 1 << 12, 1 << 20} {
			pref := enc.Preference(mcs.Groups, radius)
			if pref.String() == "true" {
				// Nothing to prefer (only branch decisions and Booleans,
				// or every value within reach): at a larger radius
				// neither, and a check would only return another model
				// of the same MCS (and anchor), which the MCS has
				// already (about a quarter of the MCSes on TCAS).
				break
			}
			if anchor != nil {
				pref = maxsat.And(anchor, pref)
			}
			if ok, err := mcs.Model.Bool(pref); err == nil && ok {
				// The model at hand keeps the preference: a check would
				// only look for another such model, which on a long loop
				// costs seconds of bit-vector search for nothing.
				break
			}
			m, st, err := solver.CheckRelaxedLimit(ctx, preferenceLimit, mcs.Groups, pref)
			if err != nil {
				if ctx.Err() != nil {
					return finish(rep, enc, solver, opts, start, err)
				}
				break
			}
			if st == maxsat.Sat {
				mcs.Model = m
				break
			}
		}
		cand, err := enc.Decode(mcs)
		if err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
		ro := opts.Run
		ro.Hooks = cand.Hooks
		v, err := sub.run(ctx, &ro)
		rep.Stats.Runs++
		if err != nil {
			return finish(rep, enc, solver, opts, start, err)
		}
		// A candidate whose replay fails may still pass when replayed from
		// inside its statements (encode.Candidate.Inner): the model may
		// have fixed a statement through an inner value with an angelic
		// continuation, giving its results values that mean nothing.
		var inner *verdict
		if !v.passed && cand.Inner != nil {
			ro.Hooks = cand.Inner.Hooks
			w, err := sub.run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				v.release()
				return finish(rep, enc, solver, opts, start, err)
			}
			if w.passed {
				v.release()
				v = w
				cand.Angelic, cand.Hooks = cand.Inner.Angelic, cand.Inner.Hooks
			} else {
				inner = w
			}
		}
		if !v.passed && opts.Mode == encode.ATF && v.res.Outcome != trace.BudgetExceeded {
			if rep.Stats.Refinements >= maxRef {
				rep.Partial, rep.Reason = true, fmt.Sprintf("refinement bound %d reached", maxRef)
				v.release()
				inner.release()
				break
			}
			key := strings.Join(mcs.Groups, "\x00")
			if perCand[key] < maxPer {
				perCand[key]++
				added, err := addRun(v)
				if err == nil && added == 0 && inner != nil && inner.res.Outcome != trace.BudgetExceeded {
					// The replay of the model's results took encoded paths
					// only; the inner values, run for real, may not.
					if added, err = addRun(inner); added > 0 {
						v.release()
						v, inner = inner, nil
						cand.Hooks = cand.Inner.Hooks
					}
				}
				if err != nil {
					return nil, err
				}
				if added > 0 {
					rep.Stats.Refinements++
					if d := enc.Diverged(); d != trace.NoEvent {
						if err := unrollBranch(ctx, sub, addRun, first.res, v.res.Trace.Static(d), eo.Blamable, opts, rep, unrolled); err != nil {
							return finish(rep, enc, solver, opts, start, err)
						}
						if err := stayInLoop(ctx, sub, addRun, first.res, v.res.Trace, d, cand.Hooks, opts, rep); err != nil {
							return finish(rep, enc, solver, opts, start, err)
						}
					}
					refined = mcs.Groups
					v.release()
					inner.release()
					continue // the formula changed: solve again
				}
			}
		}
		rep.Candidates = append(rep.Candidates, src.candidate(cand, v, opts.Granularity == encode.ByExpression))
		v.release()
		inner.release()
		if err := solver.Block(mcs.Groups); err != nil {
			return nil, fmt.Errorf("localize: %w", err)
		}
	}
	return finish(rep, enc, solver, opts, start, nil)
}

// again returns the MCS relaxing groups, an MCS before the refinement that
// just added runs to the formula, if it still is a correction set, with a
// model; nil if not, or if no check answered within its resource bound.
// It is still minimal: refinements only add constraints, so a proper
// subset that was no correction set before is none now. One check with
// every other group enforced replaces a probe of the level search over
// all groups, which costs more and, unless another MCS of the same cost
// comes first, returns the same set.
func (c checker) again(ctx context.Context, groups []string) (*maxsat.MCS, error) {
	if groups == nil {
		return nil, nil
	}
	s := c.s
	m, err := c.relaxedModel(ctx, groups)
	if m == nil {
		return nil, err
	}
	mcs := &maxsat.MCS{Groups: groups, Model: m}
	for _, g := range groups {
		w, _ := s.GroupWeight(g)
		mcs.Cost += w
	}
	return mcs, nil
}

// singles finds minimal fix candidates of one statement by guessing before
// the level search of maxsat does: for each statement in turn, a guess
// (checker.guessModel) with it relaxed. When the failing test's formula
// is unsatisfiable with no statement relaxed (the empty set corrects
// nothing), a statement that corrects it alone is a minimal correction
// set, so every satisfiable guess is an MCS, with a model; a guess that
// fails or does not answer within its bound proves nothing, and the level
// search, which runs when no guess is left, finds what the guesses missed.
// The enumeration stays complete and in order of size: refinements only
// add constraints, so no statement becomes a correction set later.
//
// The level search asks Z3 to choose the relaxed statement too, and on a
// long loop that took it from seconds to minutes per MCS (Isqrt at loop
// bound 80: 64 s for `odd := 0`, whose angelic value is 1) where the
// guess took a fraction of a second.
// guessMinSteps is the length of the failing run from which singles
// guesses. On short runs the level search is fast, and a guess's model,
// pinned near the original values, can be one that the formula admits
// and the re-run refutes where it is imprecise (a Go test's oracle): on
// faultloctest's Dist, `return Abs(a - b)` came out unverified with -5
// where the level search's model verified with 2.
const guessMinSteps = 200

type singles struct {
	checked bool // the empty set was checked
	off     bool // no guessing: the empty set corrects the formula, or the check failed
	tried   map[string]bool
}

func (sg *singles) next(ctx context.Context, c checker) (*maxsat.MCS, error) {
	if sg.off {
		return nil, nil
	}
	s := c.s
	for _, g := range s.GroupNames() {
		if sg.tried[g] {
			continue
		}
		sg.tried[g] = true
		if !sg.checked {
			sg.checked = true
			st, err := s.Check(ctx)
			if err != nil && ctx.Err() != nil {
				return nil, err
			}
			if st != maxsat.Unsat {
				sg.off = true
				return nil, nil
			}
		}
		m, err := c.guessModel(ctx, []string{g})
		if err != nil {
			return nil, err
		}
		if m == nil {
			continue
		}
		w, _ := s.GroupWeight(g)
		return &maxsat.MCS{Groups: []string{g}, Cost: w, Model: m}, nil
	}
	return nil, nil
}

// unrollBranch is ATF's refinement of a loop in one step. When an angelic
// execution left the encoded paths at branch instruction s, and the
// failing run executed s several times (a loop's test, typically), the
// execution sought may leave or stay in the loop at any of its iterations;
// found one refinement at a time, each costing a round of solving, that
// takes as many refinements as iterations. Instead, the first time s is
// refined, unrollBranch adds the runs that follow the failing run and flip
// one instance of s each: every iteration's other side, in one refinement
// step. Runs that add nothing new are not counted. With blamable set
// (Options.SliceScope), only the instances it admits are flipped: the
// others are outside the failure's slice, and their other sides cannot
// change it (a table-driven test's loops in the rows before the failing
// one, run thousands of times).
func unrollBranch(ctx context.Context, sub *subject, addRun func(*verdict) (int, error), first *trace.Result, s trace.StaticID, blamable func(trace.InstanceKey) bool, opts *Options, rep *Report, done map[trace.StaticID]bool) error {
	if done[s] {
		return nil
	}
	done[s] = true
	t := first.Trace
	n := 0
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if t.Static(e) == s {
			n++
		}
	}
	if n < 2 {
		return nil
	}
	prefix := map[trace.InstanceKey]bool{}
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if _, ok := t.Instr(e).(*ssa.If); !ok {
			continue
		}
		k, taken := t.Key(e), t.Value(e).Bool()
		if t.Static(e) == s && (opts.Unwind <= 0 || int(k.Occ) < opts.Unwind) && (blamable == nil || blamable(k)) {
			ro := opts.Run
			ro.Hooks = &trace.Hooks{Branches: maps.Clone(prefix)}
			ro.Hooks.Branches[k] = !taken
			v, err := sub.run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return err
			}
			added, err := addRun(v)
			if err != nil {
				return err
			}
			v.release()
			if added > 0 {
				rep.Stats.Refinements++
			}
		}
		prefix[k] = taken
	}
	return nil
}

// stayInLoop complements a refinement whose run t left the encoded paths at
// branch event d and then executed d's instruction again in the same frame:
// an angelic execution that stays in a loop longer than any encoded run.
// Refined as is, the loop would grow by one iteration per round of solving
// (the run follows the model's decisions, then leaves the loop at once).
// stayInLoop adds the run with the candidate's hooks that also takes d's
// decision at every later instance of d's instruction in that frame, up to
// the unwinding bound (without one: twice the failing run's instances of
// it, plus 10), so that every exit up to the bound is encoded at once.
func stayInLoop(ctx context.Context, sub *subject, addRun func(*verdict) (int, error), first *trace.Result, t *trace.Trace, d trace.EventID, hooks *trace.Hooks, opts *Options, rep *Report) error {
	k, taken := t.Key(d), t.Value(d).Bool()
	again := false
	for e := d + 1; int(e) < t.Len(); e++ {
		if ke := t.Key(e); ke.Static == k.Static && ke.Path == k.Path {
			again = true
			break
		}
	}
	if !again {
		return nil
	}
	limit := opts.Unwind
	if limit <= 0 {
		n := 0
		ft := first.Trace
		for e := trace.EventID(0); int(e) < ft.Len(); e++ {
			if ft.Static(e) == k.Static {
				n++
			}
		}
		limit = 2*n + 10
	}
	if int(k.Occ)+1 >= limit {
		return nil
	}
	h := &trace.Hooks{Values: hooks.Values, Branches: maps.Clone(hooks.Branches)}
	if h.Branches == nil {
		h.Branches = map[trace.InstanceKey]bool{}
	}
	for o := k.Occ + 1; int(o) < limit; o++ {
		ko := trace.InstanceKey{Static: k.Static, Path: k.Path, Occ: o}
		if _, ok := h.Branches[ko]; !ok {
			h.Branches[ko] = taken
		}
	}
	ro := opts.Run
	ro.Hooks = h
	v, err := sub.run(ctx, &ro)
	rep.Stats.Runs++
	if err != nil {
		return err
	}
	defer v.release()
	if v.res.Outcome == trace.BudgetExceeded {
		return nil
	}
	added, err := addRun(v)
	if err != nil {
		return err
	}
	if added > 0 {
		rep.Stats.Refinements++
	}
	// The execution sought may also leave the loop at any iteration after
	// d's: add the runs that follow this one and leave at each of them
	// (within the bound), as unrollBranch does along the failing run.
	// Without them, each exit costs a round of solving and a refinement
	// (on examples/loops' BinarySearch, a chain of up to 16 for the loop
	// test alone, the candidate then reported unverified).
	t2 := v.res.Trace
	prefix := map[trace.InstanceKey]bool{}
	for e := trace.EventID(0); int(e) < t2.Len(); e++ {
		if _, ok := t2.Instr(e).(*ssa.If); !ok {
			continue
		}
		ke, dec := t2.Key(e), t2.Value(e).Bool()
		if ke.Static == k.Static && ke.Path == k.Path && ke.Occ > k.Occ && int(ke.Occ) < limit && dec == taken {
			ro := opts.Run
			ro.Hooks = &trace.Hooks{Values: hooks.Values, Branches: maps.Clone(prefix)}
			ro.Hooks.Branches[ke] = !dec
			w, err := sub.run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return err
			}
			if w.res.Outcome != trace.BudgetExceeded {
				added, err := addRun(w)
				if err != nil {
					return err
				}
				if added > 0 {
					rep.Stats.Refinements++
				}
			}
			w.release()
		}
		prefix[ke] = dec
	}
	return nil
}

// checker makes the relaxed checks of localization: a guess first, then
// the check that decides.
type checker struct {
	s   *maxsat.Solver
	enc *encode.Encoder
	// guess is Z3's resource limit for a guess: a check with the relaxed
	// statements' values within guessRadius of their original ones.
	guess uint32
}

// guessRadii bound the distance of a guess's angelic values to the
// original ones (see encode.Encoder.Preference), one guess per radius
// until one is satisfiable: every value fixed but its lowest bits.
// Angelic values are often that close (`odd := 0` for 1, a sum off by
// one), and the check is then little more than propagation; the second
// radius reaches indices and lengths (`return -1` for 39); farther values
// are left to the check that decides.
var guessRadii = []uint64{4, 1 << 12}

// guessLimit is the resource limit of guesses for a failing run of steps
// steps: a quarter of relaxedLimit's, at least 4 × preferenceLimit. (On
// examples/loops' Isqrt at loop bound 100, the guess for `odd := 0` took
// 20M where 2M did not answer.)
func guessLimit(steps int64) uint32 {
	return max(4*preferenceLimit, relaxedLimit(steps)/4)
}

// guessModel returns a model of the formula with groups relaxed, assume
// holding and the groups' values within guessRadius of the original ones,
// or nil when the guess failed or did not answer within its bound. Only a
// cancelled ctx is an error.
func (c checker) guessModel(ctx context.Context, groups []string, assume ...*maxsat.Term) (*maxsat.Model, error) {
	for _, r := range guessRadii {
		pref := c.enc.Preference(groups, r)
		if pref.String() == "true" {
			return nil, nil // nothing to guess: only branches and Booleans, or no bound at r
		}
		m, st, err := c.s.CheckRelaxedLimit(ctx, c.guess, groups, append(slices.Clone(assume), pref)...)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			continue
		}
		if st == maxsat.Sat {
			return m, nil
		}
	}
	return nil, nil
}

// relaxedModel returns a model of the formula with groups relaxed and
// assume holding, or nil when there is none or the check did not answer
// within its resource bound. Only a cancelled ctx is an error. A guess
// comes first: any of its models is one of the check's.
func (c checker) relaxedModel(ctx context.Context, groups []string, assume ...*maxsat.Term) (*maxsat.Model, error) {
	if m, err := c.guessModel(ctx, groups, assume...); m != nil || err != nil {
		return m, err
	}
	m, st, err := c.s.CheckRelaxed(ctx, groups, assume...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, nil
	}
	if st != maxsat.Sat {
		return nil, nil
	}
	return m, nil
}

// chooseModel returns, for the MCS relaxing groups, a model whose
// execution stays on the encoded paths, with the constraint it satisfies,
// so that later preferences keep it. It returns a nil model when there is
// none or no check answered within its resource bound; the MCS's own model
// then stands. Only a cancelled ctx is an error.
func (c checker) chooseModel(ctx context.Context, groups []string, model *maxsat.Model) (*maxsat.Model, *maxsat.Term, error) {
	explored := c.enc.Explored()
	if ok, err := model.Bool(explored); err == nil && ok {
		return model, explored, nil // the MCS's own model stays on them
	}
	m, err := c.relaxedModel(ctx, groups, explored)
	if m != nil || err != nil {
		return m, explored, err
	}
	return nil, nil, nil
}

// finish completes a report; err (a cancellation, a timeout or a run's
// failure) makes it partial rather than failing the call.
func finish(rep *Report, enc *encode.Encoder, s *maxsat.Solver, opts *Options, start time.Time, err error) (*Report, error) {
	if err != nil {
		rep.Partial, rep.Reason = true, err.Error()
	}
	rep.Rerank(opts.Suspiciousness)
	st := enc.Stats()
	rep.Stats.Constraints, rep.Stats.Statements = st.Constraints, st.Statements
	ss := s.Stats()
	rep.Stats.SolverCalls, rep.Stats.Solve = ss.Checks, ss.SolveTime
	rep.Stats.Total = time.Since(start)
	return rep, nil
}

// sources reads source lines for reports, caching files.
type sources map[string][]string

func (s sources) line(file string, line int) string {
	lines, ok := s[file]
	if !ok {
		b, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(b), "\n")
		}
		s[file] = lines
	}
	if line >= 1 && line <= len(lines) {
		return strings.TrimSpace(lines[line-1])
	}
	return ""
}

// candidate converts a decoded MCS and its verification run.
func (s sources) candidate(c *encode.Candidate, v *verdict, byExpr bool) Candidate {
	rr := v.res
	out := Candidate{Verified: v.passed, Locations: []Location{}, Angelic: []AngelicValue{}}
	for _, st := range c.Statements {
		l := Location{File: st.Pos.Filename, Line: st.Pos.Line, Text: s.line(st.Pos.Filename, st.Pos.Line), Expr: st.Expr}
		if byExpr {
			l.Column = st.Pos.Column
		}
		out.Locations = append(out.Locations, l)
	}
	for _, a := range c.Angelic {
		out.Angelic = append(out.Angelic, AngelicValue{File: a.Pos.Filename, Line: a.Pos.Line, Occurrence: int(a.Key.Occ), Instr: a.Instr, Branch: a.Branch, Value: a.Value.String(), Orig: a.Orig.String()})
	}
	if t := rr.Trace; t != nil {
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if _, ok := t.Instr(e).(*ssa.If); ok && programCode(t, e) {
				p := t.Pos(e)
				if strings.HasSuffix(p.Filename, "_test.go") {
					continue // the test's own decisions are not the program's path
				}
				out.Path = append(out.Path, Decision{File: p.Filename, Line: p.Line, Taken: t.Value(e).Bool()})
			}
		}
	}
	return out
}

// programCode reports whether event e of t is the program's own code: a
// function written in the source or an instance of one, not package
// initialization (the package initializer, a func init, or a function
// literal inside one, as in a package variable's initializer), not a generic standard function
// the interpreter runs from source (trace.Static.Library).
func programCode(t *trace.Trace, e trace.EventID) bool {
	fn := t.Func(e)
	if fn == nil || (fn.Synthetic != "" && fn.Origin() == nil) || t.StaticInfo(t.Static(e)).Library {
		return false
	}
	for f := fn; f != nil; f = f.Parent() {
		if f.Name() == "init" || strings.HasPrefix(f.Name(), "init#") {
			return false // the package initializer, or a func init()
		}
	}
	return true
}
