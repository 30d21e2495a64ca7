package search

import (
	"context"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
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
	// NoInitScope keeps the whole of a long package initialization in
	// the formula. By default, when the first failing run holds at least
	// InitPruneMin events under package initializers and no other blame
	// filter is set (SliceScope, Lines, a technique's own), the
	// initializers' events outside the relevant slice of the failure are
	// left out of the formula (encode.Options.BlamableOnly), as
	// SliceScope leaves out everything outside it: the test's own events
	// are encoded as before, and so is the initialization the failure
	// reads. Default false: pruned.
	NoInitScope bool
	// Independent leaves out of the formula of every run the events
	// that are not blamable and read no value a blamable event defined
	// (encode.Options.Independent): a library's work that only the
	// test's own values feed, such as an assertion library parsing the
	// test's source to print the failed check. The replay of a
	// candidate judges it as before. Default: off.
	Independent bool
	// Lines, if set, restricts blame to the statements on the lines it
	// accepts (the others keep their semantics): a caller's own scope,
	// such as the lines of a dynamic slice or of a diff. Default nil:
	// every line of the in-scope functions.
	Lines func(trace.Line) bool
	// Hooks replace parts of the AgxFaults loop with a caller's own: the
	// solver, the encoder, the choice of a correction set's model. (A
	// caller's own replay is a trace.Case of its own.) Default nil: the
	// built-in ones.
	Hooks *Hooks
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
	Suspiciousness localize.Suspiciousness
}

// Extension is the engine's extension point: what a technique built on
// it changes in one search ([Search]), beyond the Options a caller of
// AgxFaults sets. angelic.Localize and angelic.FlexTest pass one. The zero
// value (or nil) changes nothing.
type Extension struct {
	// Decoded, if set, is given every candidate as it is reported, with
	// the correction set it was decoded from: angelic.Localize reads the
	// instance keys and values from it.
	Decoded func(c *encode.Candidate, out localize.Candidate)
	// Blamable, if set, further restricts blame to the instances it
	// accepts (encode.Options.Blamable): angelic.Localize searches one
	// instance at a time with it.
	Blamable func(trace.InstanceKey) bool
	// Differ, if set, makes the case one that passes, searched for
	// another value at one instance (angelic.FlexTest's solver search): its first
	// run must pass, and the formula requires the instance's value to
	// differ from each of Values.
	Differ *Differ
}

// Differ is an instance and the values the formula must not give it.
type Differ struct {
	Key    trace.InstanceKey
	Values []trace.Value
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
	// the SMT core. The SAT engine is fast on loops of arithmetic and slow
	// on loads through symbolic indices; bench/scaling/REPORT.md (go run
	// ./bench/scaling) holds the figures.
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

// EngineFor returns the maxsat engine for the formula enc holds.
func EngineFor(e Engine, arith encode.Arith, steps int64, st encode.Stats) maxsat.Engine {
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

// Hooks replace parts of the AgxFaults loop ([Options.Hooks]); a nil
// field keeps the built-in part.
type Hooks struct {
	// NewSolver returns the solver the formula goes into, for a failing
	// run of steps steps. The engine is then the caller's: Options.Engine
	// and SolverTimeout do not apply.
	NewSolver func(steps int64) (*maxsat.Solver, error)
	// NewEncoder returns the encoder of the failing case into s, given
	// its failing run and the encoding options Options imply.
	NewEncoder func(s *maxsat.Solver, first *trace.CaseResult, opts *encode.Options) (*encode.Encoder, error)
	// Model returns the model of a correction set whose angelic values
	// are replayed, nil to keep mcs.Model; an error stops the search
	// (the report is partial).
	Model func(ctx context.Context, s *maxsat.Solver, enc *encode.Encoder, mcs *maxsat.MCS) (*maxsat.Model, error)
}

// RefinementBounds returns o.MaxRefinements and MaxRefinementsPerCandidate
// with their defaults (200 and 16).
func RefinementBounds(o *Options) (total, perCandidate int) {
	total, perCandidate = o.MaxRefinements, o.MaxRefinementsPerCandidate
	if total == 0 {
		total = 200
	}
	if perCandidate == 0 {
		perCandidate = 16
	}
	return total, perCandidate
}
