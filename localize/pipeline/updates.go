package pipeline

import (
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// Update is a failing case's report as [Run] improves it
// ([Options.Updates]): first the cheap ranking, then revisions as the
// technique verifies candidates, then the final report.
type Update struct {
	// Kind says which report this is.
	Kind UpdateKind
	// Case names the failing case.
	Case string
	// Report is the case's report as it stands. A Preliminary or
	// Revised report is the callee's to keep (Run does not change it
	// later); a Final one is Result.Reports' own.
	Report *localize.Report
}

// UpdateKind says which of a failing case's reports an [Update] carries.
type UpdateKind int

// The kinds of updates, in the order each case gets them.
const (
	// UpdatePreliminary: the case ranked by the scorers alone, while
	// the technique runs (Mode PreliminaryMode, Partial), as
	// Options.Preliminary gets it: the first case may get two, the
	// early one from the selected cases' runs and one with the whole
	// evidence when that ranks it otherwise.
	UpdatePreliminary UpdateKind = iota + 1
	// UpdateRevised: the preliminary ranking with the lines of the
	// candidates the technique has verified so far first, in the order
	// the final report orders verified candidates (Mode RevisedMode,
	// Partial, the candidates found so far, verified or not). One per
	// verified candidate, as the technique finds it.
	UpdateRevised
	// UpdateFinal: the case's report, as Options.Report gets it.
	UpdateFinal
)

// String names the kind: "preliminary", "revised" or "final".
func (k UpdateKind) String() string {
	switch k {
	case UpdatePreliminary:
		return "preliminary"
	case UpdateRevised:
		return "revised"
	case UpdateFinal:
		return "final"
	}
	return fmt.Sprintf("UpdateKind(%d)", int(k))
}

// RevisedMode is the Mode of a revised report (UpdateRevised).
const RevisedMode = "revised"

// revise returns the preliminary report pre revised with the
// candidates cands found so far: their verified ones' lines first (as
// [localize.Report.Fuse] places them), then pre's other lines in their
// order and ties.
func revise(pre *localize.Report, cands []localize.Candidate) *localize.Report {
	var verified []localize.Candidate
	for _, c := range cands {
		if c.Verified {
			verified = append(verified, c)
		}
	}
	rev := localize.NewReport(pre.Test, RevisedMode, pre.Failure, verified)
	rev.Candidates = make([]localize.Candidate, len(cands))
	for i, c := range cands {
		// The technique's report holds the same candidates: the
		// revision's are copies a callee may rewrite.
		c.Locations, c.Angelic, c.Path = slices.Clone(c.Locations), slices.Clone(c.Angelic), slices.Clone(c.Path)
		rev.Candidates[i] = c
	}
	rev.Partial = true
	rev.Reason = localize.JoinReason("revised: the preliminary ranking with the candidates verified so far first", pre.Reason)
	seen := map[trace.Line]bool{}
	for _, rl := range rev.Ranking {
		seen[rl.SourceLine()] = true
	}
	for i := 0; i < len(pre.Ranking); {
		j := i + 1
		for j < len(pre.Ranking) && pre.Ranking[j].Rank == pre.Ranking[i].Rank {
			j++
		}
		var tie []localize.RankedLine
		for _, rl := range pre.Ranking[i:j] {
			if !seen[rl.SourceLine()] {
				tie = append(tie, rl)
			}
		}
		worst := len(rev.Ranking) + len(tie) // a tie shares its worst position
		for _, rl := range tie {
			rl.Rank = worst
			rev.Ranking = append(rev.Ranking, rl)
		}
		i = j
	}
	return rev
}

// snapshot returns a copy of r that shares nothing with it that
// Run or a callee changes: its candidates and ranking are copies.
func snapshot(r *localize.Report) *localize.Report {
	c := *r
	c.Candidates = slices.Clone(r.Candidates)
	c.Ranking = slices.Clone(r.Ranking)
	return &c
}
