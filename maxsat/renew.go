package maxsat

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// Renewing the Z3 solver. Z3 4.8.12's sequence solver can leave its state
// broken when a check of a formula with strings ends unfinished (stopped
// by the context, the timeout or the resource limit): the next check on
// the same Z3 solver may then crash the process (a null dereference in
// the string theory; Z3 issue 4447 shows the resource-limit form of it,
// and faultloc met the interrupted form on a real library's failing
// test, in a guess that search.Checker bounds by a share of its time).
// So a Solver with a string term never checks again on a Z3 solver whose
// check ended Unknown: it makes a new one first and asserts again, in
// order, what the old one held (base, then the inside scope's selectors
// and log). What Z3 learnt in the old solver is lost; a formula without
// strings keeps its solver.

// baseAssert asserts a into the Z3 solver outside any scope and logs it
// in s.base, from which a renewed solver is filled.
func (s *Solver) baseAssert(a z3.AST) error {
	if err := s.sv.Assert(a); err != nil {
		return err
	}
	s.base = append(s.base, a)
	return nil
}

// unfinished notes that a check on sv ended Unknown: a Solver with
// strings renews sv before its next check (see renewed).
func (s *Solver) unfinished(sv *z3.Solver) {
	if s.strs && sv == s.sv {
		s.stale = true
	}
}

// renewed replaces a stale Z3 solver by a new one holding the same
// assertions and scope. It stops at ctx's end, the old solver kept stale
// (a later check tries again).
func (s *Solver) renewed(ctx context.Context) error {
	if !s.stale {
		return nil
	}
	kind := z3.SimpleSolver
	if s.engine == BVEngine {
		kind = z3.BVSolver
	}
	sv, err := s.newZ3Solver(kind)
	if err != nil {
		return err
	}
	fill := func(as []z3.AST) error {
		for i, a := range as {
			if i%1024 == 0 && ctx.Err() != nil {
				return fmt.Errorf("maxsat: check interrupted: renewing the solver after an unfinished check of a formula with strings: %w", ctx.Err())
			}
			if err := sv.Assert(a); err != nil {
				return fmt.Errorf("maxsat: %w", err)
			}
		}
		return nil
	}
	err = fill(s.base)
	if err == nil && s.in.open {
		if err = sv.Push(); err != nil {
			err = fmt.Errorf("maxsat: %w", err)
		} else if err = fill(s.outsideCands(func(g *group) z3.AST { return g.sel })); err == nil {
			err = fill(s.in.log)
		}
	}
	if err != nil {
		sv.Close()
		return err
	}
	s.sv.Close()
	s.sv, s.cur, s.stale = sv, sv, false
	return nil
}
