package maxsat

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// CheckRelaxed checks the hard constraints (and blocks) together with every
// soft group except the relaxed ones, under the extra Boolean constraints
// assume, which are not kept for later checks. It returns the model when
// the result is Sat, and nil otherwise.
//
// It serves to choose a preferred model for an MCS already found, for
// example angelic values close to a program's original values: NextMCS
// returns some model of the MCS, CheckRelaxed(ctx, mcs.Groups, preference)
// a model that also satisfies the preference, if one exists.
func (s *Solver) CheckRelaxed(ctx context.Context, relaxed []string, assume ...*Term) (*Model, Status, error) {
	return s.CheckRelaxedLimit(ctx, s.opts.RelaxedLimit, relaxed, assume...)
}

// CheckRelaxedLimit is CheckRelaxed bounded by Z3's resource limit limit
// instead of Options.RelaxedLimit (0: no bound), for checks that are only
// worth a smaller effort, such as a guess tried before the check that
// decides. A formula with string terms is bounded by ctx only (see
// Options.RelaxedLimit).
func (s *Solver) CheckRelaxedLimit(ctx context.Context, limit uint32, relaxed []string, assume ...*Term) (*Model, Status, error) {
	if s.closed {
		return nil, Unknown, ErrClosed
	}
	skip := make(map[int]bool, len(relaxed))
	for _, name := range relaxed {
		gi, ok := s.byName[name]
		if !ok {
			return nil, Unknown, fmt.Errorf("maxsat: CheckRelaxed: unknown group %q", name)
		}
		skip[gi] = true
	}
	var as []z3.AST
	for i, g := range s.groups {
		if !skip[i] {
			as = append(as, g.sel)
		}
	}
	for _, t := range assume {
		if _, err := s.boolTerm(t, "CheckRelaxed"); err != nil {
			return nil, Unknown, err
		}
		// Assumptions must be literals: guard the constraint by a fresh
		// activation literal and assume that.
		// The hard log only grows, so its length names the literal uniquely.
		lit := BoolVar(fmt.Sprintf("maxsat!assume%d", len(s.hardLog)))
		act, err := s.translate(lit)
		if err != nil {
			return nil, Unknown, err
		}
		imp, err := s.translate(Implies(lit, t))
		if err != nil {
			return nil, Unknown, err
		}
		if err := s.assert(imp); err != nil {
			return nil, Unknown, err
		}
		as = append(as, act)
	}
	if limit > 0 && !s.strs { // see Options.RelaxedLimit
		if err := s.sv.SetParam("rlimit", int(limit)); err != nil {
			return nil, Unknown, fmt.Errorf("maxsat: %w", err)
		}
		defer s.sv.SetParam("rlimit", 0)
	}
	st, err := s.check(ctx, as)
	if err != nil || st != Sat {
		return nil, st, err
	}
	m, err := s.model()
	if err != nil {
		return nil, Unknown, err
	}
	return m, Sat, nil
}
