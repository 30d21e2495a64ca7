package localize

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"sync"

	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Failure is a failing test case as the stages of a pipeline receive it.
type Failure struct {
	// Program is the loaded program the case runs in.
	Program *trace.Program
	// Case is the failing case.
	Case trace.Case
	// Spectrum is the coverage of the package's cases, passing and
	// failing, when the pipeline collected it (pipeline.Run does); nil
	// otherwise.
	Spectrum *spectra.Matrix
	// Package is the import path of the case's package, when the case
	// is a go test case ("" otherwise).
	Package string
	// Candidates are the technique's candidates, for scorers that look at
	// them (mutation.Scorer); Package sets them before it ranks.
	Candidates []Candidate
	// Native is the native go test run of the case's package
	// (native.Collect), when the pipeline collected it (pipeline.Run does);
	// nil otherwise.
	Native NativeRun
	// Found, if set, is called by the technique with each candidate as
	// it finds it, before the report is complete: progress for a caller
	// waiting for the report (which may order them otherwise).
	// AgxFaults calls it (and the techniques that wrap it pass it on);
	// a technique that does not is no less a Technique.
	Found func(Candidate)

	// graphs, set by Rank while its scorers run (or by ShareRecording
	// for longer), holds the recorded run of the case and its
	// dependence graph, shared by the scorers that slice it with
	// trace's default options.
	graphs *graphCache
}

// ShareRecording returns a copy of f whose stages share one recorded run
// of its case, with trace's default options, and the run's dependence
// graph: the scorers of every [Rank] of the copy (and of native.Fuse,
// which ranks it too), which would otherwise record the case again
// each time. The run is recorded when first needed, with the context
// of that call; release frees it once the copy's stages are done. A
// copy of a failure that shares one already shares the same.
func (f *Failure) ShareRecording() (shared *Failure, release func()) {
	if f.graphs != nil {
		return f, func() {}
	}
	c := *f
	c.graphs = &graphCache{}
	return &c, c.graphs.close
}

// NativeRun is a native go test run of a failing case's package, as a
// stage finds it in [Failure.Native]. Package
// [github.com/faultloc/faultloc/localize/native] collects one
// (*native.Run) and ranks lines by its coverage and call graph.
type NativeRun interface {
	// Failed reports whether case name failed in the run.
	Failed(name string) bool
	// Message returns the go test output of case name ("" if it passed
	// or did not run).
	Message(name string) string
}

// graphCache is one recorded run of a failing case and its dependence
// graph, kept for the scorers of one Rank.
type graphCache struct {
	mu      sync.Mutex // the recording is made once
	g       *slicing.Graph
	crit    []trace.EventID
	release func()
	err     error
	done    bool
	// scores memoizes the scores the built-in scorers compute from
	// the run (a slice's lines, their distances), by the scorer's kind:
	// a ranking computed again (the pipeline's preliminary and final
	// ones, a Rank's two Products that share a ProximityScorer) costs
	// no second traversal of the graph.
	scores map[string]LineScores
}

// memoScores returns the scores of kind computed from f's recorded run
// with opts: computed once per shared recording (the cache holds a
// success only: a computation a context cut is tried again), each
// time without one.
func memoScores(f *Failure, kind string, opts trace.RunOptions, compute func() (LineScores, error)) (LineScores, error) {
	c := f.graphs
	opts.CoverOnly, opts.NoTrace = false, false
	if c == nil || !reflect.ValueOf(opts).IsZero() {
		return compute()
	}
	c.mu.Lock()
	ls, ok := c.scores[kind]
	c.mu.Unlock()
	if ok {
		return maps.Clone(ls), nil
	}
	ls, err := compute()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.err == nil { // not released
		if c.scores == nil {
			c.scores = map[string]LineScores{}
		}
		c.scores[kind] = maps.Clone(ls)
	}
	c.mu.Unlock()
	return ls, nil
}

// close releases the cached run's trace.
func (c *graphCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.release != nil {
		c.release()
		c.release = nil
	}
	c.g, c.crit, c.done, c.scores = nil, nil, true, nil
	if c.err == nil {
		c.err = errReleased
	}
}

// errReleased is FailureGraph's error for a shared recording asked for
// after its release.
var errReleased = errors.New("localize: the shared recording of the case was released")

// A Technique turns a failing case into a report: fix candidates and a
// per-line ranking. agx.Technique is AgxFaults and its PF, FS and FI modes; a
// caller's own technique goes into pipeline.Options.Technique the same
// way.
type Technique interface {
	Localize(ctx context.Context, f *Failure) (*Report, error)
}

// StageName names a stage (a Technique, Scorer, Refiner, ...) in reports
// and messages: by its method Name() string when it has one, as every
// built-in technique does; otherwise by its Go type.
func StageName(stage any) string {
	if n, ok := stage.(interface{ Name() string }); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", stage)
}

// A Scorer scores source lines for a failing case, the higher the more
// suspicious: the evidence a [Report]'s ranking is completed with after
// its candidates ([Report.Fuse]). [SpectrumScorer] and [SliceScorer] are
// the built-in ones; mutation analysis gives scores too
// (mutation.Analysis.Metallaxis). A scorer with a method
// Evidence() Evidence names its evidence in the ranking; others are
// named EvidenceCombined.
type Scorer interface {
	Score(ctx context.Context, f *Failure) (LineScores, error)
}

// LineScores are scores of source lines, the higher the more suspicious.
// Lines not in the map have no evidence.
type LineScores map[trace.Line]float64

// Suspiciousness returns the scores as a [Suspiciousness], lines without
// a score scoring -Inf.
func (s LineScores) Suspiciousness() Suspiciousness {
	if s == nil {
		return nil
	}
	return func(file string, line int) float64 {
		if x, ok := s[trace.Line{File: file, Line: line}]; ok {
			return x
		}
		return math.Inf(-1)
	}
}

// SpectrumScorer scores lines by a spectrum formula over the package's
// cases (Failure.Spectrum): SAT-TAR's and GZoltar's evidence. Only the
// lines the failing case executed are scored, when the spectrum has its
// row (a case of its own name that failed); otherwise the lines that
// some failing case executed.
type SpectrumScorer struct {
	// Formula is the spectrum formula. Default (zero): Ochiai.
	Formula spectra.Formula
}

var _ Scorer = SpectrumScorer{}

// Evidence returns EvidenceSpectrum.
func (SpectrumScorer) Evidence() Evidence { return EvidenceSpectrum }

// Score ranks the lines of f.Spectrum by the formula.
func (s SpectrumScorer) Score(ctx context.Context, f *Failure) (LineScores, error) {
	if f.Spectrum == nil || f.Spectrum.Failed() == 0 {
		return nil, errors.New("localize: spectrum: no failing case in the spectrum")
	}
	formula := s.Formula
	if formula.Score == nil {
		var err error
		if formula, err = spectra.Lookup("ochiai"); err != nil {
			return nil, err
		}
	}
	own := func(spectra.Element) bool { return true }
	if f.Case != nil {
		if t, ok := f.Spectrum.TestIndex(f.Case.Name()); ok && f.Spectrum.Test(t).Failed {
			own = func(e spectra.Element) bool {
				i, ok := f.Spectrum.Index(e)
				return ok && f.Spectrum.Covers(t, i)
			}
		}
	}
	out := LineScores{}
	for _, e := range f.Spectrum.Rank(formula, nil).Entries {
		if e.Element.Kind == spectra.Line && e.Counts.EF > 0 && !math.IsNaN(e.Score) && own(e.Element) {
			out[trace.Line{File: e.Element.File, Line: e.Element.Line}] = e.Score
		}
	}
	return out, nil
}

// SliceScorer scores 1 the lines in the dynamic slice of the failing
// run's failure (its failed assertions, the results its oracle rejects,
// its panic), test files left out: the statements the failure depends on,
// by data or control. Relevant also adds the potential dependences of
// the branches not taken, for faults of omission.
type SliceScorer struct {
	Relevant bool
	// Run are the options of the run that records the failure. Default:
	// trace's defaults.
	Run trace.RunOptions
}

var _ Scorer = SliceScorer{}

// Evidence returns EvidenceSlice.
func (SliceScorer) Evidence() Evidence { return EvidenceSlice }

// Score runs f's case recorded and slices back from its failure.
func (s SliceScorer) Score(ctx context.Context, f *Failure) (LineScores, error) {
	kind := "slice"
	if s.Relevant {
		kind = "relevant slice"
	}
	return memoScores(f, kind, s.Run, func() (LineScores, error) { return s.score(ctx, f) })
}

func (s SliceScorer) score(ctx context.Context, f *Failure) (LineScores, error) {
	g, crit, release, err := FailureGraph(ctx, f, s.Run)
	if err != nil {
		return nil, err
	}
	defer release()
	var sl *slicing.Slice
	if s.Relevant {
		sl, err = g.Relevant(crit...)
	} else {
		sl, err = g.Backward(crit...)
	}
	if err != nil {
		return nil, fmt.Errorf("localize: slice: %w", err)
	}
	out := LineScores{}
	for _, e := range sl.Events() {
		if l, ok := LineOf(g.Trace(), e); ok {
			out[l] = 1
		}
	}
	return out, nil
}

// ProximityScorer scores the lines of the failure's dynamic slice by how
// close they are to the failure: 1/sqrt(1+d), where d is the fewest
// dependences (data or control, [slicing.Graph.Distances]) between one
// of the line's events and the failure (its failed assertions, the
// results its oracle rejects, its panic, and each panic the failure
// depends on that a deferred recover turned into a value, as a library
// turns a run-time error into an error: [trace.Trace.Panics]). A fault
// tends to lie few
// dependences from where it shows; lines the failure depends on through
// long chains of computation score less. Lines outside the slice are
// left out, so its evidence is the slice's. With Relevant, the slice and
// the distances are the relevant slice's
// ([slicing.Graph.RelevantDistances]): a branch whose other outcome
// would have assigned what the failure read counts as one dependence
// from that read, which brings a wrong or missing condition nearer the
// failure. pipeline.Run's default ranking multiplies it with the
// spectrum's score ([Product], [DefaultScorers]).
type ProximityScorer struct {
	// Run are the options of the run that records the failure. Default:
	// trace's defaults.
	Run trace.RunOptions
	// Relevant measures the distance in the relevant slice
	// ([slicing.Graph.RelevantDistances]).
	Relevant bool
}

var _ Scorer = ProximityScorer{}

// Evidence returns EvidenceSlice: the lines scored are the slice's.
func (ProximityScorer) Evidence() Evidence { return EvidenceSlice }

// Score runs f's case recorded and measures each slice line's distance
// from its failure.
func (s ProximityScorer) Score(ctx context.Context, f *Failure) (LineScores, error) {
	kind := "proximity"
	if s.Relevant {
		kind = "relevant proximity"
	}
	return memoScores(f, kind, s.Run, func() (LineScores, error) { return s.score(ctx, f) })
}

func (s ProximityScorer) score(ctx context.Context, f *Failure) (LineScores, error) {
	g, crit, release, err := FailureGraph(ctx, f, s.Run)
	if err != nil {
		return nil, err
	}
	defer release()
	distances := func() ([]int, error) {
		var dist []int
		var err error
		if s.Relevant {
			dist, err = g.RelevantDistancesContext(ctx, crit...)
		} else {
			dist, err = g.DistancesContext(ctx, crit...)
		}
		if err != nil {
			return nil, fmt.Errorf("localize: proximity: %w", err)
		}
		return dist, nil
	}
	dist, err := distances()
	if err != nil {
		return nil, err
	}
	if raised := recoveredIn(g.Trace(), crit, dist); len(raised) > 0 {
		// A run-time error the failure depends on, which a deferred
		// recover turned into a value, is a place of the failure too,
		// as a panic that escapes is.
		crit = append(slices.Clip(crit), raised...)
		if dist, err = distances(); err != nil {
			return nil, err
		}
	}
	out := LineScores{}
	for e, d := range dist {
		if d < 0 {
			continue
		}
		if l, ok := LineOf(g.Trace(), trace.EventID(e)); ok {
			if x := Proximity(d); x > out[l] {
				out[l] = x
			}
		}
	}
	return out, nil
}

// recoveredIn returns the events of the panics of t (trace.Trace.Panics)
// that a deferred recover stopped and that are at a finite distance
// dist from the failure's events crit, leaving out those crit holds: the
// run-time errors (and calls of panic) whose recovered value the failure
// depends on, through recover's result.
func recoveredIn(t *trace.Trace, crit []trace.EventID, dist []int) []trace.EventID {
	var out []trace.EventID
	for _, p := range t.Panics() {
		e := p.Event
		if e < 0 || int(e) >= len(dist) || dist[e] < 0 || slices.Contains(crit, e) || slices.Contains(out, e) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Proximity is the weight of a line d dependences from the failure:
// 1/sqrt(1+d), 1 for the failure's own line. [ProximityScorer] weighs
// the slice's lines by it, and localize/native weighs lines by their
// distance in calls the same way.
func Proximity(d int) float64 { return 1 / math.Sqrt(1+float64(d)) }

// Product scores each line by the product of its scores under every
// scorer, leaving out the lines any of them leaves out: a combinator that
// weighs one kind of evidence by another (the default ranking of
// pipeline.Run weighs the spectrum's score by the proximity to the failure).
// Its evidence is its first scorer's. An empty Product scores nothing.
type Product []Scorer

var _ Scorer = Product{}

// Evidence returns the evidence of p's first scorer.
func (p Product) Evidence() Evidence {
	if len(p) == 0 {
		return EvidenceCombined
	}
	return EvidenceOf(p[0])
}

// Score multiplies the scorers' scores.
func (p Product) Score(ctx context.Context, f *Failure) (LineScores, error) {
	var out LineScores
	for i, s := range p {
		ls, err := s.Score(ctx, f)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			out = maps.Clone(ls)
			continue
		}
		for l, x := range out {
			if y, ok := ls[l]; ok {
				out[l] = x * y
			} else {
				delete(out, l)
			}
		}
	}
	if out == nil {
		out = LineScores{}
	}
	return out, nil
}

// FailureGraph runs f's case recorded with opts and returns the dynamic
// dependence graph of the run, the events that show its failure, and a
// function that releases the trace.
func FailureGraph(ctx context.Context, f *Failure, opts trace.RunOptions) (*slicing.Graph, []trace.EventID, func(), error) {
	opts.CoverOnly, opts.NoTrace = false, false
	if c := f.graphs; c != nil && reflect.ValueOf(opts).IsZero() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !c.done {
			c.g, c.crit, c.release, c.err = recordFailure(ctx, f, opts)
			c.done = true
		}
		return c.g, c.crit, func() {}, c.err // the cache releases it
	}
	return recordFailure(ctx, f, opts)
}

// recordFailure is FailureGraph without the cache.
func recordFailure(ctx context.Context, f *Failure, opts trace.RunOptions) (*slicing.Graph, []trace.EventID, func(), error) {
	r, err := f.Case.Run(ctx, &opts)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("localize: slice: %w", err)
	}
	release := func() {
		if r.Trace != nil {
			r.Trace.Release()
		}
	}
	crit, err := slicing.FailedOutputs(r)
	if errors.Is(err, slicing.ErrNoOutput) && r.Trace != nil {
		// A run that never ends or exits: what it did last, the step
		// the oracle makes a candidate avoid (see pipeline.Run's doc).
		if last := Endless(r); last != nil {
			crit, err = last, nil
		}
	}
	if err != nil {
		release()
		return nil, nil, nil, fmt.Errorf("localize: slice: %w", err)
	}
	g, err := slicing.NewGraphContext(ctx, r.Trace)
	if err != nil {
		release()
		return nil, nil, nil, fmt.Errorf("localize: slice: %w", err)
	}
	return g, crit, release, nil
}

// Evidence names what placed a line in a report's ranking.
type Evidence string

// The evidence of a ranked line.
const (
	EvidenceVerified  Evidence = "verified candidate"
	EvidenceCandidate Evidence = "candidate" // an unverified candidate
	EvidenceSpectrum  Evidence = "spectrum"
	EvidenceSlice     Evidence = "slice"
	EvidenceMutation  Evidence = "mutation"
	// EvidenceFailure is the failing statement, run by failing cases
	// only, put ahead of verified candidates that only force branches
	// away from it ([FailureFirst]).
	EvidenceFailure    Evidence = "failing statement"
	EvidenceCombined   Evidence = "scores" // several scorers' scores
	evidenceUnassigned Evidence = ""
)

// Fuse completes the report's Ranking after the lines of its verified
// candidates (as [Report.Rerank] orders them) with the lines the scores
// name, in decreasing order of scores[0], ties broken by scores[1], and
// so on, then by position; lines of equal scores under every source
// share their worst rank. Each ranked line says which evidence placed
// it: names[i] for scores[i] (the first source with a finite score for
// the line), and carries that score (RankedLine.Score). The lines of unverified candidates, whose re-run with the
// angelic values did not pass (a refuted hypothesis, not evidence), are
// ranked by the scores like any other line; those the scores do not
// name come last, in the candidates' order. It is the rule of
// pipeline.Run's default ranking: the candidates the re-runs verified, then
// what slicing and spectra say of the other lines.
//
// Unverified candidates go after the scored lines: the formula frees a
// value it does not model as soon as anything upstream of it changes, so
// a panic through such a value gets candidates all along its inputs, and
// their re-runs refute them.
func (r *Report) Fuse(names []Evidence, scores ...LineScores) {
	var verified, refuted []Candidate
	for _, c := range r.Candidates {
		if c.Verified {
			verified = append(verified, c)
		} else {
			refuted = append(refuted, c)
		}
	}
	r.Ranking = rank(verified)
	seen := map[trace.Line]bool{}
	for _, rl := range r.Ranking {
		seen[rl.SourceLine()] = true
	}
	var lines []trace.Line
	for _, s := range scores {
		for l := range s {
			if !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	key := func(l trace.Line) []float64 {
		k := make([]float64, len(scores))
		for i, s := range scores {
			x, ok := s[l]
			if !ok || math.IsNaN(x) {
				x = math.Inf(-1)
			}
			k[i] = x
		}
		return k
	}
	keys := make(map[trace.Line][]float64, len(lines))
	for _, l := range lines {
		keys[l] = key(l)
	}
	byScore := func(a, b trace.Line) int {
		return slices.CompareFunc(keys[b], keys[a], func(x, y float64) int { return cmp.Compare(x, y) })
	}
	slices.SortFunc(lines, func(a, b trace.Line) int {
		return cmp.Or(byScore(a, b), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && byScore(lines[i], lines[j]) == 0 {
			j++
		}
		ev, score := evidenceUnassigned, 0.0
		for k, x := range keys[lines[i]] {
			if !math.IsInf(x, -1) {
				if k < len(names) {
					ev = names[k]
				}
				if !math.IsInf(x, 1) {
					score = x // JSON has no infinity
				}
				break
			}
		}
		rk := len(r.Ranking) + j - i
		for _, l := range lines[i:j] {
			r.Ranking = append(r.Ranking, RankedLine{Position: At(l), Rank: rk, Evidence: ev, Score: score})
		}
		i = j
	}
	for _, c := range refuted {
		var fresh []trace.Line
		for _, loc := range c.Locations {
			if l := (loc.SourceLine()); !seen[l] {
				seen[l] = true
				fresh = append(fresh, l)
			}
		}
		rk := len(r.Ranking) + len(fresh)
		for _, l := range fresh {
			r.Ranking = append(r.Ranking, RankedLine{Position: At(l), Rank: rk, Evidence: EvidenceCandidate})
		}
	}
}

// Restrict keeps only the candidates all of whose locations keep
// accepts, and the ranked lines it accepts, ranks recomputed: a
// combinator for a caller that trusts a filter (a slice, a scope, the
// lines a diff touched) more than the formula.
func (r *Report) Restrict(keep func(trace.Line) bool) {
	r.Candidates = slices.DeleteFunc(r.Candidates, func(c Candidate) bool {
		return slices.ContainsFunc(c.Locations, func(l Location) bool { return !keep(l.SourceLine()) })
	})
	var rest []RankedLine
	cands := rank(r.Candidates)
	inCands := map[trace.Line]bool{}
	for _, rl := range cands {
		inCands[rl.SourceLine()] = true
	}
	for _, rl := range r.Ranking {
		l := rl.SourceLine()
		if keep(l) && !inCands[l] && rl.Evidence != EvidenceVerified && rl.Evidence != EvidenceCandidate {
			rest = append(rest, rl)
		}
	}
	r.Ranking = appendRanked(cands, rest)
}

// ErrTestPasses is returned when the test given as failing passes.
var ErrTestPasses = errors.New("localize: the test passes; nothing to localize")

// A Refiner revises a failing case's ranked report with evidence that
// costs more than a score of every line, spent on the ranking's first
// lines: pipeline.Run calls it after [Rank].
type Refiner interface {
	Refine(ctx context.Context, rep *Report, f *Failure) error
}

// Endless returns the oracle of a failing run that neither failed a
// check nor panicked but ran out of its step budget (a loop that does not
// end) or called os.Exit: its last event, which may not be reached along
// the same path, so a candidate must end the loop or skip the exit; nil
// for other runs.
func Endless(r *trace.CaseResult) []trace.EventID {
	if r.Trace == nil || r.Trace.Len() == 0 || (r.Outcome != trace.BudgetExceeded && r.Outcome != trace.Exited) {
		return nil
	}
	return []trace.EventID{trace.EventID(r.Trace.Len() - 1)}
}
