package sattar

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Core is a minimal unsatisfiable core of one violated check of a failing
// case: the statements of the case's trace formula that, all assumed
// correct, make the check's failure unavoidable, while dropping any one
// of them lets the check pass (SAT-TAR's suspects, a MUS of the formula's
// soft constraints). A statement outside the core may still be faulty;
// a statement in it is one the failure of this check depends on.
type Core struct {
	// Check names the violated check: its message (t.Error's), or the
	// failure of a case that failed without one (a panic).
	Check string `json:"check"`
	// Pos is the position of the check's call; zero for a failure
	// without a check.
	Pos localize.Position `json:"pos"`
	// Lines are the core's statements, in file and line order.
	Lines []localize.Position `json:"lines"`
	// Groups are their fault predicates' names in the formula
	// ("file:line", or "file:line:col" by expression).
	Groups []string `json:"groups"`
	// Unmodeled are the lines in scope the run executed that have no
	// fault predicate: the formula does not model what they compute (a
	// pointer assignment), so the core can neither hold nor clear them.
	Unmodeled []localize.Position `json:"unmodeled"`
}

// Cores returns, for each check that c's failing run violates (each
// failed assertion site, in the order of the run), a minimal
// unsatisfiable core of the run's trace formula with that check alone as
// the oracle: the formula AgxFaults starts from (opts as for
// AgxFaults: Mode, InScope, Lines, SliceScope, Arith...). A failing
// case without a failed check (a panic, a test given as data) has one
// core, for its whole failure.
//
// Cores fails with ErrTestPasses if c passes.
func Cores(ctx context.Context, prog *trace.Program, c trace.Case, opts *search.Options) ([]Core, error) {
	if opts == nil {
		opts = &search.Options{}
	}
	if c == nil {
		return nil, errors.New("localize: Cores: no test case")
	}
	sub := &search.Subject{Prog: prog, Case: c}
	var st localize.Stats
	first, opts, err := search.FirstRun(ctx, sub, opts, nil, &st)
	if err != nil {
		return nil, err
	}
	defer first.Release()
	checks := violatedChecks(first)
	var out []Core
	avoid := first.Avoid
	for _, chk := range checks {
		// The oracle is this check's alone. first itself, not a copy, is
		// encoded: an encoding given up at ctx's end leaves first's trace
		// to the step still reading it (search.Owner.Step), which a copy
		// would not tell first.Release.
		first.Avoid = avoid
		if chk.events != nil {
			first.Avoid = chk.events
		}
		core := chk.core
		groups, lines, unmodeled, err := coreOf(ctx, sub, first, opts)
		if err != nil {
			return out, fmt.Errorf("localize: core of %s in %s: %w", chk.core.Check, c.Name(), err)
		}
		core.Groups, core.Lines, core.Unmodeled = groups, localize.Positions(lines), localize.Positions(unmodeled)
		out = append(out, core)
	}
	return out, nil
}

// violatedCheck is a violated check of a run and its failed assertion
// events.
type violatedCheck struct {
	core   Core
	events []trace.EventID // nil: the run's whole oracle
}

// violatedChecks groups v's failed assertions by position.
func violatedChecks(v *search.Verdict) []violatedCheck {
	var out []violatedCheck
	if v.Result != nil && v.Test == nil && !v.Output {
		for _, a := range v.Result.Assertions {
			if !slices.Contains(v.Avoid, a.Event) {
				continue // beyond the encoded part of the run
			}
			i := slices.IndexFunc(out, func(c violatedCheck) bool { return c.core.Pos == localize.PositionOf(a.Pos) })
			if i < 0 {
				out = append(out, violatedCheck{core: Core{Check: a.Message, Pos: localize.PositionOf(a.Pos)}})
				i = len(out) - 1
			}
			out[i].events = append(out[i].events, a.Event)
		}
	}
	if len(out) == 0 {
		out = append(out, violatedCheck{core: Core{Check: v.Failure}})
	}
	return out
}

// coreOf encodes run v of sub (its oracle v's) and returns a MUS of its
// fault predicates' groups, their source lines, and the lines in scope
// the run executed without a fault predicate, in file and line order.
//
// Making the encoder, the encoding of the run and the move of its
// formula to its engine are steps of a search.Owner: one still in a Z3
// call when ctx ends is given up a moment later (an error wrapping
// search.ErrGivenUp), and the solver and v's trace are left to it.
func coreOf(ctx context.Context, sub *search.Subject, v *search.Verdict, opts *search.Options) (groups []string, lines, unmodeled []trace.Line, err error) {
	solver, err := maxsat.NewSolver(&maxsat.Options{Timeout: opts.SolverTimeout, RelaxedLimit: search.RelaxedLimit(v.Res.Steps), Done: ctx.Done()})
	if err != nil {
		return nil, nil, nil, err
	}
	own := search.NewOwner(ctx)
	defer own.Close()
	own.Hold(solver)
	eo, err := search.EncodeOptions(sub, v, opts, nil, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	eo.Done = ctx.Done() // encoding stops at the deadline, as AgxFaults's does
	enc, err := search.CaseEncoder(own, sub, solver, v, eo, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	cf := &search.CaseFormula{Sub: sub, First: v, Enc: enc, Opts: opts, Owner: own}
	if _, err := cf.AddRun(v); err != nil {
		return nil, nil, nil, err
	}
	engine := search.EngineFor(opts.Engine, opts.Arith, v.Res.Steps, enc.Stats())
	if err := own.Step(func() error { return solver.SetEngine(engine) }); err != nil {
		return nil, nil, nil, err
	}
	groups, err = solver.MUS(ctx)
	if errors.Is(err, maxsat.ErrSat) {
		return nil, nil, nil, errors.New("the formula is satisfiable with every statement correct: the encoding does not reproduce the failure")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	line := func(p token.Position) trace.Line { return trace.Line{File: p.Filename, Line: p.Line} }
	for _, g := range groups {
		if st := enc.Statement(g); st != nil {
			lines = appendLine(lines, line(st.Pos))
		}
	}
	modeled := map[trace.Line]bool{}
	for _, g := range solver.GroupNames() {
		if st := enc.Statement(g); st != nil {
			modeled[line(st.Pos)] = true
		}
	}
	inScope := opts.InScope
	if inScope == nil {
		pkgs := map[*ssa.Package]bool{}
		for _, p := range sub.Prog.Packages {
			pkgs[p] = true
		}
		inScope = func(fn *ssa.Function) bool { return fn.Pkg != nil && pkgs[fn.Pkg] }
	}
	t := v.Res.Trace
	n := v.Until
	if n <= 0 {
		n = t.Len()
	}
	seen := map[trace.StaticID]bool{}
	for ev := trace.EventID(0); int(ev) < n; ev++ {
		id := t.Static(ev)
		if seen[id] {
			continue
		}
		seen[id] = true
		st := t.StaticInfo(id)
		if st.Func == nil || st.Synthetic || st.Support || !inScope(st.Func) || strings.HasSuffix(st.Position.Filename, "_test.go") {
			continue
		}
		if l := line(st.Position); !modeled[l] {
			unmodeled = appendLine(unmodeled, l)
		}
	}
	search.SortLines(lines)
	search.SortLines(unmodeled)
	return groups, lines, unmodeled, nil
}

// appendLine appends l to ls unless ls holds it.
func appendLine(ls []trace.Line, l trace.Line) []trace.Line {
	if slices.Contains(ls, l) {
		return ls
	}
	return append(ls, l)
}
