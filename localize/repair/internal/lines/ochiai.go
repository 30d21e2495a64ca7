package lines

import (
	"cmp"
	"math"
	"slices"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Scored is a line with its suspiciousness.
type Scored struct {
	Line trace.Line
	// Score is the line's Ochiai score (0 where it is not a number).
	Score float64
}

// Ochiai returns the lines that the failing cases of the spectrum m
// executed, by their suspiciousness in it (Ochiai), the most suspicious
// first; none if no case failed.
func Ochiai(m *spectra.Matrix) []Scored {
	if m.Failed() == 0 {
		return nil
	}
	ochiai, err := spectra.Lookup("ochiai")
	if err != nil {
		return nil
	}
	var out []Scored
	for _, e := range m.Rank(ochiai, nil).Entries {
		if e.Element.Kind != spectra.Line || e.Counts.EF == 0 {
			continue
		}
		s := e.Score
		if math.IsNaN(s) {
			s = 0
		}
		out = append(out, Scored{Line: trace.Line{File: e.Element.File, Line: e.Element.Line}, Score: s})
	}
	return out
}

// Scores returns the suspiciousness of each candidate's line in the
// spectrum m (Ochiai; 0 for a line no failing case executed).
func Scores(cands []localize.Candidate, m *spectra.Matrix) []float64 {
	line := map[trace.Line]float64{}
	for _, s := range Ochiai(m) {
		line[s.Line] = s.Score
	}
	out := make([]float64, len(cands))
	for i, c := range cands {
		if len(c.Locations) > 0 {
			out[i] = line[c.Locations[0].SourceLine()]
		}
	}
	return out
}

// OrderSites sorts the verified candidates, the sites, by the
// suspiciousness of their lines in the spectrum of the selected cases
// (Ochiai), the candidates the flexibility test inhibits after the
// others, ties in angelic debugging's order; it returns each site's
// score in the new order (0 for a line no failing case executed).
func OrderSites(cands []localize.Candidate, m *spectra.Matrix) []float64 {
	type scored struct {
		c     localize.Candidate
		score float64
	}
	scores := Scores(cands, m)
	sc := make([]scored, len(cands))
	for i, c := range cands {
		sc[i] = scored{c, scores[i]}
	}
	slices.SortStableFunc(sc, func(a, b scored) int {
		return cmp.Or(falseFirst(a.c.Inhibited(), b.c.Inhibited()), cmp.Compare(b.score, a.score))
	})
	for i := range sc {
		cands[i], scores[i] = sc[i].c, sc[i].score
	}
	return scores
}

// falseFirst compares a and b, false before true.
func falseFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
