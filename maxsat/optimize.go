package maxsat

import (
	"context"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/internal/z3"
)

// optCheck runs one check of the Optimize peer and keeps the counters.
func (s *Solver) optCheck(ctx context.Context) (z3.Result, error) {
	start := time.Now()
	r, err := s.opt.Check(ctx, nil)
	s.stats.SolveTime += time.Since(start)
	s.stats.Checks++
	if err != nil {
		s.stats.Unknown++
		if ctx.Err() != nil {
			return z3.Unknown, fmt.Errorf("maxsat: check interrupted: %w", ctx.Err())
		}
		return z3.Unknown, fmt.Errorf("maxsat: %w", err)
	}
	switch r {
	case z3.Sat:
		s.stats.Sat++
	case z3.Unsat:
		s.stats.Unsat++
	default:
		s.stats.Unknown++
		return r, &UnknownError{Reason: "z3 optimize returned unknown"}
	}
	return r, nil
}
