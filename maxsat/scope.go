package maxsat

import (
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// The inside scope. Level search first looks for correction sets among the
// groups of an unsat core, every other group enforced (see probeLevel).
// Assuming the thousands of other selectors at every check would make Z3's
// SMT core propagate the whole formula again each time, whatever the check
// asked. Instead the enforced selectors are asserted once in a solver scope
// (Push) that stays open across checks and NextMCS calls, so Z3 propagates
// them once, and a check in the scope is cheap. Everything asserted while
// the scope is open (hard constraints, softs, blocks, bound literals) is
// logged and asserted again after the scope is popped, which happens before
// any check that must not enforce those groups.
type insideScope struct {
	open bool
	soft int      // softs added when the scope was opened
	gen  int      // candGen when the scope was opened
	log  []z3.AST // assertions made while open, to assert again after Pop
}

// hard asserts a into the Z3 solver, logging it when the inside scope is
// open so that it survives the scope's Pop.
func (s *Solver) hard(a z3.AST) error {
	if err := s.sv.Assert(a); err != nil {
		return fmt.Errorf("maxsat: %w", err)
	}
	if s.in.open {
		s.in.log = append(s.in.log, a)
	} else {
		s.base = append(s.base, a)
	}
	if s.pr != nil {
		s.pr.log = append(s.pr.log, a)
	}
	return nil
}

// enterInside opens the inside scope for the current core candidates and
// softs, reusing the open one if it is still current.
func (s *Solver) enterInside() error {
	if s.in.open && s.in.soft == s.stats.Soft && s.in.gen == s.candGen {
		return nil
	}
	if err := s.leaveInside(); err != nil {
		return err
	}
	if err := s.sv.Push(); err != nil {
		return fmt.Errorf("maxsat: %w", err)
	}
	s.in = insideScope{open: true, soft: s.stats.Soft, gen: s.candGen}
	for _, sel := range s.outsideCands(func(g *group) z3.AST { return g.sel }) {
		if err := s.sv.Assert(sel); err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
	}
	return nil
}

// leaveInside pops the inside scope, if open, and asserts again what was
// asserted while it was open.
func (s *Solver) leaveInside() error {
	if !s.in.open {
		return nil
	}
	log := s.in.log
	s.in = insideScope{}
	if err := s.sv.Pop(1); err != nil {
		return fmt.Errorf("maxsat: %w", err)
	}
	for _, a := range log {
		if err := s.baseAssert(a); err != nil {
			return fmt.Errorf("maxsat: %w", err)
		}
	}
	return nil
}
