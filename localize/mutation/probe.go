package mutation

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// DefaultProbeLines is how many of a ranking's first lines [FixProbe]
// mutates by default.
const DefaultProbeLines = 20

// DefaultProbeTimeout bounds a [FixProbe] by default.
const DefaultProbeTimeout = 15 * time.Second

// FixProbe is a [localize.Refiner] that looks for plausible fixes among the
// mutants of a ranking's first lines and moves the lines that have one
// to the front. A mutant (the operators of [Analyze] and its repair
// ones, [Options.Repair], without angelic values) is a plausible
// fix when the failing case passes under it and no passing case of the
// spectrum that executes its line fails: a syntactic change of one line
// that the package's tests accept (which does not make it correct: it
// may overfit them). That is evidence of another kind than a verified
// candidate's, whose angelic values make the failing case pass but need
// not keep the others passing. The fixes found are the report's Fixes;
// the lines that have one come first in the ranking, in the order they
// had, with evidence EvidenceMutation, then the others in theirs.
// When no mutant of the first lines is a plausible fix, their
// deletions are tried (SDL: an assignment, an increment, a call
// statement or a return deleted): last, as a deletion that passes a
// test suite is the commonest overfit fix of program repair (Qi et
// al., ISSTA 2015), and it fixes a statement that does not belong (a
// count added twice) that no other mutant fixes.
//
// Cost: one more load of the package from source with the mutants in an
// overlay (shared by the probes of several cases with [FixProbe.Share]), a run of the failing case on each mutant (ten times its steps
// at most), and, for a mutant under which it passes, runs of the passing
// cases that execute its line, cheapest first, until one fails; a line
// with a plausible fix has its other mutants left alone. The lines are
// settled one after the other in the ranking's order, so that what is
// settled when Timeout passes, kept (Report.Reason says the probe was
// cut), is the first lines'. With a Share, [FixProbe.Prefetch] loads the
// mutant program ahead of the probe; a probe whose lines the share's
// program holds in part runs those at once while the others load. A
// probe that finds no fix among its first lines and has time left goes
// on with the lines after them that the share's program holds (the
// pipeline prefetches a case's first 200), one at a time in the
// ranking's order, for as long again as the first lines took (a second
// at least), and stops at the first that has a fix: a fault ranked
// past the first lines that one mutant fixes comes first, and a fault
// among the first lines that no mutant fixes gives up one place at most.
//
// bench/realbugs/RANKERS.md (go run ./bench/realbugs -kinds rankers)
// compares the defaults (20 lines, the repair operators) with others.
type FixProbe struct {
	// Load and Patterns are how the program was loaded (trace.Load's
	// arguments). Default: those of Failure.Program
	// ([trace.Program.LoadedWith]).
	Load     *trace.Config
	Patterns []string
	// Lines is how many of the ranking's first lines are mutated
	// (when none of them has a fix, the probe goes on with the lines
	// after them that Share's program holds, while its time lasts).
	// Default 0: DefaultProbeLines.
	Lines int
	// Timeout bounds the probe. Default 0: DefaultProbeTimeout.
	Timeout time.Duration
	// Parallel is the number of runs at once. Default 0: 1.
	Parallel int
	// NoRepair leaves out the repair operators of MutationOptions.Repair
	// (a local variable read as another of its type, an integer
	// right-hand side or result off by one): mutants of the operators of
	// mutation-based fault localization only. Default false: both.
	NoRepair bool
	// NoDelete leaves out statement deletion (SDL), tried when no
	// other mutant of the first lines is a fix. Default false:
	// deletions are tried.
	NoDelete bool
	// Share, if set, lets the probes of several failing cases share
	// their mutant program (see [ProbeShare]); the pipeline's default
	// refiners share one per run. Default nil: each probe loads its own.
	Share *ProbeShare
}

var _ localize.Refiner = FixProbe{}

// probeOps are the operators a probe's mutants use beyond Analyze's.
type probeOps struct {
	repair bool // VRP, OBO, ACR
	delete bool // SDL
}

// ops returns p's operators.
func (p FixProbe) ops() probeOps { return probeOps{repair: !p.NoRepair, delete: !p.NoDelete} }

// Refine probes the first lines of rep's ranking; see [FixProbe]. It
// needs Failure.Spectrum (which passing cases execute a line) and
// Failure.Package.
func (p FixProbe) Refine(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(p.Timeout, DefaultProbeTimeout))
	defer cancel()
	n := cmp.Or(p.Lines, DefaultProbeLines)
	var lines []trace.Line
	for _, rl := range rep.Ranking {
		if len(lines) == n {
			break
		}
		lines = append(lines, rl.SourceLine())
	}
	start := time.Now()
	fixes, err := p.Fixes(ctx, []*localize.Failure{f}, lines)
	if len(fixes) == 0 && err == nil {
		// None among the first lines: with time left, the lines after
		// them that the share's program holds already, for as long again
		// as the first lines took (beyondMin at least).
		bctx, cancel := context.WithTimeout(ctx, max(time.Since(start), beyondMin))
		fixes = p.beyond(bctx, f, rep.Ranking[len(lines):])
		cancel()
	}
	if len(fixes) > 0 {
		rep.Fixes = fixes
		rep.PromoteFixes()
	}
	return err
}

// beyondMin is the least time a probe that found no fix among its first
// lines spends on the lines after them (FixProbe.beyond), when its
// bound leaves it: their mutant program is loaded already, and a fix
// takes a few runs of the failing case to find.
const beyondMin = time.Second

// beyond returns the plausible fixes of f among the mutants of the
// lines of rest (a ranking's lines after those probed) that p.Share's
// program holds, settled in rest's order until ctx ends or a line has
// a fix: a probe that found no fix among its first lines spends the
// time it has left on the lines a prefetch loaded beyond them. Lines
// of no fix, or a probe without a Share, give none; so does a cut,
// which is no failure of the probe's own lines.
func (p FixProbe) beyond(ctx context.Context, f *localize.Failure, rest []localize.RankedLine) []localize.MutantResult {
	if p.Share == nil || len(rest) == 0 || ctx.Err() != nil {
		return nil
	}
	lc, patterns, err := p.loadOf(f)
	if err != nil {
		return nil
	}
	var lines []trace.Line
	for _, rl := range rest {
		lines = append(lines, rl.SourceLine())
	}
	mp, held, _ := p.Share.held(lc, patterns, lines, p.ops())
	if mp == nil {
		return nil
	}
	for _, l := range held {
		if ctx.Err() != nil {
			return nil
		}
		if fixes, err := p.probeOn(ctx, mp, []*localize.Failure{f}, []trace.Line{l}, false); err == nil && len(fixes) > 0 {
			return fixes
		}
	}
	return nil
}

// Fixes returns the plausible fixes of every case of fs together among
// the mutants of lines (probe.fixes), or, when none is one, among their
// deletions, within p.Timeout. The failures share a program, a package
// and its spectrum.
func (p FixProbe) Fixes(ctx context.Context, fs []*localize.Failure, lines []trace.Line) ([]localize.MutantResult, error) {
	f := fs[0]
	if f.Spectrum == nil || f.Package == "" {
		return nil, errors.New("localize: fix probe: no package cases to run (Failure.Spectrum, Failure.Package)")
	}
	lc, patterns, err := p.loadOf(f)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, nil
	}
	timeout := cmp.Or(p.Timeout, DefaultProbeTimeout)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var fixes []localize.MutantResult
	type part struct {
		mp    *mutProgram
		lines []trace.Line
	}
	var parts []part // the programs probed and their lines
	rest := lines
	if p.Share != nil {
		// The lines a program loaded before holds (a prefetch, an
		// earlier case's probe) run at once, while the others load.
		if mp, held, missing := p.Share.held(lc, patterns, lines, p.ops()); mp != nil && len(held) > 0 && len(missing) > 0 {
			p.Share.prefetch(ctx, lc, patterns, missing, p.ops(), timeout)
			parts = append(parts, part{mp, held})
			if fixes, err = p.probeOn(ctx, mp, fs, held, false); err != nil {
				return fixes, err
			}
			rest = missing
		}
	}
	var mp *mutProgram
	if p.Share != nil {
		mp, err = p.Share.program(ctx, lc, patterns, rest, p.ops(), timeout)
	} else {
		mp, err = loadMutants(ctx, lc, patterns, targetsOfLines(rest), p.ops())
	}
	if err != nil {
		return fixes, fmt.Errorf("localize: fix probe: %w", err)
	}
	parts = append(parts, part{mp, rest})
	more, err := p.probeOn(ctx, mp, fs, rest, false)
	fixes = append(fixes, more...)
	if err == nil && len(fixes) == 0 && p.ops().delete {
		// No other mutant fixes a line: the deletions of the same lines.
		for _, pt := range parts {
			more, err = p.probeOn(ctx, pt.mp, fs, pt.lines, true)
			fixes = append(fixes, more...)
			if err != nil {
				break
			}
		}
	}
	// The lines first in the ranking first.
	slices.SortStableFunc(fixes, func(x, y localize.MutantResult) int {
		return cmp.Compare(slices.Index(lines, x.SourceLine()), slices.Index(lines, y.SourceLine()))
	})
	return fixes, err
}

// probeOn returns the plausible fixes of fs among mp's mutants of lines:
// the deletions (SDL) with deletions, the others without.
func (p FixProbe) probeOn(ctx context.Context, mp *mutProgram, fs []*localize.Failure, lines []trace.Line, deletions bool) ([]localize.MutantResult, error) {
	pr := mp.probe(lines, p.Parallel, deletions)
	fixes, err := pr.fixes(ctx, fs, lines)
	if err != nil {
		if ctx.Err() != nil {
			return fixes, fmt.Errorf("localize: fix probe cut after %d mutants of %d: %w", pr.done, len(pr.mutants), context.Cause(ctx))
		}
		return fixes, fmt.Errorf("localize: fix probe: %w", err)
	}
	return fixes, nil
}

// loadOf returns how the program of f is loaded again with mutants: p's
// Load and Patterns, or those of f's program.
func (p FixProbe) loadOf(f *localize.Failure) (*trace.Config, []string, error) {
	lc, patterns := p.Load, p.Patterns
	if lc == nil || len(patterns) == 0 {
		if f.Program == nil {
			return nil, nil, errors.New("localize: fix probe: no program to load again (FixProbe.Load and Patterns, or Failure.Program)")
		}
		c, ps := f.Program.LoadedWith()
		if lc == nil {
			lc = &c
		}
		if len(patterns) == 0 {
			patterns = ps
		}
	}
	return lc, patterns, nil
}

// Prefetch starts loading, in the background, the mutant program of
// lines into p.Share, unless the share holds them already or is loading
// them, so that a later probe of f's program whose lines are among them
// (Refine, Fixes) finds it loaded: loading is most of a probe's cost,
// and the pipeline prefetches a case's preliminary ranking while its
// search runs, so that the probe, which comes after the search, spends
// its time on runs. It returns at once; the load goes on for at most
// p.Timeout, past ctx's end, until the share's Close. Without a Share,
// or when f has no program to load again, it does nothing.
func (p FixProbe) Prefetch(ctx context.Context, f *localize.Failure, lines []trace.Line) {
	if p.Share == nil || len(lines) == 0 {
		return
	}
	lc, patterns, err := p.loadOf(f)
	if err != nil {
		return
	}
	p.Share.prefetch(ctx, lc, patterns, lines, p.ops(), cmp.Or(p.Timeout, DefaultProbeTimeout))
}

// mutProgram is the program loaded with a mutant schema in its overlay;
// probes of several cases may run on it at once.
type mutProgram struct {
	m      *mutRunner
	schema *mutate.Schema
}

// probe runs go test cases on the mutants of some lines of a schema.
type probe struct {
	m        *mutRunner
	schema   *mutate.Schema
	mutants  []mutate.Mutant // those of the lines probed, in the schema's order
	parallel int
	done     int // mutants settled

	mu sync.Mutex
}

// loadMutants builds the schema of targets and loads the program with it.
func loadMutants(ctx context.Context, lc *trace.Config, patterns []string, targets []mutate.Target, ops probeOps) (*mutProgram, error) {
	if probeLoads != nil {
		probeLoads()
	}
	schema, err := mutate.Build(ctx, &mutate.Config{Dir: lc.Dir, Tests: lc.Tests, BuildFlags: lc.BuildFlags, Overlay: lc.Overlay, Env: lc.Env, Repair: ops.repair, Delete: ops.delete}, patterns, targets)
	if err != nil {
		return nil, err
	}
	c := *lc
	c.Overlay = make(map[string][]byte, len(lc.Overlay)+len(schema.Files))
	for k, v := range lc.Overlay {
		c.Overlay[k] = v
	}
	for k, v := range schema.Files {
		c.Overlay[k] = v
	}
	prog, err := trace.Load(ctx, &c, patterns...)
	if err != nil {
		return nil, err
	}
	return &mutProgram{m: newMutRunner(prog, schema), schema: schema}, nil
}

// probe returns a probe of mp's mutants of lines (a mutant belongs to
// one line: those a schema of lines alone has): their deletions (SDL)
// with deletions, their other mutants without.
func (mp *mutProgram) probe(lines []trace.Line, parallel int, deletions bool) *probe {
	var ms []mutate.Mutant
	for _, m := range mp.schema.Mutants {
		if (m.Op == mutate.SDL) == deletions && slices.Contains(lines, trace.Line{File: m.File, Line: m.Line}) {
			ms = append(ms, m)
		}
	}
	return &probe{m: mp.m, schema: mp.schema, mutants: ms, parallel: max(1, parallel)}
}

// run runs case c of the mutant program on mutant sel and reports
// whether it passed, with ten times steps as the budget (at least 10^5).
func (p *probe) run(ctx context.Context, w *mutWorker, c trace.Case, sel int, steps int64) (bool, error) {
	r, _, err := w.run(ctx, c, sel, max(10*steps, 100_000), false)
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, nil // an error of a mutant's run: not a pass
	}
	return r.passed, nil
}

// fixes returns the plausible fixes of the cases of fs among the
// mutants: those under which every one of them passes and no passing
// case of their spectrum (fs[0]'s) that executes the mutant's line
// fails; the first of each line. It settles the lines one after the
// other in the order of lines (the ranking's), so that a probe cut by
// its bound returns the fixes of the lines first in the ranking, where
// they matter most, with the error.
func (p *probe) fixes(ctx context.Context, fs []*localize.Failure, lines []trace.Line) ([]localize.MutantResult, error) {
	cases := make([]trace.Case, len(fs))
	steps := make([]int64, len(fs))
	for i, f := range fs {
		c, err := p.m.prog.Rebind(f.Case)
		if err != nil {
			return nil, err
		}
		cases[i] = c
		if t, ok := f.Spectrum.TestIndex(f.Case.Name()); ok {
			steps[i] = f.Spectrum.Test(t).Steps
		}
	}
	byLine := map[trace.Line][]mutate.Mutant{}
	for _, m := range p.mutants {
		l := trace.Line{File: m.File, Line: m.Line}
		byLine[l] = append(byLine[l], m)
	}
	var out []localize.MutantResult
	for _, l := range lines {
		ms := byLine[l]
		delete(byLine, l) // a line listed twice is probed once
		if len(ms) > 0 {
			fix, err := p.fixOf(ctx, fs[0], cases, steps, ms)
			if err != nil {
				return out, err
			}
			if fix != nil {
				out = append(out, *fix)
			}
		}
		if probeSettled != nil {
			probeSettled(l)
		}
	}
	return out, nil
}

// fixOf returns the first plausible fix among ms, the mutants of one
// line (nil: none): the failing cases run on each of them, in parallel,
// then the passing cases of f's spectrum on those under which they all
// pass, in order, until one keeps them passing.
func (p *probe) fixOf(ctx context.Context, f *localize.Failure, cases []trace.Case, steps []int64, ms []mutate.Mutant) (*localize.MutantResult, error) {
	passes := make([]bool, len(ms))
	err := parallel(ctx, p.parallel, len(ms), func(w *mutWorker, i int) error {
		for j, c := range cases {
			ok, err := p.run(ctx, w, c, ms[i].ID, steps[j])
			if err != nil || !ok {
				return err
			}
		}
		passes[i] = true
		return nil
	}, p.m)
	if err != nil {
		return nil, err
	}
	for i, m := range ms {
		if !passes[i] {
			p.done++
			continue
		}
		broken, err := p.breaksPassing(ctx, f, m)
		if err != nil {
			return nil, err
		}
		p.done++
		if !broken {
			p.done += len(ms) - i - 1 // the line's other mutants are left alone
			r := mutantResult(m)
			r.FailKilled, r.FailToPass = len(cases), len(cases)
			return &r, nil
		}
	}
	return nil, nil
}

// probeSettled, if set, is called when a probe has settled a line
// (tests cut a probe there).
var probeSettled func(trace.Line)

// breaksPassing reports whether a passing case of f's spectrum that
// executes m's line fails under m: the cheapest first, a few at a time.
func (p *probe) breaksPassing(ctx context.Context, f *localize.Failure, m mutate.Mutant) (bool, error) {
	sp := f.Spectrum
	var cases []int
	if e, ok := sp.Index(spectra.Element{Kind: spectra.Line, File: m.File, Line: m.Line}); ok {
		for t := range sp.NumTests() {
			if !sp.Test(t).Failed && sp.Covers(t, e) {
				cases = append(cases, t)
			}
		}
	}
	slices.SortStableFunc(cases, func(x, y int) int { return cmp.Compare(sp.Test(x).Steps, sp.Test(y).Steps) })
	for lo := 0; lo < len(cases); {
		hi := min(len(cases), lo+max(p.parallel, lo))
		failed := false
		err := parallel(ctx, p.parallel, hi-lo, func(w *mutWorker, j int) error {
			t := sp.Test(cases[lo+j])
			ok, err := p.run(ctx, w, p.m.prog.GoTestCase(f.Package, t.Name), m.ID, t.Steps)
			if err == nil && !ok {
				p.mu.Lock()
				failed = true
				p.mu.Unlock()
			}
			return err
		}, p.m)
		if err != nil || failed {
			return failed, err
		}
		lo = hi
	}
	return false, nil
}
