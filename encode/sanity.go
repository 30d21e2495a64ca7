package encode

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// SanityError reports that a run's concrete values violate the constraints
// encoded for it: a bug of the encoding, not of the program.
type SanityError struct {
	Run    int      // the run's number, from 1
	Events []string // the instances of an unsatisfiable core of the bindings, "file:line: instr"
}

// Error formats the error, naming what went wrong and where.
func (e *SanityError) Error() string {
	return fmt.Sprintf("encode: sanity check failed on run %d: concrete values violate the encoding at %s", e.Run, strings.Join(e.Events, "; "))
}

// concreteFor returns the constant of sort t.Sort() for value v, or nil.
func concreteFor(t *maxsat.Term, v trace.Value) *maxsat.Term {
	if v.Kind() == trace.KindInterface {
		v = v.Elem() // the dynamic value (see valueSort)
	}
	so := t.Sort()
	switch {
	case so.Kind == maxsat.BoolSort && v.Kind() == trace.KindBool:
		return maxsat.BoolConst(v.Bool())
	case so.Kind == maxsat.StringSort && v.Kind() == trace.KindString:
		return maxsat.Str(v.Str())
	case so.Kind == maxsat.FloatSort && v.Kind() == trace.KindFloat:
		return sortInfo{ok: true, isFloat: true, width: so.Width}.float(v.Float())
	case so.Kind == maxsat.BVSort && (v.Kind() == trace.KindInt || v.Kind() == trace.KindUint):
		return maxsat.BV(v.Uint(), so.Width)
	case so.Kind == maxsat.IntSort && v.Kind() == trace.KindInt:
		return maxsat.Int(v.Int())
	case so.Kind == maxsat.IntSort && v.Kind() == trace.KindUint:
		return maxsat.BigInt(new(big.Int).SetUint64(v.Uint()))
	}
	return nil
}

// sanity checks run r's constraints against its concrete values: every
// instance bound to the value it had (a soft constraint per instance, so
// that a violation names instances), every fault predicate false except
// those of statements whose instances a hook steered.
func (e *Encoder) sanity(r *run) error {
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		return fmt.Errorf("encode: sanity: %w", err)
	}
	defer s.Close()
	for _, c := range r.sanity {
		if err := s.AddHard(c); err != nil {
			return fmt.Errorf("encode: sanity: %w", err)
		}
	}
	for g := range e.stmts {
		if !r.steer[g] {
			if err := s.AddHard(maxsat.Not(e.abVar(g))); err != nil {
				return fmt.Errorf("encode: sanity: %w", err)
			}
		}
	}
	t := r.t
	for ev, ts := range r.terms {
		v := t.Value(trace.EventID(ev))
		for i, term := range ts {
			if term == nil {
				continue
			}
			vi := v
			if len(ts) > 1 && v.Kind() == trace.KindTuple {
				vi = v.Index(i)
			}
			c := concreteFor(term, vi)
			if c == nil {
				continue
			}
			if err := s.AddSoft(maxsat.Eq(term, c), 1, fmt.Sprint(ev)); err != nil {
				return fmt.Errorf("encode: sanity: %w", err)
			}
		}
	}
	st, err := s.Check(context.Background())
	if err != nil {
		return fmt.Errorf("encode: sanity: %w", err)
	}
	if st == maxsat.Sat {
		return nil
	}
	se := &SanityError{Run: r.n}
	for _, g := range s.Core() {
		var ev int
		fmt.Sscan(g, &ev)
		p := t.Pos(trace.EventID(ev))
		what := "parameter"
		if in := t.Instr(trace.EventID(ev)); in != nil {
			what = in.String()
		}
		se.Events = append(se.Events, fmt.Sprintf("%s:%d: %s", p.Filename, p.Line, what))
	}
	return se
}
