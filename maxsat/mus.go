package maxsat

import (
	"context"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/internal/z3"
)

// MUSAlgorithm names a method for extracting a minimal unsatisfiable subset.
type MUSAlgorithm int

// MUS methods.
const (
	// DeletionMUS (the default) starts from Z3's unsat core and tries to drop
	// one group at a time; when the rest stays unsatisfiable, the candidate
	// set shrinks to the new core (core trimming), so each satisfiable check
	// proves one group necessary. At most one check per group of the first
	// core, usually far fewer.
	DeletionMUS MUSAlgorithm = iota
	// QuickXplain is Junker's divide-and-conquer method: it splits the
	// candidates in halves and recurses, needing O(k·log(n/k)) checks for a
	// MUS of k groups out of n, which pays off when the MUS is small
	// relative to the core.
	QuickXplain
)

// String formats the value for messages and reports.
func (a MUSAlgorithm) String() string {
	switch a {
	case DeletionMUS:
		return "deletion"
	case QuickXplain:
		return "quickxplain"
	}
	return fmt.Sprintf("MUSAlgorithm(%d)", int(a))
}

// MUS returns a minimal unsatisfiable subset of the soft groups: the hard
// constraints (and blocks) together with all softs of these groups are
// unsatisfiable, and dropping any one group makes them satisfiable. The
// algorithm is Options.MUS. It returns ErrSat if hard and soft constraints
// are satisfiable together, and the empty set if the hard constraints alone
// are unsatisfiable.
func (s *Solver) MUS(ctx context.Context) ([]string, error) {
	if s.closed {
		return nil, ErrClosed
	}
	all := make([]int, len(s.groups))
	for i := range all {
		all[i] = i
	}
	st, err := s.checkGroups(ctx, all)
	if err != nil {
		return nil, err
	}
	if st == Sat {
		return nil, ErrSat
	}
	core, err := s.coreGroups()
	if err != nil {
		return nil, err
	}
	var mus []int
	switch s.opts.MUS {
	case QuickXplain:
		if len(core) > 0 {
			// Hard constraints alone may be unsat: then the MUS is empty.
			st, err := s.checkGroups(ctx, nil)
			if err != nil {
				return nil, err
			}
			if st == Unsat {
				return []string{}, nil
			}
		}
		mus, err = s.quickXplain(ctx, nil, core, false)
	default:
		mus, err = s.deletion(ctx, core)
	}
	if err != nil {
		return nil, err
	}
	slices.Sort(mus)
	return s.names(mus), nil
}

// checkGroups checks hard constraints with the softs of the given groups.
func (s *Solver) checkGroups(ctx context.Context, gs []int) (Status, error) {
	as := make([]z3.AST, len(gs))
	for i, gi := range gs {
		as[i] = s.groups[gi].sel
	}
	s.stats.CoreChecks++
	return s.check(ctx, as)
}

func (s *Solver) deletion(ctx context.Context, core []int) ([]int, error) {
	var need []int             // proven necessary
	cand := slices.Clone(core) // still to test
	for len(cand) > 0 {
		c := cand[len(cand)-1]
		cand = cand[:len(cand)-1]
		try := append(slices.Clone(need), cand...)
		st, err := s.checkGroups(ctx, try)
		if err != nil {
			return nil, err
		}
		if st == Sat {
			need = append(need, c)
			continue
		}
		// Core trimming: keep only the candidates in the new core.
		k, err := s.coreGroups()
		if err != nil {
			return nil, err
		}
		cand = slices.DeleteFunc(cand, func(g int) bool {
			_, found := slices.BinarySearch(k, g)
			return !found
		})
	}
	return need, nil
}

// quickXplain returns a minimal subset X of cs such that bg ∪ X is
// unsatisfiable, given that bg ∪ cs is. If changed, bg was just extended
// and is tested first.
func (s *Solver) quickXplain(ctx context.Context, bg, cs []int, changed bool) ([]int, error) {
	if changed {
		st, err := s.checkGroups(ctx, bg)
		if err != nil {
			return nil, err
		}
		if st == Unsat {
			return nil, nil
		}
	}
	switch len(cs) {
	case 0:
		return nil, nil
	case 1:
		return cs, nil
	}
	c1, c2 := cs[:len(cs)/2], cs[len(cs)/2:]
	d2, err := s.quickXplain(ctx, append(slices.Clone(bg), c1...), c2, len(c1) > 0)
	if err != nil {
		return nil, err
	}
	d1, err := s.quickXplain(ctx, append(slices.Clone(bg), d2...), c1, len(d2) > 0)
	if err != nil {
		return nil, err
	}
	return append(d1, d2...), nil
}
