package maxsat

import (
	"context"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/internal/z3"
)

// MCSAlgorithm names an MCS enumeration method.
type MCSAlgorithm int

// MCS enumeration methods.
const (
	// LevelSearch (the default) enumerates MCSes by cost level on the
	// incremental solver. All soft groups are controlled by selector
	// literals; a probe asserts, under a fresh activation literal, a
	// pseudo-Boolean bound Σ w_g·¬sel_g ≤ k (a cardinality constraint for
	// unit weights) plus the size bound, and checks under that literal.
	// The solver remembers the highest level k proven exhausted ("no
	// unblocked correction set costs ≤ k"); a model at cost k+1 is then a
	// minimal correction set, because each proper subset is cheaper and so
	// contains a blocked MCS. Levels are climbed one at a time for unit
	// weights (UNSAT–SAT linear search) and by binary search between the
	// exhausted level and the cost of an unbounded model otherwise. The
	// proof of exhaustion survives added hard constraints, added soft
	// constraints and blocks, which is what makes the search incremental.
	// The level-0 probe assumes every selector, so that when it fails Z3's
	// unsat core C names a set of groups every correction set must touch.
	// With unit weights each level is then searched on a subproblem U,
	// first C, by core-guided abstraction refinement: correction sets
	// within U, every other group enforced in a solver scope that stays
	// open across checks (so that Z3 propagates the enforced groups once,
	// not at every check); once U is exhausted at the level, one check
	// with every group outside U assumed enforced either proves the level
	// exhausted or returns an unsat core whose groups outside U join U.
	// Single MCSes need only U = C. A core stays a core as constraints are
	// added, so this too survives increments. On large trace formulas
	// each further MCS then costs a small fraction of the first: assuming
	// the enforced groups at every check, or searching among all groups
	// for MCSes that relax groups outside C, costs several times more per
	// MCS (bench/maxsat/REPORT.txt measures the enumeration).
	LevelSearch MCSAlgorithm = iota
	// OptimizeBlocking asks Z3's Optimize (MaxRes) for an optimum under the
	// blocking clauses, once per MCS. It is the baseline of the benchmarks
	// and an oracle for tests, not meant for production: Z3's MaxSMT starts
	// over on every call.
	OptimizeBlocking
)

// String formats the value for messages and reports.
func (a MCSAlgorithm) String() string {
	switch a {
	case LevelSearch:
		return "level-search"
	case OptimizeBlocking:
		return "optimize-blocking"
	}
	return fmt.Sprintf("MCSAlgorithm(%d)", int(a))
}

// Bounds limit MCS enumeration. The zero value means no bound.
type Bounds struct {
	MaxSize int    // largest number of groups in an MCS; 0: no bound
	MaxCost uint64 // largest cost of an MCS; 0: no bound
}

// MCS is a minimal correction set: a set of soft groups whose relaxation
// makes the hard constraints and all other softs satisfiable, minimal under
// set inclusion.
type MCS struct {
	Groups []string // the relaxed groups, in order of creation
	Cost   uint64   // sum of the groups' weights
	Model  *Model   // a model of hard ∧ all softs outside the MCS
}

// NextMCS returns an MCS of minimum cost among those not blocked, within
// the bounds. Successive calls return MCSes of non-decreasing cost as long
// as the returned ones are blocked (Block); an MCS that is not blocked may
// be returned again, with a new model if constraints were added meanwhile,
// as the AgxFaults refinement loop needs. Constraints may be added between
// calls.
//
// When no MCS remains it returns ErrExhausted, or ErrHardUnsat if the hard
// constraints alone are unsatisfiable (and nothing was blocked). A timeout
// gives an *UnknownError; cancelling ctx returns an error wrapping
// ctx.Err(). In both cases the proven level is kept and the next call
// resumes from it.
func (s *Solver) NextMCS(ctx context.Context, b Bounds) (*MCS, error) {
	if s.closed {
		return nil, ErrClosed
	}
	var m *MCS
	var err error
	switch s.opts.MCS {
	case OptimizeBlocking:
		m, err = s.nextOptimize(ctx, b)
	default:
		m, err = s.nextLevel(ctx, b)
	}
	if err == nil {
		s.stats.MCS++
	}
	return m, err
}

// AllMCS enumerates and blocks MCSes within the bounds, calling fn (if not
// nil) on each, until ErrExhausted (returned as nil error) or another error.
// It returns the MCSes found, also when stopped early by an error or by fn
// returning false.
func (s *Solver) AllMCS(ctx context.Context, b Bounds, fn func(*MCS) bool) ([]*MCS, error) {
	var out []*MCS
	for {
		m, err := s.NextMCS(ctx, b)
		if err == ErrExhausted || err == ErrHardUnsat && len(out) > 0 {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, m)
		if err := s.Block(m.Groups); err != nil {
			return out, err
		}
		if fn != nil && !fn(m) {
			return out, nil
		}
	}
}

// exhausted tells ErrHardUnsat from ErrExhausted after a probe under the
// size bound found no correction set; without blocks and with a size bound
// that takes one more check of the hard constraints alone.
func (s *Solver) exhausted(ctx context.Context, size int) error {
	if s.blocked > 0 {
		return ErrExhausted
	}
	if size > 0 {
		st, err := s.check(ctx, nil)
		if err != nil {
			return err
		}
		if st == Sat {
			return ErrExhausted
		}
	}
	return ErrHardUnsat
}

// relaxed reads the relaxed groups off a model.
func (s *Solver) relaxed(m *Model) (*MCS, error) {
	out := &MCS{Model: m}
	sels := make([]z3.AST, len(s.groups))
	for i, g := range s.groups {
		sels[i] = g.sel
	}
	vals, err := m.m.EvalBools(sels)
	if err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	for i, g := range s.groups {
		if vals[i] == 0 {
			out.Groups = append(out.Groups, g.name)
			out.Cost += g.weight
		}
	}
	return out, nil
}

// bound returns an activation literal for "cost ≤ cost (if cost >= 0) and
// size ≤ size (if size > 0)" over all current groups, or with inside over
// the core candidates only (for the inside scope, which enforces the other
// groups), reusing a literal made for the same bound and softs. Literals
// made before softs were added (which may add groups or change weights)
// or for other candidates are retired (asserted false) so Z3 can drop
// their constraints.
func (s *Solver) bound(cost int64, size int, inside bool) (z3.AST, error) {
	key := cardKey{cost: cost, size: size, softs: s.stats.Soft}
	if inside {
		key.inside = s.candGen
	}
	if a, ok := s.card[key]; ok {
		return a, nil
	}
	for k, a := range s.card {
		if k.softs != s.stats.Soft || k.inside > 0 && k.inside != s.candGen {
			na, err := s.ctx.App(z3.OpNot, 0, 0, a)
			if err != nil {
				return z3.AST{}, fmt.Errorf("maxsat: %w", err)
			}
			if err := s.hard(na); err != nil {
				return z3.AST{}, err
			}
			delete(s.card, k)
		}
	}
	gs := s.groups
	if inside {
		gs = make([]*group, len(s.cands))
		for i, gi := range s.cands {
			gs[i] = s.groups[gi]
		}
	}
	rel := make([]z3.AST, len(gs))
	for i, g := range gs {
		rel[i] = g.nsel
	}
	var parts []z3.AST
	if cost >= 0 {
		var c z3.AST
		var err error
		if s.unit {
			c, err = s.ctx.App(z3.OpAtMost, int(cost), 0, rel...)
		} else {
			ws := make([]int, len(gs))
			for i, g := range gs {
				ws[i] = int(g.weight)
			}
			c, err = s.ctx.PBLe(rel, ws, int(cost))
		}
		if err != nil {
			return z3.AST{}, fmt.Errorf("maxsat: %w", err)
		}
		parts = append(parts, c)
	}
	if size > 0 && (cost < 0 || !s.unit || int64(size) < cost) {
		c, err := s.ctx.App(z3.OpAtMost, size, 0, rel...)
		if err != nil {
			return z3.AST{}, fmt.Errorf("maxsat: %w", err)
		}
		parts = append(parts, c)
	}
	act, err := s.ctx.Fresh("bound", s.bsort)
	if err != nil {
		return z3.AST{}, fmt.Errorf("maxsat: %w", err)
	}
	body := parts[0]
	if len(parts) > 1 {
		if body, err = s.ctx.App(z3.OpAnd, 0, 0, parts...); err != nil {
			return z3.AST{}, fmt.Errorf("maxsat: %w", err)
		}
	}
	imp, err := s.ctx.App(z3.OpImplies, 0, 0, act, body)
	if err != nil {
		return z3.AST{}, fmt.Errorf("maxsat: %w", err)
	}
	if err := s.hard(imp); err != nil {
		return z3.AST{}, err
	}
	s.card[key] = act
	return act, nil
}

// probe checks under the cost and size bounds and returns the correction
// set of the model when satisfiable. The literals extra are assumed as
// well.
func (s *Solver) probe(ctx context.Context, cost int64, size int, extra ...z3.AST) (*MCS, error) {
	return s.probeIn(ctx, false, cost, size, extra...)
}

// probeIn is probe, in the inside scope if inside is set (see scope.go).
func (s *Solver) probeIn(ctx context.Context, inside bool, cost int64, size int, extra ...z3.AST) (*MCS, error) {
	as := extra
	if cost == 0 {
		// Cost 0: every group enforced. Assuming each selector rather than
		// a bound gives an unsat core over the groups when unsatisfiable.
		as = as[:0]
		for _, g := range s.groups {
			as = append(as, g.sel)
		}
	} else if cost >= 0 || size > 0 {
		act, err := s.bound(cost, size, inside)
		if err != nil {
			return nil, err
		}
		as = append(as, act)
	}
	var st Status
	var err error
	if s.proving() {
		st, err = s.proverCheck(ctx, inside, as)
	} else if inside {
		if err := s.enterInside(); err != nil {
			return nil, err
		}
		st, err = s.checkHere(ctx, as)
	} else {
		st, err = s.check(ctx, as)
	}
	if err == nil && st == Unsat && cost == 0 && s.unit {
		// Every correction set contains a group of the core, so a cost-1
		// MCS is a group of the core.
		if s.cands, err = s.coreGroups(); err != nil {
			return nil, err
		}
		s.inDone = 0
		s.candGen++
	}
	if err != nil || st != Sat {
		return nil, err
	}
	m, err := s.model()
	if err != nil {
		return nil, err
	}
	return s.relaxed(m)
}

func (s *Solver) nextLevel(ctx context.Context, b Bounds) (*MCS, error) {
	size := max(b.MaxSize, 0)
	if size != s.lvlSize {
		if size == 0 || s.lvlSize != 0 && size > s.lvlSize {
			s.kDone = -1 // the exhaustion proof was for smaller sets only
			s.inDone = 0
		}
		s.lvlSize = size
	}
	over := func(c int64) bool { return b.MaxCost > 0 && c > int64(b.MaxCost) }
	if len(s.groups) == 0 {
		// Only the empty set can be a correction set.
		if s.kDone >= 0 {
			return nil, ErrExhausted
		}
		m, err := s.probe(ctx, -1, 0)
		if err != nil {
			return nil, err
		}
		if m == nil {
			return nil, s.exhausted(ctx, size)
		}
		return m, nil
	}
	lo := s.kDone + 1
	if over(lo) {
		return nil, ErrExhausted
	}
	if s.unit && size > 0 && s.kDone >= int64(size) {
		return nil, s.exhausted(ctx, size)
	}
	m, err := s.probeLevel(ctx, lo, size)
	if err != nil {
		return nil, err
	}
	if m != nil {
		return m, s.verifyLevel(m)
	}
	s.kDone = lo
	if s.unit && size > 0 {
		// UNSAT–SAT linear search; with unit weights cost is size, so the
		// size bound ends it.
		for {
			if s.kDone >= int64(size) || over(s.kDone+1) {
				return nil, s.exhausted(ctx, size)
			}
			m, err := s.probeLevel(ctx, s.kDone+1, size)
			if err != nil {
				return nil, err
			}
			if m != nil {
				return m, s.verifyLevel(m)
			}
			s.kDone++
		}
	}
	// Is there any correction set left? Its cost bounds the search.
	hi, err := s.probe(ctx, -1, size)
	if err != nil {
		return nil, err
	}
	if hi == nil {
		return nil, s.exhausted(ctx, size)
	}
	for {
		if int64(hi.Cost) == s.kDone+1 {
			if over(int64(hi.Cost)) {
				return nil, ErrExhausted
			}
			return hi, s.verifyLevel(hi)
		}
		if over(s.kDone + 1) {
			return nil, ErrExhausted
		}
		mid := s.kDone + 1
		var m *MCS
		var err error
		if s.unit {
			// Linear search, level by level, as with a size bound: the
			// levels below mid are exhausted, so probeLevel's search in
			// the core candidates applies. A probe over all groups is
			// far slower on long trace formulas (a binary search's loop
			// unrolled forty times) than the search in the candidates.
			m, err = s.probeLevel(ctx, mid, size)
		} else {
			mid += (int64(hi.Cost) - s.kDone - 1) / 2
			m, err = s.probe(ctx, mid, size)
		}
		if err != nil {
			return nil, err
		}
		if m == nil {
			s.kDone = mid
			continue
		}
		hi.Model.m.Close()
		hi = m
	}
}

// probeLevel probes cost level k (the levels below being exhausted). With
// unit weights and a set U of groups known (s.cands, first the groups of
// an unsat core of all softs) it searches in two alternating steps.
//
// Inside: correction sets within U, every other group enforced. Those
// groups are asserted in a solver scope that stays open (see scope.go), so
// Z3 propagates them once rather than at every check; on trace formulas U
// is small and these checks are cheap. Every correction set contains a
// group of the first core, so a single MCS needs no other step.
//
// Growth: once U is exhausted at level k (s.inDone), one check under the
// cost bound assumes every group outside U enforced. It is unsatisfiable
// (else U was not exhausted), and its unsat core K names groups outside U
// one of which every remaining correction set of cost k must relax. If K
// is empty, level k is exhausted; otherwise U grows by K and the inside
// step resumes. This is core-guided abstraction refinement: the search
// runs on a small subproblem that cores enlarge only where a correction
// set might lie, instead of one check over all groups per MCS with a
// group outside the first core, which is slow on large trace formulas.
//
// A model of either step is an MCS of cost k.
func (s *Solver) probeLevel(ctx context.Context, k int64, size int) (*MCS, error) {
	if k <= 0 || !s.unit || s.cands == nil {
		return s.probe(ctx, k, size)
	}
	for {
		if s.inDone < k {
			m, err := s.probeIn(ctx, true, k, size)
			if err != nil || m != nil {
				return m, err
			}
			s.inDone = k
		}
		if k == 1 {
			return nil, nil
		}
		enforce := s.outsideCands(func(g *group) z3.AST { return g.sel })
		if len(enforce) == 0 {
			return nil, nil
		}
		m, err := s.probe(ctx, k, size, enforce...)
		if err != nil || m != nil {
			return m, err
		}
		core, err := s.coreGroups()
		if err != nil {
			return nil, err
		}
		grow := slices.DeleteFunc(core, func(gi int) bool {
			_, in := slices.BinarySearch(s.cands, gi)
			return in
		})
		if len(grow) == 0 {
			return nil, nil
		}
		s.cands = slices.Concat(s.cands, grow)
		slices.Sort(s.cands)
		s.candGen++
		s.inDone = s.kDone
		s.stats.Grown += len(grow)
	}
}

// verifyLevel checks the invariant that makes a model's correction set
// minimal: its cost is one above the exhausted level.
func (s *Solver) verifyLevel(m *MCS) error {
	if int64(m.Cost) != s.kDone+1 {
		return fmt.Errorf("maxsat: internal error: correction set of cost %d at level %d", m.Cost, s.kDone+1)
	}
	return nil
}

func (s *Solver) nextOptimize(ctx context.Context, b Bounds) (*MCS, error) {
	if s.opt == nil {
		o, err := s.ctx.NewOptimize()
		if err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
		if s.opts.Timeout > 0 {
			if err := o.SetTimeout(s.opts.Timeout); err != nil {
				return nil, fmt.Errorf("maxsat: %w", err)
			}
		}
		for _, a := range s.hardLog {
			if ctx.Err() != nil {
				o.Close()
				return nil, fmt.Errorf("maxsat: check interrupted: %w", ctx.Err())
			}
			if err := o.Assert(a); err != nil {
				o.Close()
				return nil, fmt.Errorf("maxsat: %w", err)
			}
		}
		for _, g := range s.groups {
			if _, err := o.AssertSoft(g.sel, g.weight, "mcs"); err != nil {
				return nil, fmt.Errorf("maxsat: %w", err)
			}
		}
		s.opt = o
	}
	size := max(b.MaxSize, 0)
	if size > 0 && len(s.groups) > 0 {
		if err := s.opt.Push(); err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
		defer s.opt.Pop()
		rel := make([]z3.AST, len(s.groups))
		for i, g := range s.groups {
			rel[i] = g.nsel
		}
		c, err := s.ctx.App(z3.OpAtMost, size, 0, rel...)
		if err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
		if err := s.opt.Assert(c); err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
	}
	r, err := s.optCheck(ctx)
	if err != nil {
		return nil, err
	}
	if r == z3.Unsat {
		return nil, s.exhausted(ctx, size)
	}
	zm, err := s.opt.Model()
	if err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	m, err := s.relaxed(s.wrap(zm))
	if err != nil {
		return nil, err
	}
	if b.MaxCost > 0 && m.Cost > b.MaxCost {
		return nil, ErrExhausted
	}
	return m, nil
}

// outsideCands returns lit(g) for every group g that is not among the
// unsat core's groups s.cands (sorted indices), in group order.
func (s *Solver) outsideCands(lit func(*group) z3.AST) []z3.AST {
	var out []z3.AST
	j := 0
	for gi := range s.groups {
		if j < len(s.cands) && s.cands[j] == gi {
			j++
			continue
		}
		out = append(out, lit(s.groups[gi]))
	}
	return out
}
