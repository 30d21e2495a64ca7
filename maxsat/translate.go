package maxsat

import (
	"fmt"
	"time"

	"github.com/faultloc/faultloc/internal/z3"
)

// translate returns the Z3 term for t, translating each distinct *Term once
// (the memo is keyed by pointer, so sharing a subterm shares its Z3 node).
func (s *Solver) translate(t *Term) (z3.AST, error) {
	if a, ok := s.memo[t]; ok {
		return a, nil
	}
	start := time.Now()
	a, err := s.tr(t)
	s.stats.BuildTime += time.Since(start)
	if err != nil {
		return z3.AST{}, fmt.Errorf("maxsat: %w", err)
	}
	return a, nil
}

func (s *Solver) sort(so Sort) (z3.Sort, error) {
	switch so.Kind {
	case BoolSort:
		return s.bsort, nil
	case IntSort:
		return s.ctx.IntSort()
	case BVSort:
		return s.ctx.BVSort(so.Width)
	}
	return z3.Sort{}, fmt.Errorf("invalid sort")
}

func (s *Solver) tr(t *Term) (z3.AST, error) {
	if a, ok := s.memo[t]; ok {
		return a, nil
	}
	if t.err != nil {
		return z3.AST{}, t.err
	}
	var a z3.AST
	var err error
	switch t.kind {
	case kVar:
		var so z3.Sort
		if so, err = s.sort(t.sort); err == nil {
			a, err = s.ctx.Const(t.name, so)
		}
	case kConst:
		switch t.sort.Kind {
		case BoolSort:
			a, err = s.ctx.BoolVal(t.bits != 0)
		case IntSort:
			var so z3.Sort
			if so, err = s.sort(t.sort); err == nil {
				a, err = s.ctx.Numeral(t.big.String(), so)
			}
		default:
			var so z3.Sort
			if so, err = s.sort(t.sort); err == nil {
				if t.big != nil {
					a, err = s.ctx.Numeral(t.big.String(), so)
				} else {
					a, err = s.ctx.Uint64(t.bits, so)
				}
			}
		}
	case kApp:
		var buf [3]z3.AST
		args := buf[:0]
		for _, x := range t.args {
			xa, err := s.tr(x)
			if err != nil {
				return z3.AST{}, err
			}
			args = append(args, xa)
		}
		a, err = s.ctx.App(t.op, t.p1, t.p2, args...)
	default:
		err = fmt.Errorf("invalid term")
	}
	if err != nil {
		return z3.AST{}, err
	}
	s.memo[t] = a
	s.stats.Z3Terms++
	return a, nil
}
