package repair

import (
	"context"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/repair/internal/lines"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// maxLineSites bounds the lines mutation analysis tries when angelic
// debugging finds no site (see fallbackSites), lineChunk at a time.
const (
	maxLineSites = 400
	lineChunk    = 10
)

// rankedCases bounds the failing cases whose rankings the fallback
// interleaves (see fallbackSites).
const rankedCases = 3

// fallbackShare is the share of the time to the search's end that the
// fallback's rankings and forcing have, when angelic debugging gave no
// site: mutation analysis and the synthesis have the rest.
const fallbackShare = 0.3

// fallback is what a repair tries when angelic debugging verified no
// candidate: the sites its forcing verified and the ranked lines for
// mutation analysis.
type fallback struct {
	// sites are the candidates that forcing a ranked line verified
	// (angelic.ForceProbe), with their angelic values: sites for the
	// synthesis, in the ranking's order.
	sites []localize.Candidate
	// lines are the lines for mutation analysis, each a candidate with
	// the line as its one location: the forced sites' lines, then the
	// spectrum's order (lines.Sites) and the localization's rankings of
	// the failing cases, interleaved.
	lines []localize.Candidate
	// reason says what the fallback could not do ("": all of it).
	reason string
}

// fallbackSites is the repair's fallback when angelic debugging (rep,
// its report on failing[0]) verified no candidate: each of the first
// rankedCases failing cases is ranked as the pipeline ranks a case the
// technique could not explain (localize.Rank with
// localize.DefaultScorers over the spectrum m of the selected cases:
// the backward slice, the proximity to the failure, the spectrum), the
// rankings are interleaved, the first failing case's first lines are
// forced (angelic.ForceProbe) for verified candidates with angelic
// values, and up to n lines are returned for mutation analysis: the
// forced ones first, then the spectrum's and the rankings',
// interleaved, less the lines tried (already mutated). A bound
// on ctx keeps what was ranked by then.
func fallbackSites(ctx context.Context, prog *trace.Program, pkg string, rep *localize.Report, failing []trace.Case, m *spectra.Matrix, maxSteps int64, n int, tried []localize.Candidate) fallback {
	var fb fallback
	var reports []*localize.Report
	for i, c := range failing[:min(len(failing), rankedCases)] {
		if ctx.Err() != nil {
			break
		}
		r := &localize.Report{Test: c.Name()}
		if i == 0 {
			r.Candidates = slices.Clone(rep.Candidates)
		}
		f := &localize.Failure{Program: prog, Package: pkg, Case: c, Spectrum: m, Candidates: r.Candidates}
		localize.Rank(ctx, r, f, localize.DefaultScorers()...)
		if i == 0 && ctx.Err() == nil {
			if err := (angelic.ForceProbe{}).Refine(ctx, r, f); err != nil {
				fb.reason = localize.JoinReason(fb.reason, err.Error())
			}
			for _, cand := range r.Candidates[len(rep.Candidates):] {
				if cand.Verified && len(cand.Locations) > 0 && len(cand.Angelic) > 0 {
					fb.sites = append(fb.sites, cand)
				}
			}
		}
		if r.Reason != "" {
			fb.reason = localize.JoinReason(fb.reason, r.Reason)
		}
		reports = append(reports, r)
	}
	seen := map[trace.Line]bool{}
	for _, c := range tried {
		seen[c.Locations[0].SourceLine()] = true
	}
	add := func(file string, line int) {
		l := trace.Line{File: file, Line: line}
		if len(fb.lines) >= n || seen[l] || strings.HasSuffix(file, "_test.go") {
			return
		}
		seen[l] = true
		fb.lines = append(fb.lines, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: file, Line: line}}}})
	}
	for _, c := range fb.sites {
		add(c.Locations[0].File, c.Locations[0].Line)
	}
	// Round robin over the spectrum's lines (lines.Sites: by Ochiai, ties
	// to the lines the first failing case ran last) and the rankings:
	// the next line of each in turn, so that the first lines of every
	// order come before the later ones of any.
	orders := [][]localize.Position{nil}
	ls, _, _ := lines.Sites(ctx, m, failing[0], maxSteps, n, nil, nil)
	for _, c := range ls {
		orders[0] = append(orders[0], c.Locations[0].Position)
	}
	for _, r := range reports {
		var o []localize.Position
		for _, rl := range r.Ranking {
			o = append(o, rl.Position)
		}
		orders = append(orders, o)
	}
	for k := 0; len(fb.lines) < n; k++ {
		more := false
		for _, o := range orders {
			if k < len(o) {
				more = true
				add(o[k].File, o[k].Line)
			}
		}
		if !more {
			break
		}
	}
	return fb
}
