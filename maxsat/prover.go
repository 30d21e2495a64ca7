package maxsat

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// The prover: HybridEngine's second Z3 solver, the bit-vector SAT engine in
// the Solver's context, which answers level search's probes (see
// probeIn). It is made at its first check and catches up with the hard
// assertions (constraints, softs' implications, blocks, bound literals and
// their retirements: everything hard() asserts outside the inside scope's
// enforced selectors) lazily, before each check. It has no inside scope:
// where the SMT core asserts the enforced selectors in a scope that stays
// open, the prover assumes them, which its SAT solver does cheaply.
type prover struct {
	sv  *z3.Solver
	log []z3.AST // the hard assertions, in order
	n   int      // how many of log sv holds
}

func (p *prover) close() {
	if p.sv != nil {
		p.sv.Close()
	}
}

// proving tells whether probes check on the prover: HybridEngine, and no
// term of sort Int translated (the SAT engine has no integers).
func (s *Solver) proving() bool {
	return s.pr != nil && !s.ints
}

// proverCheck runs a probe's check on the prover: assumptions as, and with
// inside every group outside the core candidates enforced, as the inside
// scope does on the SMT core.
func (s *Solver) proverCheck(ctx context.Context, inside bool, as []z3.AST) (Status, error) {
	p := s.pr
	if p.sv == nil {
		sv, err := s.newZ3Solver(z3.BVSolver)
		if err != nil {
			return Unknown, err
		}
		p.sv = sv
	}
	for ; p.n < len(p.log); p.n++ {
		// Catching up with a long run's formula takes seconds: it stops
		// at ctx's end and goes on from there at the next check.
		if ctx.Err() != nil {
			return Unknown, fmt.Errorf("maxsat: check interrupted: %w", ctx.Err())
		}
		if err := p.sv.Assert(p.log[p.n]); err != nil {
			return Unknown, fmt.Errorf("maxsat: %w", err)
		}
	}
	if inside {
		as = append(as[:len(as):len(as)], s.outsideCands(func(g *group) z3.AST { return g.sel })...)
	}
	s.stats.ProverChecks++
	return s.checkOn(ctx, p.sv, as)
}
