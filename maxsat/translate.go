package maxsat

import (
	"errors"
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
		if errors.Is(err, ErrInterrupted) {
			return z3.AST{}, err
		}
		return z3.AST{}, fmt.Errorf("maxsat: %w", err)
	}
	return a, nil
}

// interruptEvery is how many terms translate makes, or constraints
// SetEngine asserts, between two looks at Options.Done (a power of two):
// a few milliseconds of work.
const interruptEvery = 4096

// done reports whether Options.Done is closed.
func (s *Solver) done() bool {
	if s.opts.Done == nil {
		return false
	}
	select {
	case <-s.opts.Done:
		return true
	default:
		return false
	}
}

func (s *Solver) sort(so Sort) (z3.Sort, error) {
	switch so.Kind {
	case BoolSort:
		return s.bsort, nil
	case IntSort:
		return s.ctx.IntSort()
	case BVSort:
		return s.ctx.BVSort(so.Width)
	case StringSort:
		return s.ctx.StringSort()
	case FloatSort:
		return s.ctx.FloatSort(so.Width)
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
	if s.stats.Z3Terms&(interruptEvery-1) == 0 && s.done() {
		return z3.AST{}, fmt.Errorf("%w after %d terms", ErrInterrupted, s.stats.Z3Terms)
	}
	if t.sort.Kind == IntSort || t.sort.Kind == StringSort || t.sort.Kind == FloatSort {
		s.ints = true // beyond the bit-vector engine
	}
	if t.sort.Kind == StringSort {
		s.strs = true // not bounded by a resource limit: Options.RelaxedLimit
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
		case StringSort:
			a, err = s.ctx.StringVal(t.str)
		case FloatSort:
			var bv z3.Sort
			if bv, err = s.ctx.BVSort(t.sort.Width); err == nil {
				var b z3.AST
				if b, err = s.ctx.Uint64(t.bits, bv); err == nil {
					a, err = s.ctx.App(z3.OpFPFromBits, t.sort.Width, 0, b)
				}
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
		if l := liftIte(t); l != nil {
			a, err = s.tr(l)
			break
		}
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

// liftIte rewrites a predicate with exactly one if-then-else operand,
// p(…, ite(c, a, b), …), into the Boolean ite(c, p(…, a, …), p(…, b, …)),
// or returns nil. Z3's SMT core, used without pre-processing tactics,
// handles bit-vector ite terms poorly: a chain of statements
// v_i = ite(g_i, v_i-1, k) takes several times longer to refute than its
// lifted form. Lifting only predicates with a single ite operand keeps the
// result linear in the size of the term (nested ites in that operand are
// lifted in turn).
func liftIte(t *Term) *Term {
	if t.sort.Kind != BoolSort || len(t.args) != 2 || !liftable[t.op] {
		return nil
	}
	x, y := t.args[0], t.args[1]
	xi, yi := x.kind == kApp && x.op == z3.OpIte, y.kind == kApp && y.op == z3.OpIte
	if xi == yi {
		return nil
	}
	pred := func(a, b *Term) *Term { return &Term{kind: kApp, op: t.op, sort: SortBool, args: []*Term{a, b}} }
	if xi {
		return app(z3.OpIte, SortBool, x.args[0], pred(x.args[1], y), pred(x.args[2], y))
	}
	return app(z3.OpIte, SortBool, y.args[0], pred(x, y.args[1]), pred(x, y.args[2]))
}

var liftable = map[z3.Op]bool{
	z3.OpEq: true, z3.OpBVSLT: true, z3.OpBVSLE: true, z3.OpBVSGT: true, z3.OpBVSGE: true,
	z3.OpBVULT: true, z3.OpBVULE: true, z3.OpBVUGT: true, z3.OpBVUGE: true,
	z3.OpLT: true, z3.OpLE: true, z3.OpGT: true, z3.OpGE: true,
}
