package encode

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// sideKey names a branch instance under a path prefix.
type sideKey struct {
	prefix uint64
	key    trace.InstanceKey
}

// side records which decisions of a branch instance under a path prefix
// have been encoded.
type side struct {
	path, g *maxsat.Term
	taken   [2]bool // [0]: else, [1]: then
}

// CloseUnexplored adds, for every branch instance of which only one side
// has been encoded under its path prefix, the hard constraint that the
// prefix implies that side: an unwinding assumption, as bounded model
// checkers add at their bound. Models then follow encoded paths only. PF
// calls it once its paths are explored, so that its formula is the
// program formula within the bound instead of being angelic beyond it. It
// returns the number of constraints added.
func (e *Encoder) CloseUnexplored() (int, error) {
	cs := e.closures()
	for _, c := range cs {
		if err := e.s.AddHard(c); err != nil {
			return 0, fmt.Errorf("encode: %w", err)
		}
		e.stats.Constraints++
	}
	return len(cs), nil
}

// CloseBeyond is CloseUnexplored for the branch instances whose
// instruction ran at least unwind times before them in their frame
// (trace.InstanceKey.Occ >= unwind) only: ATF's unwinding bound, the same
// assumption as PF's at the same bound. Call it after each AddRun; sides
// closed before are not closed again. It returns the number of
// constraints added.
func (e *Encoder) CloseBeyond(unwind int) (int, error) {
	n := 0
	for _, k := range e.sideKeys() {
		if int(k.key.Occ) < unwind || e.closed[k] {
			continue
		}
		e.closed[k] = true
		if err := e.s.AddHard(e.closure(k)); err != nil {
			return n, fmt.Errorf("encode: %w", err)
		}
		e.stats.Constraints++
		n++
	}
	return n, nil
}

// Explored returns the constraint CloseUnexplored would add, without adding
// it: every model that satisfies it follows the paths encoded so far, so
// that its angelic execution is fully determined by the formula and needs
// no refinement. ATF uses it as a preference ([maxsat.Solver.CheckRelaxed])
// when choosing the model of an MCS: an MCS that has a fix on the explored
// paths is verified at once, instead of being refined through unexplored
// sides whose angelic (unconstrained) oracle any candidate satisfies.
func (e *Encoder) Explored() *maxsat.Term {
	return maxsat.And(e.closures()...)
}

// closures returns, in a deterministic order, the implications
// prefix ⇒ encoded side, one per branch instance with one side encoded.
func (e *Encoder) closures() []*maxsat.Term {
	keys := e.sideKeys()
	cs := make([]*maxsat.Term, 0, len(keys))
	for _, k := range keys {
		cs = append(cs, e.closure(k))
	}
	return cs
}

// sideKeys returns the branch instances with one side encoded, in a
// deterministic order (which keeps Z3's search, and the report, the same).
func (e *Encoder) sideKeys() []sideKey {
	keys := make([]sideKey, 0, len(e.sides))
	for k, sd := range e.sides {
		if sd.taken[0] != sd.taken[1] {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b sideKey) int {
		return cmp.Or(cmp.Compare(a.prefix, b.prefix), cmp.Compare(a.key.Static, b.key.Static),
			cmp.Compare(a.key.Path, b.key.Path), cmp.Compare(a.key.Occ, b.key.Occ))
	})
	return keys
}

// closure returns prefix ⇒ the encoded side, for side k.
func (e *Encoder) closure(k sideKey) *maxsat.Term {
	sd := e.sides[k]
	lit := sd.g
	if !sd.taken[1] {
		lit = maxsat.Not(sd.g)
	}
	return maxsat.Implies(sd.path, lit)
}
