package maxsat

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// Optimum returns a minimum-cost correction set (a MaxSAT optimum) with its
// model, computed by the Fu–Malik core-guided algorithm, with WPM1 weight
// splitting for weighted groups: check under one assumption per soft; on
// unsat, relax every soft of the core with a fresh relaxation variable, add
// "at most one of them" (and "at least one"), and raise the lower bound by
// the smallest weight in the core, splitting heavier softs into a relaxed
// copy of that weight and an unrelaxed remainder. The first satisfiable check
// is optimal. Blocked MCSes count as hard constraints.
//
// The relaxation constraints live in a solver scope that is popped before
// Optimum returns, so they do not burden later calls. Optimum returns
// ErrHardUnsat (or ErrExhausted if MCSes were blocked) when no correction set
// exists.
func (s *Solver) Optimum(ctx context.Context) (*MCS, error) {
	if s.closed {
		return nil, ErrClosed
	}
	if err := s.leaveInside(); err != nil {
		return nil, err
	}
	if err := s.sv.Push(); err != nil {
		return nil, fmt.Errorf("maxsat: %w", err)
	}
	defer s.sv.Pop(1)

	type soft struct {
		assump z3.AST   // literal assumed to enforce the soft
		lits   []z3.AST // the soft clause: sel ∨ relaxation variables
		w      uint64
	}
	softs := make([]*soft, len(s.groups))
	for i, g := range s.groups {
		softs[i] = &soft{assump: g.sel, lits: []z3.AST{g.sel}, w: g.weight}
	}
	guard := func(lits []z3.AST) (z3.AST, error) {
		a, err := s.ctx.Fresh("fm", s.bsort)
		if err != nil {
			return z3.AST{}, err
		}
		cl, err := s.ctx.App(z3.OpOr, 0, 0, lits...)
		if err != nil {
			return z3.AST{}, err
		}
		imp, err := s.ctx.App(z3.OpImplies, 0, 0, a, cl)
		if err != nil {
			return z3.AST{}, err
		}
		return a, s.baseAssert(imp)
	}
	var lb uint64
	for {
		as := make([]z3.AST, len(softs))
		idx := make(map[z3.AST]int, len(softs))
		for i, sf := range softs {
			as[i] = sf.assump
			idx[sf.assump] = i
		}
		st, err := s.check(ctx, as)
		if err != nil {
			return nil, err
		}
		if st == Sat {
			m, err := s.model()
			if err != nil {
				return nil, err
			}
			mcs, err := s.relaxed(m)
			if err != nil {
				return nil, err
			}
			if mcs.Cost != lb {
				return nil, fmt.Errorf("maxsat: internal error: Fu-Malik model costs %d, lower bound %d", mcs.Cost, lb)
			}
			return mcs, nil
		}
		core, err := s.sv.UnsatCore(nil)
		if err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
		var in []int
		for _, a := range core {
			if i, ok := idx[a]; ok {
				in = append(in, i)
			}
		}
		if len(in) == 0 {
			return nil, s.exhausted(ctx, 0)
		}
		wmin := softs[in[0]].w
		for _, i := range in {
			wmin = min(wmin, softs[i].w)
		}
		rs := make([]z3.AST, 0, len(in))
		for _, i := range in {
			sf := softs[i]
			if sf.w > wmin {
				// WPM1: keep an unrelaxed copy carrying the excess weight.
				cp := &soft{lits: append([]z3.AST(nil), sf.lits...), w: sf.w - wmin}
				if len(cp.lits) == 1 {
					cp.assump = cp.lits[0]
				} else if cp.assump, err = guard(cp.lits); err != nil {
					return nil, fmt.Errorf("maxsat: %w", err)
				}
				softs = append(softs, cp)
				sf.w = wmin
			}
			r, err := s.ctx.Fresh("fmr", s.bsort)
			if err != nil {
				return nil, fmt.Errorf("maxsat: %w", err)
			}
			rs = append(rs, r)
			sf.lits = append(sf.lits, r)
			if sf.assump, err = guard(sf.lits); err != nil {
				return nil, fmt.Errorf("maxsat: %w", err)
			}
		}
		if len(rs) > 1 {
			am, err := s.ctx.App(z3.OpAtMost, 1, 0, rs...)
			if err == nil {
				err = s.baseAssert(am)
			}
			if err != nil {
				return nil, fmt.Errorf("maxsat: %w", err)
			}
		}
		al, err := s.ctx.App(z3.OpOr, 0, 0, rs...)
		if len(rs) == 1 {
			al = rs[0]
		}
		if err == nil {
			err = s.baseAssert(al)
		}
		if err != nil {
			return nil, fmt.Errorf("maxsat: %w", err)
		}
		lb += wmin
	}
}
