package sattar

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// SAT-TAR's test generation and rounds (see Run).

// isFuzzFunc reports whether fn is the fuzz function of target: a
// function literal in it whose first parameter is a *testing.T.
func isFuzzFunc(fn *ssa.Function, target string) bool {
	if fn == nil || fn.Parent() == nil {
		return false
	}
	root := fn
	for root.Parent() != nil {
		root = root.Parent()
	}
	if root.Name() != target || fn.Signature.Params().Len() == 0 {
		return false
	}
	p, ok := fn.Signature.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == "T"
}

// generate negates the branch decisions of the initial failing run one
// at a time, prefix kept, solves for the fuzz function's arguments, and
// runs each new input.
func (s *sattar) generate() ([]*Test, error) {
	r, err := s.prog.GoTestCase(s.pkg, s.first.Name).Run(s.ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("localize: SAT-TAR: running %s: %w", s.first.Name, err)
	}
	// The run as a verdict: its encoding is a step its Release knows of.
	first := &search.Verdict{Res: r.Result, Result: r}
	defer first.Release()
	t := r.Trace
	// The failing input, in the order of the fuzz function's parameters.
	var orig []trace.Value
	var fuzzFn *ssa.Function
	for ev := trace.EventID(0); int(ev) < t.Len(); ev++ {
		if t.Instr(ev) != nil {
			continue
		}
		p, ok := t.SSAValue(ev).(*ssa.Parameter)
		if !ok || !isFuzzFunc(p.Parent(), s.target) {
			continue
		}
		if fuzzFn == nil {
			fuzzFn = p.Parent()
			orig = make([]trace.Value, len(fuzzFn.Params)-1)
		}
		if i := slices.Index(fuzzFn.Params, p); i >= 1 && p.Parent() == fuzzFn {
			orig[i-1] = t.Value(ev)
		}
	}
	if fuzzFn == nil {
		return nil, fmt.Errorf("localize: SAT-TAR: %s: no call of the fuzz function of %s in the run", s.first.Name, s.target)
	}
	o := s.opts.Search
	solver, err := maxsat.NewSolver(&maxsat.Options{Timeout: o.SolverTimeout, RelaxedLimit: search.RelaxedLimit(r.Steps), Done: s.ctx.Done()})
	if err != nil {
		return nil, err
	}
	// Making the encoder and the run's encoding are steps of own, given
	// up when still in a Z3 call a moment after the context's end; own
	// closes the solver.
	own := search.NewOwner(s.ctx)
	defer own.Close()
	own.Hold(solver)
	eo := &encode.Options{Mode: o.Mode, Arith: o.Arith, InScope: s.under, NoStrings: o.NoStrings, NoFloats: o.NoFloats,
		Inputs: func(fn *ssa.Function) bool { return fn == fuzzFn }, Done: s.ctx.Done()}
	enc, err := search.CaseEncoder(own, &search.Subject{Prog: s.prog}, solver, first, eo, &o)
	if err != nil {
		return nil, err
	}
	if err := own.Step(func() error { _, err := enc.AddRun(r.Result); return err }, first); err != nil {
		return nil, fmt.Errorf("localize: SAT-TAR: %w", err)
	}
	ins, err := enc.Inputs(nil)
	if err != nil {
		return nil, fmt.Errorf("localize: SAT-TAR: %w", err)
	}
	keep := make([][]*maxsat.Term, len(ins)) // per input: its failing value, then values near it
	for i, in := range ins {
		for _, v := range nearValues(in.Orig) {
			if c := in.Equals(v); c != nil {
				keep[i] = append(keep[i], c)
			}
		}
	}
	seen := map[string]bool{key(orig): true}
	var out []*Test
	var prefix []*maxsat.Term
	for ev := trace.EventID(0); int(ev) < t.Len(); ev++ {
		if _, ok := t.Instr(ev).(*ssa.If); !ok {
			continue
		}
		fn := t.StaticInfo(t.Static(ev)).Func
		if fn == nil || fn.Pkg == nil || strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test") != s.pkg {
			continue
		}
		g := enc.Term(t.Key(ev))
		if g == nil {
			continue
		}
		lit := g
		if !t.Value(ev).Bool() {
			lit = maxsat.Not(g)
		}
		m, err := s.solve(solver, append(slices.Clip(prefix), maxsat.Not(lit)), keep)
		if err != nil {
			return out, err
		}
		prefix = append(prefix, lit)
		if m == nil {
			continue
		}
		ins, err := enc.Inputs(m)
		if err != nil {
			return out, fmt.Errorf("localize: SAT-TAR: %w", err)
		}
		args := slices.Clone(orig)
		for _, in := range ins {
			if i := slices.Index(fuzzFn.Params, in.Param); i >= 1 && in.Value.IsValid() {
				args[i-1] = in.Value
			}
		}
		k := key(args)
		if seen[k] {
			continue
		}
		seen[k] = true
		s.gen++
		test, err := s.run(s.prog.FuzzCase(s.pkg, s.target, fmt.Sprintf("gen#%d", s.gen), args), args)
		if err != nil {
			if s.ctx.Err() != nil {
				return out, s.ctx.Err()
			}
			continue // an input the interpreter cannot run adds nothing
		}
		out = append(out, test)
	}
	return out, nil
}

// nearValues are the values tried for an input, in order: its failing
// value, then small steps from it, then small constants.
func nearValues(v trace.Value) []trace.Value {
	switch v.Kind() {
	case trace.KindInt:
		x := v.Int()
		out := []trace.Value{v}
		for d := int64(1); d <= 3; d++ {
			out = append(out, trace.Int(x+d), trace.Int(x-d))
		}
		for _, c := range []int64{0, 1, -1, 2, 10, 100} {
			out = append(out, trace.Int(c))
		}
		return out
	case trace.KindUint:
		x := v.Uint()
		out := []trace.Value{v}
		for d := uint64(1); d <= 3; d++ {
			out = append(out, trace.Uint(x+d), trace.Uint(x-d))
		}
		for _, c := range []uint64{0, 1, 2, 10, 100} {
			out = append(out, trace.Uint(c))
		}
		return out
	case trace.KindBool:
		return []trace.Value{v, trace.Bool(!v.Bool())}
	}
	return []trace.Value{v}
}

// solve returns a model of the formula with every statement correct
// under the assumptions assume, each input (in order, greedily) at the
// first of its values keep[i] that a model allows: its failing value if
// it can (as concolic testing does, a negated decision changes only the
// inputs it needs to), else a value near it. Inputs none of whose values
// fit keep the solver's. It returns nil if there is no model.
func (s *sattar) solve(solver *maxsat.Solver, assume []*maxsat.Term, keep [][]*maxsat.Term) (*maxsat.Model, error) {
	check := func(as []*maxsat.Term) (*maxsat.Model, error) {
		m, st, err := solver.CheckRelaxed(s.ctx, nil, as...)
		if err != nil {
			if s.ctx.Err() != nil {
				return nil, s.ctx.Err()
			}
			return nil, fmt.Errorf("localize: SAT-TAR: %w", err)
		}
		if st != maxsat.Sat {
			return nil, nil
		}
		return m, nil
	}
	m, err := check(assume)
	if m == nil || err != nil {
		return nil, err
	}
	as := slices.Clip(assume)
	for _, ks := range keep {
		for _, k := range ks {
			m2, err := check(append(as, k))
			if err != nil {
				return nil, err
			}
			if m2 != nil {
				m, as = m2, append(as, k)
				break
			}
		}
	}
	return m, nil
}

// key identifies an input.
func key(vals []trace.Value) string {
	var b strings.Builder
	for _, v := range vals {
		fmt.Fprintf(&b, "%v|", v)
	}
	return b.String()
}

// rounds adds generated tests to the suite, one per round.
func (s *sattar) rounds() error {
	max := s.opts.Rounds
	if max == 0 {
		max = 10
	}
	if max < 0 {
		return nil
	}
	gen, err := s.generate()
	s.res.Generated = len(gen)
	s.res.Tests = append(s.res.Tests, gen...)
	if err != nil {
		return err
	}
	s.strategy = "coverage"
	prev := s.ratings()
	for round := 1; round <= max; round++ {
		pick := s.pick(gen)
		if pick == nil {
			break // no test with unique coverage is left
		}
		pick.Round = round
		s.suite = append(s.suite, pick)
		s.res.Rounds = round
		now := s.ratings()
		var dropped []trace.Line
		if pick.Failed && len(pick.checks) == len(s.first.checks) {
			// A failing test of the same checks: the suspects whose
			// rating fell are, in all probability, not faulty.
			for _, l := range s.suspects {
				if a, b := prev[l], now[l]; b[0] < a[0] && b[1] < a[1] {
					dropped = append(dropped, l)
				}
			}
			s.suspects = slices.DeleteFunc(s.suspects, func(l trace.Line) bool { return slices.Contains(dropped, l) })
		}
		moved := false
		for _, l := range s.suspects {
			if prev[l] != now[l] {
				moved = true
			}
		}
		if !moved {
			s.strategy = "suspects"
		}
		prev = now
		s.res.Suspects = localize.Positions(s.suspects)
		s.res.Report = s.rank()
		if s.opts.Round != nil && !s.opts.Round(&Round{Round: round, Added: pick, Strategy: s.strategy, Dropped: localize.Positions(dropped), Report: s.res.Report}) {
			break
		}
		if s.ctx.Err() != nil {
			return s.ctx.Err()
		}
	}
	return nil
}

// pick returns the generated test to add: not yet added, not failing
// checks the initial case does not, covering a suspect, with coverage
// (of everything, or of the suspects) that no test in the suite has;
// among those, the one covering the most suspects, the first generated
// on a tie. It returns nil if there is none.
func (s *sattar) pick(gen []*Test) *Test {
	cov := func(t *Test) string {
		var b strings.Builder
		for _, l := range t.lines {
			if s.strategy == "coverage" || slices.Contains(s.suspects, l) {
				fmt.Fprintf(&b, "%s:%d|", l.File, l.Line)
			}
		}
		return b.String()
	}
	have := map[string]bool{}
	for _, t := range s.suite {
		have[cov(t)] = true
	}
	var best *Test
	bestScore := 0
	for _, t := range gen {
		if t.Round >= 0 || t.Failed && !subset(t.checks, s.first.checks) || have[cov(t)] {
			continue
		}
		score := 0
		for _, l := range t.lines {
			if slices.Contains(s.suspects, l) || s.opts.SpectrumOnly {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = t, score
		}
	}
	return best
}

// ratings returns the formula's suspiciousness and confidence of every
// line of the suite, without the suspect boost.
func (s *sattar) ratings() map[trace.Line][2]float64 {
	out := map[trace.Line][2]float64{}
	for _, e := range s.matrix().Rank(s.formula, nil).Entries {
		out[trace.Line{File: e.Element.File, Line: e.Element.Line}] = [2]float64{e.Score, e.Confidence}
	}
	return out
}
