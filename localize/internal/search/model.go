package search

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
)

// preferenceLimit is Z3's resource limit for one check of a preference for
// angelic values near the original ones, and for one guess of singles:
// checks that only improve a model or save a search, and whose failure
// costs nothing else, so not worth more on a long run than on a short one
// (a preference check on Isqrt at loop bound 80 took 22 s under the
// scaled limit below, for nicer angelic values of a candidate already
// verified).
var preferenceLimit uint32 = 2_000_000

// RelaxedLimit scales preferenceLimit with the square of the failing run's
// length (in steps, so deterministically): the formula grows with the run,
// and the work of a check faster. It bounds the checks whose failure
// costs refinements: ATF's check for a model on the encoded paths, and
// the check that a refined MCS still corrects the formula. A longer loop
// must not make them fail where a shorter one succeeds (on
// examples/loops' Sum, a run a sixth longer needed about ten times the
// resources for a model on the encoded paths). Capped at 100 times the
// base.
func RelaxedLimit(steps int64) uint32 {
	f := max(steps*steps/(250*250), 1)
	return preferenceLimit * uint32(min(f, 100))
}

// Again returns the MCS relaxing groups, an MCS before the refinement that
// just added runs to the formula, if it still is a correction set, with a
// model; nil if not, or if no check answered within its resource bound.
// It is still minimal: refinements only add constraints, so a proper
// subset that was no correction set before is none now. One check with
// every other group enforced replaces a probe of the level search over
// all groups, which costs more and, unless another MCS of the same cost
// comes first, returns the same set.
func (c Checker) Again(ctx context.Context, groups []string) (*maxsat.MCS, error) {
	if groups == nil {
		return nil, nil
	}
	s := c.Solver
	m, err := c.RelaxedModel(ctx, groups)
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

// GuessMinSteps is the length of the failing run from which Singles
// guesses. On short runs the level search is fast, and a guess's model,
// pinned near the original values, can be one that the formula admits
// and the re-run refutes where it is imprecise (a Go test's oracle): on
// faultloctest's Dist, `return Abs(a - b)` came out unverified with -5
// where the level search's model verified with 2.
const GuessMinSteps = 200

// Singles finds minimal fix candidates of one statement by guessing before
// the level search of maxsat does: for each statement in turn, a guess
// (Checker.guessModel) with it relaxed. When the failing test's formula
// is unsatisfiable with no statement relaxed (the empty set corrects
// nothing), a statement that corrects it alone is a minimal correction
// set, so every satisfiable guess is an MCS, with a model; a guess that
// fails or does not answer within its bound proves nothing, and the level
// search, which runs when no guess is left, finds what the guesses missed.
// The enumeration stays complete and in order of size: refinements only
// add constraints, so no statement becomes a correction set later.
//
// The level search asks Z3 to choose the relaxed statement too, and on a
// long loop that took it from seconds to minutes per MCS (examples/loops'
// Isqrt for `odd := 0`, whose angelic value is 1) where the guess took a
// fraction of a second.
//
// The statements are guessed nearest the failure first (Order): a
// statement whose correction set does not verify costs refinements,
// each of which grows the formula and slows every later check, and on a
// loop the loop's own branches come first in the run and refine without
// end (a binary search whose wrong assignment feeds the result: the
// loop's condition and the bounds' initialization refined dozens of
// times before the assignment was guessed). The statements that define
// the failure's values are the likeliest faults and the likeliest to
// verify, as the ranking's slice distance holds.
type Singles struct {
	checked bool // the empty set was checked
	Off     bool // no guessing: the empty set corrects the formula, or the check failed
	Tried   map[string]bool
	// Order ranks the groups to guess: those it holds first, by
	// ascending value (then by creation), the others after in order
	// of creation. Nil: order of creation.
	Order map[string]int
}

// guessOrder returns the solver's groups in the order singles guesses
// them (Singles.Order).
func (sg *Singles) guessOrder(s *maxsat.Solver) []string {
	names := s.GroupNames()
	if sg.Order == nil {
		return names
	}
	rank := func(g string) int {
		if d, ok := sg.Order[g]; ok {
			return d
		}
		return math.MaxInt
	}
	slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	return names
}

func (sg *Singles) Next(ctx context.Context, c Checker) (*maxsat.MCS, error) {
	if sg.Off {
		return nil, nil
	}
	s := c.Solver
	for _, g := range sg.guessOrder(s) {
		if sg.Tried[g] {
			continue
		}
		sg.Tried[g] = true
		if !sg.checked {
			sg.checked = true
			st, err := s.Check(ctx)
			if err != nil && ctx.Err() != nil {
				return nil, err
			}
			if st != maxsat.Unsat {
				sg.Off = true
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

// Checker makes the relaxed checks of localization: a guess first, then
// the check that decides.
type Checker struct {
	Solver *maxsat.Solver
	// encs are the formulas' encoders: one, or one per case diagnosed
	// together (Diagnose).
	Encs []*encode.Encoder
	// guess is Z3's resource limit for a guess: a check with the relaxed
	// statements' values within guessRadius of their original ones.
	Guess uint32
	// assume holds in every check the checker makes (Diagnose: the
	// executions that a fix must give the same effects).
	Assume []*maxsat.Term
}

// SetKey names a correction set (its groups) in the maps of the
// searches: perCand's, the explained sets', the agreements'.
func SetKey(groups []string) string { return strings.Join(groups, "\x00") }

// also returns c.assume followed by ts.
func (c Checker) also(ts ...*maxsat.Term) []*maxsat.Term {
	if len(c.Assume) == 0 {
		return ts
	}
	return append(slices.Clone(c.Assume), ts...)
}

// preference is encode.Encoder.Preference over every encoder.
func (c Checker) preference(groups []string, radius uint64) *maxsat.Term {
	if len(c.Encs) == 1 {
		return c.Encs[0].Preference(groups, radius)
	}
	var ts []*maxsat.Term
	for _, e := range c.Encs {
		if p := e.Preference(groups, radius); p.String() != "true" {
			ts = append(ts, p)
		}
	}
	return maxsat.And(ts...)
}

// explored is encode.Encoder.Explored over every encoder.
func (c Checker) explored() *maxsat.Term {
	if len(c.Encs) == 1 {
		return c.Encs[0].Explored()
	}
	ts := make([]*maxsat.Term, len(c.Encs))
	for i, e := range c.Encs {
		ts[i] = e.Explored()
	}
	return maxsat.And(ts...)
}

// guessRadii bound the distance of a guess's angelic values to the
// original ones (see encode.Encoder.Preference), one guess per radius
// until one is satisfiable: every value fixed but its lowest bits.
// Angelic values are often that close (`odd := 0` for 1, a sum off by
// one), and the check is then little more than propagation; the second
// radius reaches indices and lengths (`return -1` for 39); farther values
// are left to the check that decides.
var guessRadii = []uint64{4, 1 << 12}

// GuessLimit is the resource limit of guesses for a failing run of steps
// steps: a quarter of relaxedLimit's, at least 4 × preferenceLimit (on
// examples/loops' Isqrt at a high loop bound, the guess for `odd := 0`
// does not answer within preferenceLimit alone).
func GuessLimit(steps int64) uint32 {
	return max(4*preferenceLimit, RelaxedLimit(steps)/4)
}

// unboundedShare is the part of the time left to the context's deadline
// that one guess or one preference check may take on a formula that the
// resource limit does not bound (one with strings:
// maxsat.Solver.ResourceBounded): such a check only saves a search or
// improves a model, and one that does not answer within its share is one
// that did not answer within its resource limit. Unbounded, one guess on
// sqlbuilder/empty-where (a SQL string built from a builder's fields)
// took the whole of angelic debugging's time. Without a deadline, such a
// check is not bounded.
const unboundedShare = 10

// limited returns the context of a check that only saves a search or
// improves a model: ctx itself when the resource limit bounds the
// solver's checks, else ctx bounded by its share (unboundedShare) of the
// time left to its deadline.
func (c Checker) limited(ctx context.Context) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if c.Solver.ResourceBounded() || !ok {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, time.Until(dl)/unboundedShare)
}

// guessModel returns a model of the formula with groups relaxed, assume
// holding and the groups' values within guessRadius of the original ones,
// or nil when the guess failed or did not answer within its bound. Only a
// cancelled ctx is an error.
func (c Checker) guessModel(ctx context.Context, groups []string, assume ...*maxsat.Term) (*maxsat.Model, error) {
	for _, r := range guessRadii {
		pref := c.preference(groups, r)
		if pref.String() == "true" {
			return nil, nil // nothing to guess: only branches and Booleans, or no bound at r
		}
		gctx, cancel := c.limited(ctx)
		m, st, err := c.Solver.CheckRelaxedLimit(gctx, c.Guess, groups, c.also(append(slices.Clone(assume), pref)...)...)
		cancel()
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

// RelaxedModel returns a model of the formula with groups relaxed and
// assume holding, or nil when there is none or the check did not answer
// within its resource bound. Only a cancelled ctx is an error. A guess
// comes first: any of its models is one of the check's.
func (c Checker) RelaxedModel(ctx context.Context, groups []string, assume ...*maxsat.Term) (*maxsat.Model, error) {
	if m, err := c.guessModel(ctx, groups, assume...); m != nil || err != nil {
		return m, err
	}
	m, st, err := c.Solver.CheckRelaxed(ctx, groups, c.also(assume...)...)
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
func (c Checker) chooseModel(ctx context.Context, groups []string, model *maxsat.Model) (*maxsat.Model, *maxsat.Term, error) {
	explored := c.explored()
	if ok, err := model.Bool(explored); err == nil && ok {
		return model, explored, nil // the MCS's own model stays on them
	}
	m, err := c.RelaxedModel(ctx, groups, explored)
	if m != nil || err != nil {
		return m, explored, err
	}
	return nil, nil, nil
}

// PreferredModel gives mcs the model whose angelic values its replay
// uses: one close to the original values, and in ATF on the encoded
// paths when one is (see the comments inside). The MCS's own model stands
// when no check answers within its resource bound; an error is a
// cancellation.
func (c Checker) PreferredModel(ctx context.Context, mcs *maxsat.MCS, mode encode.Mode) error {
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
	if mode == encode.ATF {
		m, a, err := c.chooseModel(ctx, mcs.Groups, mcs.Model)
		if err != nil {
			return err
		}
		if m != nil {
			mcs.Model, anchor = m, a
		}
	}
	for _, radius := range []uint64{4, 64, 1 << 12, 1 << 20} {
		pref := c.preference(mcs.Groups, radius)
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
		pctx, cancel := c.limited(ctx)
		m, st, err := c.Solver.CheckRelaxedLimit(pctx, preferenceLimit, mcs.Groups, c.also(pref)...)
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			break
		}
		if st == maxsat.Sat {
			mcs.Model = m
			break
		}
	}
	return nil
}
