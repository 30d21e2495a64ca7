package maxsat

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/faultloc/faultloc/internal/z3"
)

// Status is the outcome of a check.
type Status int

// Statuses.
const (
	Unknown Status = iota // the solver gave up (timeout, cancellation)
	Sat
	Unsat
)

// String formats the value for messages and reports.
func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Errors returned by the Solver. Errors wrap these sentinels or are of the
// types *SortError and *UnknownError; context cancellation is reported as
// an error that wraps ctx.Err().
var (
	// ErrExhausted: no further MCS exists within the bounds.
	ErrExhausted = errors.New("maxsat: no more MCS within the bounds")
	// ErrHardUnsat: the hard constraints alone are unsatisfiable, so no
	// correction set exists (reported when no MCS has been blocked yet).
	ErrHardUnsat = errors.New("maxsat: hard constraints are unsatisfiable")
	// ErrSat: MUS was asked of a satisfiable problem.
	ErrSat = errors.New("maxsat: hard and soft constraints are satisfiable together")
	// ErrClosed: the Solver was closed.
	ErrClosed = errors.New("maxsat: solver is closed")
	// ErrInterrupted: Options.Done was closed while a term was being
	// translated into Z3 (AddHard, AddSoft, the checks given terms).
	ErrInterrupted = errors.New("maxsat: interrupted")
)

// UnknownError reports that Z3 returned unknown (timeout, resource limit,
// incompleteness) with its reason.
type UnknownError struct{ Reason string }

// Error formats the error, naming what went wrong and where.
func (e *UnknownError) Error() string { return "maxsat: solver returned unknown: " + e.Reason }

// Options configure a Solver. The zero value is the documented default for
// every field.
type Options struct {
	MCS     MCSAlgorithm  // MCS enumeration; default LevelSearch
	MUS     MUSAlgorithm  // MUS extraction; default DeletionMUS
	Timeout time.Duration // bound on each Z3 check; default 0, no bound
	// RelaxedLimit bounds each CheckRelaxed call by Z3's resource limit
	// (the "rlimit" parameter: a deterministic count of solver steps,
	// unlike a timeout); a call that reaches it returns Unknown. Default
	// 0: no bound. A formula with string terms is not bounded so: Z3
	// 4.8.12's sequence solver can crash the process (a segmentation
	// fault, which no Go code recovers) when the resource limit stops it
	// (TestStringsNotResourceBounded); its checks are bounded by their
	// context only.
	RelaxedLimit uint32
	// Done, if set, interrupts the translation of a term into Z3 when it
	// is closed (a context's Done channel): a call that adds or checks a
	// term then returns an error wrapping ErrInterrupted. Translating one
	// term of millions of nodes (a long run's accumulated arithmetic)
	// takes seconds, which a bound on the whole call must be able to
	// stop. The nodes translated so far are kept, so the Solver stays
	// usable. Checks are bounded by their own context; once Done is
	// closed, a check that goes on a quarter of a second past its
	// context's end (Z3 does not heed every interrupt at once: its
	// sequence solver can go on for seconds) is abandoned to end in the
	// background (its error wraps the context's), and the Solver is
	// closed: every later call returns an error.
	Done <-chan struct{}
}

// Engine names the Z3 solver a Solver checks with.
type Engine int

// The engines.
const (
	// SMTEngine is Z3's incremental SMT core (Z3_mk_simple_solver), the
	// default: any sort, bit-vectors bit-blasted lazily.
	SMTEngine Engine = iota
	// BVEngine is Z3's bit-vector SAT solver (the QF_BV logic's
	// incremental solver): every bit-vector term is bit-blasted and the
	// whole problem solved by a SAT solver with its in-processing. It
	// accepts Booleans and bit-vectors only. On long chains of bit-vector
	// arithmetic (a loop unrolled a hundred times) it is several times
	// faster than the SMT core; on formulas with large if-then-else
	// chains (symbolic array reads) much slower (bench/scaling measures
	// both).
	BVEngine
	// HybridEngine checks with both, on one formula: the SMT core for
	// the checks that look for a model (Check, CheckRelaxed, MUS), the
	// bit-vector SAT solver for level search's probes, whose answer on
	// trace formulas is mostly an exhaustion proof (no correction set of
	// this cost is left). The SAT solver, a second Z3 solver in the same
	// context, receives every hard constraint, soft, block and bound
	// before its next check. Like BVEngine it accepts Booleans and
	// bit-vectors only; should a term of sort Int be added later, the
	// probes fall back to the SMT core. It suits formulas with large
	// if-then-else chains (a binary search's symbolic array reads), where
	// the SAT solver proves a level exhausted much faster than the SMT
	// core but finds models more slowly.
	HybridEngine
)

// String formats the value for messages and reports.
func (e Engine) String() string {
	switch e {
	case SMTEngine:
		return "smt"
	case BVEngine:
		return "bv"
	case HybridEngine:
		return "hybrid"
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// ErrEngine is returned by SetEngine when the engine cannot be changed:
// checks were made already, or BVEngine was asked for a formula with
// integer terms.
var ErrEngine = errors.New("maxsat: cannot change the engine")

// SetEngine makes the Solver check with engine e from now on. It must be
// called before the first check; the constraints added so far are kept.
// A Solver starts with SMTEngine. The constraints are asserted anew into
// the new engine's solver, which takes seconds for a long run's formula:
// when Options.Done is closed meanwhile, SetEngine returns an error
// wrapping ErrInterrupted and the Solver keeps its engine and
// constraints.
func (s *Solver) SetEngine(e Engine) error {
	if s.closed {
		return ErrClosed
	}
	if e == s.engine {
		return nil
	}
	if s.stats.Checks > 0 || s.opt != nil {
		return fmt.Errorf("%w: checks were made already", ErrEngine)
	}
	kind := z3.SimpleSolver
	switch e {
	case SMTEngine:
	case BVEngine, HybridEngine:
		if s.ints {
			return fmt.Errorf("%w: the bit-vector engine has no integers, strings or floats", ErrEngine)
		}
		if e == BVEngine {
			kind = z3.BVSolver
		}
	default:
		return fmt.Errorf("%w: unknown engine %d", ErrEngine, int(e))
	}
	sv, err := s.newZ3Solver(kind)
	if err != nil {
		return err
	}
	for i, a := range s.hardLog {
		if s.done() {
			sv.Close()
			return fmt.Errorf("%w: changing the engine, after %d of %d constraints", ErrInterrupted, i, len(s.hardLog))
		}
		if err := sv.Assert(a); err != nil {
			sv.Close()
			return fmt.Errorf("maxsat: %w", err)
		}
	}
	s.sv.Close()
	s.sv, s.engine = sv, e
	s.base = slices.Clone(s.hardLog)
	// The prover, if any, is made anew: it has made no check yet either.
	if s.pr != nil {
		s.pr.close()
		s.pr = nil
	}
	if e == HybridEngine {
		s.pr = &prover{log: slices.Clone(s.hardLog)}
	}
	return nil
}

// Engine returns the engine the Solver checks with.
func (s *Solver) Engine() Engine { return s.engine }

// newZ3Solver returns a Z3 solver of the given kind with the options'
// timeout.
func (s *Solver) newZ3Solver(kind z3.SolverKind) (*z3.Solver, error) {
	sv, err := s.ctx.NewSolver(kind)
	if err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	if s.opts.Timeout > 0 {
		if err := sv.SetTimeout(s.opts.Timeout); err != nil {
			sv.Close()
			return nil, fmt.Errorf("maxsat: %w", err)
		}
	}
	return sv, nil
}

// Stats counts the work a Solver has done.
type Stats struct {
	Checks     int           // Z3 checks (solver calls)
	Sat        int           // checks that returned sat
	Unsat      int           // checks that returned unsat
	Unknown    int           // checks that returned unknown or were interrupted
	SolveTime  time.Duration // time inside Z3 checks
	BuildTime  time.Duration // time translating terms to Z3
	Hard       int           // hard constraints added (AddHard)
	Soft       int           // soft constraints added (AddSoft)
	Groups     int           // soft groups
	Blocks     int           // blocked MCSes
	MCS        int           // MCSes returned by NextMCS
	Z3Terms    int           // distinct terms translated to Z3
	CoreChecks int           // checks made for cores and MUSes
	// Grown counts the groups that level search added to its subproblem
	// from unsat cores (see LevelSearch).
	Grown int
	// ProverChecks counts the checks of HybridEngine's SAT solver
	// (included in Checks).
	ProverChecks int
}

// group is a set of soft constraints relaxed as a unit, controlled by the
// selector literal sel: the hard constraint sel ⇒ soft holds for each soft
// of the group, so assuming sel enforces the group and ¬sel relaxes it.
type group struct {
	name   string
	weight uint64
	sel    z3.AST
	nsel   z3.AST // ¬sel, the relaxation literal
	softs  int
}

// Solver is an incremental partial MaxSMT solver over Z3. Hard constraints
// must hold; soft constraints carry a positive weight and a group, and a
// group is relaxed as a unit at the sum of its weights. Constraints may be
// added at any time, also between NextMCS calls: relaxation variables,
// blocked MCSes, the proven cost level and Z3's learned state are kept.
//
// A Solver belongs to one goroutine. Call Close to release Z3's memory.
type Solver struct {
	opts   Options
	ctx    *z3.Context
	sv     *z3.Solver
	engine Engine
	closed bool

	bsort z3.Sort
	memo  map[*Term]z3.AST

	groups  []*group
	byName  map[string]int
	bySel   map[z3.AST]int
	unit    bool   // every group has weight 1
	total   uint64 // sum of all soft weights
	hardLog []z3.AST
	base    []z3.AST // what sv holds outside any scope, in order (see renew.go)
	stale   bool     // sv must be renewed before its next check (see renew.go)
	ints    bool     // a term of sort Int was translated
	strs    bool     // a term of sort String was translated
	blocked int

	// Level search state: no unblocked correction set of size <= lvlSize
	// (0: any) costs <= kDone.
	kDone   int64
	lvlSize int
	// cands, when not nil, holds (sorted) the groups of level search's
	// subproblem U (see probeLevel): first the groups of an unsat core of
	// the softs (see probe), which contain every MCS of cost 1;
	// constraints added later keep a core a core, so this stays valid for
	// the Solver's life. Cores of later checks add groups.
	cands []int
	// inDone: no unblocked correction set within cands costs <= inDone.
	// Growing cands resets it to kDone.
	inDone  int64
	candGen int                // incremented whenever cands changes
	card    map[cardKey]z3.AST // live activation literals of bounds
	in      insideScope        // see scope.go
	pr      *prover            // HybridEngine's SAT solver; see prover.go
	cur     *z3.Solver         // the Z3 solver of the last check

	// Results of the last Check.
	lastModel *Model
	lastCore  []string

	// Z3 Optimize peer for the OptimizeBlocking algorithm, made on demand.
	opt *z3.Optimize

	models []*z3.Model // models handed out since the last Reset
	gen    int         // number of Resets, to invalidate older Models

	stats Stats
}

type cardKey struct {
	cost  int64 // -1: no cost bound
	size  int   // 0: no size bound
	softs int   // number of softs added when the bound was made
	// inside: candGen of the core candidates the bound is over (see
	// probeLevel); 0: over all groups
	inside int
}

// NewSolver returns an empty solver; opts may be nil for the defaults.
func NewSolver(opts *Options) (*Solver, error) {
	c, err := z3.NewContext()
	if err != nil {
		if _, ok := errors.AsType[*z3.NoSolverError](err); ok {
			return nil, &NoSolverError{}
		}
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	sv, err := c.NewSolver(z3.SimpleSolver)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	s := &Solver{
		ctx:    c,
		sv:     sv,
		memo:   map[*Term]z3.AST{},
		byName: map[string]int{},
		bySel:  map[z3.AST]int{},
		unit:   true,
		kDone:  -1,
		card:   map[cardKey]z3.AST{},
	}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Done != nil {
		c.AbandonWhen(s.opts.Done)
	}
	if s.opts.Timeout > 0 {
		if err := sv.SetTimeout(s.opts.Timeout); err != nil {
			c.Close()
			return nil, fmt.Errorf("maxsat: %w", err)
		}
	}
	if s.bsort, err = c.BoolSort(); err != nil {
		c.Close()
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	return s, nil
}

// Reset removes every constraint, group, block, result and statistic, as if the Solver
// were new (its engine SMTEngine again), but keeps its Z3 context and the terms already translated
// there. Creating and deleting a Z3 context costs far more than clearing
// one, so Reset is the cheap way to solve many unrelated problems in a row. Reset releases
// the models found so far: their Eval then returns ErrClosed.
func (s *Solver) Reset() error {
	if s.closed {
		return ErrClosed
	}
	sv, err := s.newZ3Solver(z3.SimpleSolver)
	if err != nil {
		return err
	}
	s.sv.Close()
	if s.pr != nil {
		s.pr.close()
	}
	if s.opt != nil {
		s.opt.Close()
	}
	for _, m := range s.models {
		m.Close()
	}
	*s = Solver{
		gen:    s.gen + 1,
		opts:   s.opts,
		ctx:    s.ctx,
		sv:     sv,
		bsort:  s.bsort,
		memo:   s.memo,
		ints:   s.ints, // memoized terms are not translated again
		strs:   s.strs,
		byName: map[string]int{},
		bySel:  map[z3.AST]int{},
		unit:   true,
		kDone:  -1,
		card:   map[cardKey]z3.AST{},
	}
	return nil
}

// Close releases the solver and all its models. Close is idempotent.
func (s *Solver) Close() {
	if s.closed {
		return
	}
	s.closed = true
	s.ctx.Close()
	s.memo = nil
}

// Stats returns the work counters so far.
func (s *Solver) Stats() Stats { return s.stats }

// Z3Statistics returns the backend solver's own statistics (conflicts,
// decisions, memory...) for diagnostics.
func (s *Solver) Z3Statistics() map[string]float64 {
	if s.closed {
		return nil
	}
	return s.sv.Statistics()
}

// assert adds a hard Z3 term to the solver (and to the Optimize peer).
func (s *Solver) assert(a z3.AST) error {
	if err := s.hard(a); err != nil {
		return err
	}
	s.hardLog = append(s.hardLog, a)
	if s.opt != nil {
		if err := s.opt.Assert(a); err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
	}
	return nil
}

func (s *Solver) boolTerm(t *Term, what string) (z3.AST, error) {
	if s.closed {
		return z3.AST{}, ErrClosed
	}
	if err := t.Err(); err != nil {
		return z3.AST{}, err
	}
	if t.sort.Kind != BoolSort {
		return z3.AST{}, &SortError{Op: what, Args: []Sort{t.sort}, Msg: "constraint must be Bool"}
	}
	return s.translate(t)
}

// AddHard adds a constraint that every solution must satisfy. An ill-sorted
// or non-Bool term is rejected with a *SortError and nothing is added.
func (s *Solver) AddHard(t *Term) error {
	a, err := s.boolTerm(t, "AddHard")
	if err != nil {
		return err
	}
	if err := s.assert(a); err != nil {
		return err
	}
	s.stats.Hard++
	return nil
}

// AddSoft adds a soft constraint of the given weight (>= 1; the total of all
// weights must stay below 2^31, the range of Z3's pseudo-Boolean
// coefficients) to the named
// group, creating the group if needed; the empty name makes a group of its
// own named "#n" after the soft's index n. Relaxing a group costs the sum of
// its softs' weights, and all its softs are relaxed together.
func (s *Solver) AddSoft(t *Term, weight uint64, groupName string) error {
	a, err := s.boolTerm(t, "AddSoft")
	if err != nil {
		return err
	}
	if weight == 0 || weight > math.MaxInt32 {
		return fmt.Errorf("maxsat: soft weight %d outside [1, %d]", weight, math.MaxInt32)
	}
	if groupName == "" {
		groupName = fmt.Sprintf("#%d", s.stats.Soft)
	}
	if s.total+weight > math.MaxInt32 {
		return fmt.Errorf("maxsat: total soft weight exceeds %d", math.MaxInt32)
	}
	gi, ok := s.byName[groupName]
	if !ok {
		// The fresh variable is the relaxation literal and the selector is
		// its negation: Z3 tries false first for a new variable, so the
		// search starts with every group enforced and relaxes only what a
		// conflict asks for. With the opposite polarity a probe at level 1
		// over a 10^4-statement trace tried relaxing statements one by one
		// from the start of the trace.
		nsel, err := s.ctx.Fresh("relax", s.bsort)
		if err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
		sel, err := s.ctx.App(z3.OpNot, 0, 0, nsel)
		if err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
		gi = len(s.groups)
		s.groups = append(s.groups, &group{name: groupName, sel: sel, nsel: nsel})
		s.byName[groupName] = gi
		s.bySel[sel] = gi
		s.stats.Groups++
	}
	g := s.groups[gi]
	imp, err := s.ctx.App(z3.OpImplies, 0, 0, g.sel, a)
	if err != nil {
		return fmt.Errorf("maxsat: %w", err)
	}
	if err := s.assert(imp); err != nil {
		return err
	}
	if s.opt != nil {
		// Z3 Optimize adds up the weights of softs on the same literal.
		if _, err := s.opt.AssertSoft(g.sel, weight, "mcs"); err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
	}
	g.weight += weight
	s.total += weight
	g.softs++
	if g.weight != 1 {
		s.unit = false
	}
	s.stats.Soft++
	return nil
}

// ResourceBounded reports whether the resource limit of
// [Solver.CheckRelaxedLimit] (and Options.RelaxedLimit) bounds the
// solver's checks: false once a term of sort String is in the formula,
// whose checks only their context bounds (see Options.RelaxedLimit).
func (s *Solver) ResourceBounded() bool { return !s.strs }

// GroupNames returns the names of the soft groups in order of creation.
func (s *Solver) GroupNames() []string {
	names := make([]string, len(s.groups))
	for i, g := range s.groups {
		names[i] = g.name
	}
	return names
}

// GroupWeight returns the cost of relaxing the named group.
func (s *Solver) GroupWeight(name string) (uint64, bool) {
	gi, ok := s.byName[name]
	if !ok {
		return 0, false
	}
	return s.groups[gi].weight, true
}

// check runs one Z3 check outside the inside scope and keeps the counters.
func (s *Solver) check(ctx context.Context, assumptions []z3.AST) (Status, error) {
	if err := s.leaveInside(); err != nil {
		return Unknown, err
	}
	return s.checkHere(ctx, assumptions)
}

// checkHere runs one Z3 check in the current scope and keeps the counters.
func (s *Solver) checkHere(ctx context.Context, assumptions []z3.AST) (Status, error) {
	return s.checkOn(ctx, s.sv, assumptions)
}

// checkOn runs one Z3 check on sv (the Solver's own or the prover's) and
// keeps the counters; model, coreGroups and the unknown reason then read
// sv.
func (s *Solver) checkOn(ctx context.Context, sv *z3.Solver, assumptions []z3.AST) (Status, error) {
	if sv == s.sv {
		if err := s.renewed(ctx); err != nil {
			return Unknown, err
		}
		sv = s.sv
	}
	s.cur = sv
	start := time.Now()
	r, err := sv.Check(ctx, assumptions)
	s.stats.SolveTime += time.Since(start)
	s.stats.Checks++
	if r != z3.Sat && r != z3.Unsat || err != nil {
		s.unfinished(sv)
	}
	if err != nil {
		s.stats.Unknown++
		if ctx.Err() != nil {
			return Unknown, fmt.Errorf("maxsat: check interrupted: %w", ctx.Err())
		}
		return Unknown, fmt.Errorf("maxsat: %w", err)
	}
	switch r {
	case z3.Sat:
		s.stats.Sat++
		return Sat, nil
	case z3.Unsat:
		s.stats.Unsat++
		return Unsat, nil
	}
	s.stats.Unknown++
	return Unknown, &UnknownError{Reason: sv.ReasonUnknown()}
}

func (s *Solver) model() (*Model, error) {
	m, err := s.cur.Model()
	if err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	return s.wrap(m), nil
}

// wrap makes a Model of a Z3 model and remembers it for Reset.
func (s *Solver) wrap(m *z3.Model) *Model {
	s.models = append(s.models, m)
	return &Model{s: s, m: m, gen: s.gen}
}

// coreGroups maps the last unsat core to group indices, in group order.
func (s *Solver) coreGroups() ([]int, error) {
	core, err := s.cur.UnsatCore(nil)
	if err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	var gs []int
	for _, a := range core {
		if gi, ok := s.bySel[a]; ok {
			gs = append(gs, gi)
		}
	}
	slices.Sort(gs)
	return gs, nil
}

func (s *Solver) names(gs []int) []string {
	out := make([]string, len(gs))
	for i, gi := range gs {
		out[i] = s.groups[gi].name
	}
	return out
}

// Check checks the hard constraints, the blocked MCSes and every soft
// constraint together. After Sat, Model returns a model; after Unsat, Core
// returns groups whose softs conflict with the hard constraints (empty if
// the hard constraints alone are unsatisfiable). Unknown comes with an
// *UnknownError or the context's error.
func (s *Solver) Check(ctx context.Context) (Status, error) {
	if s.closed {
		return Unknown, ErrClosed
	}
	s.lastModel, s.lastCore = nil, nil
	as := make([]z3.AST, len(s.groups))
	for i, g := range s.groups {
		as[i] = g.sel
	}
	st, err := s.check(ctx, as)
	if err != nil {
		return st, err
	}
	switch st {
	case Sat:
		if s.lastModel, err = s.model(); err != nil {
			return Unknown, err
		}
	case Unsat:
		gs, err := s.coreGroups()
		if err != nil {
			return Unknown, err
		}
		s.lastCore = s.names(gs)
	}
	return st, nil
}

// Model returns the model of the last Check that returned Sat, or nil.
func (s *Solver) Model() *Model { return s.lastModel }

// Core returns the groups of the unsat core of the last Check that returned
// Unsat (not necessarily minimal; see MUS), or nil.
func (s *Solver) Core() []string { return s.lastCore }

// Block adds the hard constraint that not all of the given groups are
// relaxed, so that neither this MCS nor any superset is reported again.
// Blocking the empty set makes every later NextMCS return ErrExhausted.
func (s *Solver) Block(groups []string) error {
	if s.closed {
		return ErrClosed
	}
	lits := make([]z3.AST, 0, len(groups))
	for _, name := range groups {
		gi, ok := s.byName[name]
		if !ok {
			return fmt.Errorf("maxsat: Block: unknown group %q", name)
		}
		lits = append(lits, s.groups[gi].sel)
	}
	var clause z3.AST
	var err error
	switch len(lits) {
	case 0:
		clause, err = s.ctx.BoolVal(false)
	case 1:
		clause = lits[0]
	default:
		clause, err = s.ctx.App(z3.OpOr, 0, 0, lits...)
	}
	if err != nil {
		return fmt.Errorf("maxsat: %w", err)
	}
	if err := s.assert(clause); err != nil {
		return err
	}
	s.blocked++
	s.stats.Blocks++
	return nil
}
