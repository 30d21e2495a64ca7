package localize

import (
	"cmp"
	"math"
	"slices"

	"github.com/faultloc/faultloc/spectra"
)

// Suspiciousness scores source lines, the higher the more suspicious, for
// ordering fix candidates that tie on localize's own ranking keys (verified
// first, then size). A single failing test usually leaves many candidates of
// the same size, each of which alone makes it pass; they are equally
// justified by the formula, and only evidence from outside it can order
// them. The usual source is a spectrum-based ranking of other tests (see
// [SpectrumSuspiciousness]): the combination SAT-TAR (Gopinath, Zaeem and
// Khurshid, ASE 2012) makes of an unsat-core suspect list and Tarantula.
// Another is mutation analysis of the candidates' lines (mutation.Analysis):
// how mutants of each line change the outcomes of failing and passing
// tests (mutation.Analysis.Metallaxis, mutation.Analysis.MUSE).
//
// A candidate's score is the highest score of its lines: a developer who
// reads a candidate reads its most suspicious line, and a candidate that
// holds the fault with correct companions should not be pushed down by
// them. Lines without evidence should score below every scored line
// (math.Inf(-1)); NaN counts as -Inf. Candidates with equal scores keep
// the position order (file, then line).
type Suspiciousness func(file string, line int) float64

// SpectrumSuspiciousness returns the scores of a spectrum-based ranking of
// lines (elements of kind [spectra.Line]; other kinds are ignored), with
// any suspect bonus it holds; lines not in the ranking score -Inf. A nil
// ranking gives nil: no reordering.
func SpectrumSuspiciousness(r *spectra.Ranking) Suspiciousness {
	if r == nil {
		return nil
	}
	type key struct {
		file string
		line int
	}
	score := make(map[key]float64, len(r.Entries))
	for _, e := range r.Entries {
		if e.Element.Kind == spectra.Line {
			score[key{e.Element.File, e.Element.Line}] = e.Score
		}
	}
	return func(file string, line int) float64 {
		if s, ok := score[key{file, line}]; ok {
			return s
		}
		return math.Inf(-1)
	}
}

// Candidate returns c's score as AgxFaults orders candidates by it: the
// highest score of c's lines, NaN counting as -Inf (so a candidate with no
// scored line scores -Inf). A nil s scores every candidate 0, as it
// orders none.
func (s Suspiciousness) Candidate(c Candidate) float64 {
	if s == nil {
		return 0
	}
	best := math.Inf(-1)
	for _, l := range c.Locations {
		if x := s(l.File, l.Line); !math.IsNaN(x) && x > best {
			best = x
		}
	}
	return best
}

// Rerank orders the report's candidates again and recomputes its Ranking:
// candidates a passing case inhibits ([Candidate.Inhibited]) last, then
// verified first, then by size, then by decreasing flexibility
// (Flexibility.Score, between candidates angelic.FlexTest tested), then, when s
// is not nil, by decreasing [Suspiciousness] of their most suspicious
// line, then by position. A nil
// s restores the default order (what AgxFaults returns without
// Options.Suspiciousness). It costs O(C log C) calls of s for C
// candidates, and no solving: reports can be reordered under several
// sources of evidence after one localization.
func (r *Report) Rerank(s Suspiciousness) {
	sortCandidates(r.Candidates, s)
	r.Ranking = rank(r.Candidates)
}

// sortCandidates orders candidates deterministically as Rerank says.
func sortCandidates(cs []Candidate, s Suspiciousness) {
	var score []float64
	if s != nil {
		score = make([]float64, len(cs))
		for i, c := range cs {
			score[i] = s.Candidate(c)
		}
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		a, b := cs[i], cs[j]
		if c := tieKeys(a, b); c != 0 {
			return c
		}
		if score != nil {
			if c := cmp.Compare(score[j], score[i]); c != 0 {
				return c
			}
		}
		return slices.CompareFunc(a.Locations, b.Locations, compareLocations)
	})
	sorted := make([]Candidate, len(cs))
	for k, i := range idx {
		sorted[k] = cs[i]
	}
	copy(cs, sorted)
}
