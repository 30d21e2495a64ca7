package native

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// The evidence of the native evidence stage ([Run]).
const (
	// EvidenceSpectrum: the native run's spectrum, weighed by the line's
	// static distance from the failure.
	EvidenceSpectrum localize.Evidence = "native spectrum"
	// EvidencePackageData: a line of a package variable's initializer
	// that lines of the ranking read.
	EvidencePackageData localize.Evidence = "package data"
)

// Mode is the Mode of a report ranked by the native evidence
// alone: the interpreter could not run its case, or did not fail it.
const Mode = "native"

// SpectrumScorer scores the lines the failing case executed in the
// native run (Failure.Native) by a spectrum formula over the native run's
// cases: the same evidence as [localize.SpectrumScorer], but from every case of
// the package as go test runs it, those the interpreter cannot run
// included. The lines of test files are left out.
type SpectrumScorer struct {
	// Formula is the spectrum formula. Default (zero): Ochiai.
	Formula spectra.Formula
}

var _ localize.Scorer = SpectrumScorer{}

// Evidence returns EvidenceSpectrum.
func (SpectrumScorer) Evidence() localize.Evidence { return EvidenceSpectrum }

// Score ranks the lines f's case executed natively; it scores nothing
// when f has no native run or its case did not fail there.
func (s SpectrumScorer) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return localize.LineScores{}, nil // no native evidence of this failure
	}
	ls, err := (localize.SpectrumScorer{Formula: s.Formula}).Score(ctx, &localize.Failure{Case: f.Case, Spectrum: n.Spectrum})
	return n.withoutTests(ls), err
}

// withoutTests drops from ls the lines of test files and of the
// module's test helpers (trace.Program.Support), which no scorer of the
// native evidence ranks: test code is the oracle, not a place to blame
// ([localize.IsTestFile]), as the interpreter's scorers have it.
// The native run measures the test files of the package too, and counts
// distances from their lines; ranked, the failing test's own lines
// (which only it runs, at distance 0) would come first, and raise the
// best score by which [Fuse] finds the weak lines.
func (n *Run) withoutTests(ls localize.LineScores) localize.LineScores {
	for l := range ls {
		if localize.IsTestFile(l.File) || n.support[filepath.Dir(l.File)] {
			delete(ls, l)
		}
	}
	return ls
}

// ProximityScorer scores the lines of the code under test by their static
// distance d from the failure in the native run ([Run.Distance]:
// calls between the line's function and the functions of the panic's
// frames or of the failed assertions; with the frames of a run-time
// error that the case's interpreted run recovered from, which go
// test's output does not show: recoveredFrames) as 1/sqrt(1+d), the weight
// [localize.ProximityScorer] gives a dependence: the fault of a failing test
// tends to lie in the functions its failure passes through, or near
// them. Lines of functions the static call graph does not connect to
// the failure are left out, and so are the lines of test files.
type ProximityScorer struct{}

var _ localize.Scorer = ProximityScorer{}

// Evidence returns EvidenceSpectrum.
func (ProximityScorer) Evidence() localize.Evidence { return EvidenceSpectrum }

// Score measures each line's distance from f's failure; it scores
// nothing when f has no native run, or the failure's output names no
// line of the package.
func (ProximityScorer) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	n := runOf(f)
	if n == nil || f.Case == nil {
		return localize.LineScores{}, nil // no native evidence
	}
	lines := n.FailureLines(f.Case.Name())
	if len(lines) > 0 {
		for _, l := range n.recoveredFrames(ctx, f) {
			if !slices.Contains(lines, l) {
				lines = append(lines, l)
			}
		}
	}
	d := n.distance(lines)
	out := make(localize.LineScores, len(d))
	for l, x := range d {
		out[l] = localize.Proximity(x)
	}
	return n.withoutTests(out), nil
}

// PackageData completes the scores of its Scorer with the lines of the
// package-level variables that the scored lines read: each line of a
// variable's initializer (a table's entry, a regular expression's
// literal) scores what its highest-scoring reader scores, weighed as one
// dependence further from the failure (1/sqrt(2)). Coverage counts no
// package-level initializer, so without it a fault in package data is
// never ranked. The readers are found statically (the SSA of the code
// under test); where the interpreter records the failing run and its
// dynamic slice reaches back into package initialization, only the
// initializer lines the failure depends on (the one entry of a table it
// read) are kept, else every line of a read table's initializer scores
// alike.
// It needs Failure.Native, whose call graph holds the reads; a line both
// scores keeps its Scorer's score.
type PackageData struct {
	Scorer localize.Scorer
}

var _ localize.Scorer = PackageData{}

// Evidence returns the evidence of its Scorer.
func (p PackageData) Evidence() localize.Evidence { return localize.EvidenceOf(p.Scorer) }

// Score completes p.Scorer's scores with the initializer lines.
func (p PackageData) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	ls, err := p.Scorer.Score(ctx, f)
	n := runOf(f)
	if err != nil || n == nil || n.graph == nil {
		return ls, err
	}
	read := readInits(ctx, f)
	for l, x := range n.dataLines(ls) {
		if _, ok := ls[l]; !ok && (read == nil || read[l]) {
			ls[l] = x
		}
	}
	return ls, nil
}

// readInits returns the package-initialization lines in the dynamic slice
// of f's failure, or nil when the interpreter cannot record the run (no
// program, or the run fails to record) or the slice reaches none: a
// slice loses dependences that pass through native code (a table entry
// given to a standard function, compared by a stand-in assertion), so a
// slice without any initializer line says nothing about package data.
func readInits(ctx context.Context, f *localize.Failure) map[trace.Line]bool {
	if f.Program == nil || f.Case == nil {
		return nil
	}
	g, crit, release, err := localize.FailureGraph(ctx, f, trace.RunOptions{})
	if err != nil {
		return nil
	}
	defer release()
	sl, err := g.Backward(crit...)
	if err != nil {
		return nil
	}
	read := map[trace.Line]bool{}
	t := g.Trace()
	for _, s := range sl.Statics() { // not each event: a slice may hold millions
		if l, ok := localize.InitLine(t.StaticInfo(s)); ok {
			read[l] = true
		}
	}
	if len(read) == 0 {
		return nil // the static rule
	}
	return read
}

// dataLines returns the initializer lines of the package variables that
// lines scored by ls read, each scored by its highest reader's score
// over sqrt(2).
func (n *Run) dataLines(ls localize.LineScores) localize.LineScores {
	out := localize.LineScores{}
	for l, x := range ls {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		for _, gl := range n.graph.reads[l] {
			for _, il := range n.graph.inits[gl] {
				y := x * localize.Proximity(1)
				if old, seen := out[il]; !seen || y > old {
					out[il] = y
				}
			}
		}
	}
	return out
}

// isDataLine reports whether l is a line of a package variable's
// initializer.
func (n *Run) isDataLine(l trace.Line) bool {
	if n == nil || n.graph == nil {
		return false
	}
	for _, ls := range n.graph.inits {
		for _, x := range ls {
			if x == l {
				return true
			}
		}
	}
	return false
}

// Scorers returns the evidence of a report ranked by the native
// run alone (Mode [Mode]), in order of precedence: the lines the
// failing case executed natively by their Ochiai score over the native
// run's cases times their proximity to the failure
// ([ProximityScorer]), with the lines of the package data they
// read ([PackageData]); then the other lines the case executed, by their
// Ochiai score; then, for a case that covers no line natively (its
// binary died before its coverage was written, a stack overflow say),
// the lines of the code under test by their proximity to the failure
// alone.
func Scorers() []localize.Scorer {
	return []localize.Scorer{PackageData{localize.Product{SpectrumScorer{}, ProximityScorer{}}}, SpectrumScorer{}, uncoveredProximity{}}
}

// uncoveredProximity is [ProximityScorer] for a failing case that covers
// no line in the native run, whose failure's place is then its only
// evidence; it scores nothing for any other case.
type uncoveredProximity struct{}

// Evidence returns EvidenceSpectrum.
func (uncoveredProximity) Evidence() localize.Evidence { return EvidenceSpectrum }

// Score scores as ProximityScorer when f's case failed natively and
// covers no line there.
func (uncoveredProximity) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return localize.LineScores{}, nil
	}
	if t, _ := n.Spectrum.TestIndex(f.Case.Name()); len(n.Spectrum.Covered(nil, t)) > 0 {
		return localize.LineScores{}, nil // the spectrum scorers rank it
	}
	return ProximityScorer{}.Score(ctx, f)
}

// Report is the report of a failing case that only the native run
// ranks: why the interpreter did not, in its Reason, and the ranking of
// [Scorers], each line moved up toward its native Ochiai rank ([Floor] with
// [DefaultFloor]).
func Report(ctx context.Context, f *localize.Failure, why string) *localize.Report {
	start := time.Now()
	name := f.Case.Name()
	rep := &localize.Report{Test: name, Mode: Mode, Failure: nativeFailure(runOf(f), name), Candidates: []localize.Candidate{}, Partial: true,
		Reason: "ranked by the native run alone: " + why}
	localize.Rank(ctx, rep, f, Scorers()...)
	markData(rep, runOf(f))
	ochiai, _ := SpectrumScorer{}.Score(ctx, f)
	rep.Ranking = runOf(f).floor(rep.Ranking, ochiai)
	rep.Stats.Total = time.Since(start)
	return rep
}

// markData names the evidence of the ranking's package-data lines.
func markData(rep *localize.Report, n *Run) {
	for i, rl := range rep.Ranking {
		if rl.Evidence == EvidenceSpectrum && n.isDataLine(rl.SourceLine()) {
			rep.Ranking[i].Evidence = EvidencePackageData
		}
	}
}

// nativeFailure describes how case name failed in the native run: its
// output's first line that names a place, else its first line.
func nativeFailure(n *Run, name string) string {
	msg := strings.TrimSpace(n.Message(name))
	var first string
	for _, line := range strings.Split(msg, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "=== ") || strings.HasPrefix(line, "--- ") {
			continue
		}
		if first == "" {
			first = line
		}
		if strings.HasPrefix(line, "panic:") || frameRE.MatchString(line) {
			return line
		}
	}
	if first == "" {
		return "failed under go test"
	}
	return first
}
