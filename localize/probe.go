package localize

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// A Refiner revises a failing case's ranked report with evidence that
// costs more than a score of every line, spent on the ranking's first
// lines: [Package] calls it after [Rank].
type Refiner interface {
	Refine(ctx context.Context, rep *Report, f *Failure) error
}

// DefaultProbeLines is how many of a ranking's first lines [FixProbe]
// mutates by default.
const DefaultProbeLines = 20

// DefaultProbeTimeout bounds a [FixProbe] by default.
const DefaultProbeTimeout = 15 * time.Second

// FixProbe is a [Refiner] that runs the mutants of a ranking's first
// lines (the operators of [Mutation] and its repair ones,
// [MutationOptions.Repair], without angelic values) and reorders those
// lines by what they do. A mutant is a plausible fix when the failing
// case passes under it and no passing case of the spectrum that executes
// its line fails: a syntactic change of one line that the package's
// tests accept (which does not make it correct: it may overfit them).
// That is evidence of another kind than a verified candidate's, whose
// angelic values make the failing case pass but need not keep the others
// passing. The fixes found are the report's Fixes, and the lines that
// have one come first, in the order they had. The other probed lines of
// verified candidates whose mutants change the failing case's result are
// reordered, in the places they hold, by Metallaxis' score with the
// failing case alone ([MutationAnalysis.ProbeScores]): the best over the
// line's mutants that change it of 1/√(1+p), p the passing cases that
// execute the line and fail under the mutant. The other lines keep their
// places. See [Report.ApplyProbe]; the lines the probe placed have
// evidence EvidenceMutation.
//
// Cost: one more load of the package from source with the mutants in an
// overlay and a run of the failing case on each mutant (ten times its
// steps at most); then, line by line in the ranking's order, for a
// mutant under which it passes, runs of the passing cases that execute
// the line, cheapest first, until one fails (a line with a plausible fix
// has its other mutants left alone); then, for the lines without one and
// the mutants that change the failing case's result, the same runs until
// the count of failures reaches the line's best so far. What is settled
// when Timeout passes is kept (Report.Reason says the probe was cut):
// the fixes before the scores, each in the ranking's order.
//
// The defaults (20 lines, the repair operators, the order after the
// fixes) were chosen on the historical bugs of bench/realbugs
// (RANKERS.md: go run ./bench/realbugs -kinds rankers, which compares
// them with 10 lines and with the generic operators alone) and on TCAS
// (bench/results/tcas-probe.md: go run ./bench/tcas with -tiebreak
// probe, where ordering the lines without a fix by position instead of
// by their scores gives a higher EXAM).
type FixProbe struct {
	// Load and Patterns are how the program was loaded (trace.Load's
	// arguments). Default: those of Failure.Program
	// ([trace.Program.LoadedWith]).
	Load     *trace.Config
	Patterns []string
	// Lines is how many of the ranking's first lines are mutated.
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
}

var _ Refiner = FixProbe{}

// Refine probes the first lines of rep's ranking; see [FixProbe]. It
// needs Failure.Spectrum (which passing cases execute a line) and
// Failure.Package.
func (p FixProbe) Refine(ctx context.Context, rep *Report, f *Failure) error {
	if f.Spectrum == nil || f.Package == "" {
		return errors.New("localize: fix probe: no package cases to run (Failure.Spectrum, Failure.Package)")
	}
	lc, patterns := p.Load, p.Patterns
	if lc == nil || len(patterns) == 0 {
		if f.Program == nil {
			return errors.New("localize: fix probe: no program to load again (FixProbe.Load and Patterns, or Failure.Program)")
		}
		c, ps := f.Program.LoadedWith()
		if lc == nil {
			lc = &c
		}
		if len(patterns) == 0 {
			patterns = ps
		}
	}
	n := cmp.Or(p.Lines, DefaultProbeLines)
	var lines []trace.Line
	var targets []mutate.Target
	for _, rl := range rep.Ranking {
		if len(lines) == n {
			break
		}
		lines = append(lines, trace.Line{File: rl.File, Line: rl.Line})
		targets = append(targets, mutate.Target{File: rl.File, Line: rl.Line})
	}
	if len(lines) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(p.Timeout, DefaultProbeTimeout))
	defer cancel()
	pr, err := newProbe(ctx, lc, patterns, targets, p.Parallel, !p.NoRepair)
	if err != nil {
		return fmt.Errorf("localize: fix probe: %w", err)
	}
	st, err := pr.settle(ctx, f, lines)
	if len(st.fixes) > 0 {
		rep.Fixes = st.fixes
	}
	rep.ApplyProbe(st.fixes, st.scores)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("localize: fix probe cut with %d fixes found and %d of %d lines settled: %w", len(st.fixes), len(st.fixes)+len(st.scores), len(lines), context.Cause(ctx))
		}
		return fmt.Errorf("localize: fix probe: %w", err)
	}
	return nil
}

// probe runs go test cases on a schema's mutants.
type probe struct {
	m        *mutRunner
	schema   *mutate.Schema
	parallel int

	mu sync.Mutex
}

func newProbe(ctx context.Context, lc *trace.Config, patterns []string, targets []mutate.Target, parallel int, repair bool) (*probe, error) {
	schema, err := mutate.Build(ctx, &mutate.Config{Dir: lc.Dir, Tests: lc.Tests, BuildFlags: lc.BuildFlags, Overlay: lc.Overlay, Env: lc.Env, Repair: repair}, patterns, targets)
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
	return &probe{m: newMutRunner(prog, schema), schema: schema, parallel: max(1, parallel)}, nil
}

// run runs case c of the mutant program on mutant sel, with ten times
// steps as the budget (at least 10^5). A mutant's run that errs counts
// as a failure with that error as its result.
func (p *probe) run(ctx context.Context, w *mutWorker, c trace.Case, sel int, steps int64) (mutRun, error) {
	r, _, err := w.run(ctx, c, sel, max(10*steps, 100_000), false)
	if err != nil {
		if ctx.Err() != nil {
			return mutRun{}, ctx.Err()
		}
		return mutRun{sig: "error: " + err.Error()}, nil
	}
	return r, nil
}

// probeScore is the score of a mutant that changes the failing case's
// result and the results of passing cases that execute its line:
// Metallaxis' (Papadakis and Le Traon, STVR 2015) with the failing case
// alone, 1/√(1+passKilled). A line scores its best mutant's; a line
// without a mutant that changes the failing case's result scores 0.
func probeScore(passKilled int) float64 {
	return 1 / math.Sqrt(1+float64(passKilled))
}

// settled is what a probe found of the lines it mutated.
type settled struct {
	fixes []MutantResult // the first plausible fix of each line, in the lines' order
	// scores are the probeScores of the lines without a fix whose
	// mutants were all run.
	scores LineScores
}

// settle runs the mutants of lines: their plausible fixes of f's case
// and, for the lines without one, their scores.
func (p *probe) settle(ctx context.Context, f *Failure, lines []trace.Line) (settled, error) {
	out := settled{scores: LineScores{}}
	c, err := p.m.prog.Rebind(f.Case)
	if err != nil {
		return out, err
	}
	var steps int64
	if t, ok := f.Spectrum.TestIndex(f.Case.Name()); ok {
		steps = f.Spectrum.Test(t).Steps
	}
	// The failing case on the mutant program as it is (its result, to
	// tell which mutants change it), then on each mutant.
	var base mutRun
	if err := parallel(ctx, 1, 1, func(w *mutWorker, _ int) error {
		base, err = p.run(ctx, w, c, 0, steps)
		return err
	}, p.m); err != nil {
		return out, err
	}
	runs := make([]mutRun, len(p.schema.Mutants))
	err = parallel(ctx, p.parallel, len(p.schema.Mutants), func(w *mutWorker, i int) error {
		r, err := p.run(ctx, w, c, p.schema.Mutants[i].ID, steps)
		runs[i] = r
		return err
	}, p.m)
	if err != nil {
		return out, err
	}
	byLine := map[trace.Line][]int{}
	for i, m := range p.schema.Mutants {
		l := trace.Line{File: m.File, Line: m.Line}
		byLine[l] = append(byLine[l], i)
	}
	// The fixes first, the lines first in the ranking first: the fixes
	// are the stronger evidence, and what is settled when the time is
	// up matters most there. A mutant under which the failing case
	// passes is a fix unless a passing case fails: one failure decides.
	fixed := map[trace.Line]bool{}
	for _, l := range lines {
		for _, i := range byLine[l] {
			if !runs[i].passed {
				continue
			}
			m := p.schema.Mutants[i]
			n, err := p.breaks(ctx, f, m, 1)
			if err != nil {
				return out, err
			}
			if n == 0 {
				r := mutantResult(m)
				r.FailKilled, r.FailToPass = 1, 1
				out.fixes = append(out.fixes, r)
				fixed[l] = true
				break
			}
		}
	}
	// Then the scores of the other lines: of the mutants that change the
	// failing case's result, the fewest passing cases broken, counting
	// no further than the line's best so far.
	for _, l := range lines {
		if fixed[l] {
			continue
		}
		best := -1
		for _, i := range byLine[l] {
			if runs[i].sig == base.sig || best == 0 {
				continue
			}
			n, err := p.breaks(ctx, f, p.schema.Mutants[i], best)
			if err != nil {
				return out, err
			}
			if best < 0 || n < best {
				best = n
			}
		}
		s := 0.0
		if best >= 0 {
			s = probeScore(best)
		}
		out.scores[l] = s
	}
	return out, nil
}

// breaks counts the passing cases of f's spectrum that execute m's line
// and fail under m, the cheapest first, a few at a time, stopping once
// the count reaches limit (limit < 0: no limit).
func (p *probe) breaks(ctx context.Context, f *Failure, m mutate.Mutant, limit int) (int, error) {
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
	n := 0
	for lo := 0; lo < len(cases) && (limit < 0 || n < limit); {
		hi := min(len(cases), lo+max(p.parallel, lo))
		err := parallel(ctx, p.parallel, hi-lo, func(w *mutWorker, j int) error {
			t := sp.Test(cases[lo+j])
			r, err := p.run(ctx, w, p.m.prog.GoTestCase(f.Package, t.Name), m.ID, t.Steps)
			if err == nil && !r.passed {
				p.mu.Lock()
				n++
				p.mu.Unlock()
			}
			return err
		}, p.m)
		if err != nil {
			return n, err
		}
		lo = hi
	}
	return n, nil
}

// ApplyProbe reorders the ranking with what a probe of its lines found,
// as [FixProbe] does: the lines of fixes first, in the order they had,
// each its own rank; then the lines of verified candidates
// (EvidenceVerified) that scores rates above 0, in the places they hold,
// by decreasing score (ties in the order they had), each its own rank.
// Both have evidence EvidenceMutation. The other lines keep their
// places, evidence and ties: the verified candidates come in the order
// the search found them, which says little of which is likelier, while
// the other lines are in the order of the scorers' evidence (on the
// historical bugs of bench/realbugs, letting the scores reorder those too
// pushed faulty lines down: a missing statement's place is a line whose
// mutants change the failing case only by breaking many passing ones).
func (r *Report) ApplyProbe(fixes []MutantResult, scores LineScores) {
	fixed := map[trace.Line]bool{}
	for _, m := range fixes {
		fixed[trace.Line{File: m.File, Line: m.Line}] = true
	}
	var front, rest []RankedLine
	var slots []int // the places in rest of the lines scored above 0
	for _, rl := range r.Ranking {
		l := trace.Line{File: rl.File, Line: rl.Line}
		switch {
		case fixed[l]:
			rl.Rank, rl.Evidence = len(front)+1, EvidenceMutation
			front = append(front, rl)
		case scores[l] > 0 && rl.Evidence == EvidenceVerified:
			slots = append(slots, len(rest))
			rest = append(rest, rl)
		default:
			rest = append(rest, rl)
		}
	}
	scored := make([]RankedLine, len(slots))
	for i, at := range slots {
		scored[i] = rest[at]
	}
	slices.SortStableFunc(scored, func(x, y RankedLine) int {
		return -cmp.Compare(scores[trace.Line{File: x.File, Line: x.Line}], scores[trace.Line{File: y.File, Line: y.Line}])
	})
	for i, at := range slots {
		rl := scored[i]
		// A rank no other line has: its own group in appendRanked.
		rl.Rank, rl.Evidence = -1-i, EvidenceMutation
		rest[at] = rl
	}
	r.Ranking = appendRanked(front, rest)
}
