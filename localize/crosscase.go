package localize

import (
	"cmp"
	"context"
	"slices"

	"github.com/faultloc/faultloc/trace"
)

// A CaseSetRefiner revises the reports of a package's failing cases
// together, once every case has its report: what one case's report holds
// is evidence about the others'. pipeline.Run calls it after each report's
// [Refiner]s, when more than one case failed.
type CaseSetRefiner interface {
	RefineAll(ctx context.Context, reps []*Report) error
}

// DefaultCaseSetRefiners returns the case-set refiners of pipeline.Run's
// default pipeline: [FailCount].
func DefaultCaseSetRefiners() []CaseSetRefiner {
	return []CaseSetRefiner{FailCount{}}
}

// FailCount breaks the ties of each report's candidates by the number of
// the reports (the package's failing cases, that one included) with a
// verified candidate holding the line, as BugAssist ranks locations by
// how often they appear across failing tests: a fault that several tests
// fail by is a candidate of each, where a statement that merely happens to
// explain one test is a candidate of that one. Candidates that tie on
// [Report.Rerank]'s keys before its scores (passing cases' inhibition,
// verification, size, flexibility) are ordered by the count of their
// most counted line, and keep their order otherwise (a tie-break's or
// the position's); the ranking is then rebuilt, the lines with a
// plausible fix (mutation.FixProbe) still first, so that among those too the
// lines more cases hold come first.
//
// bench/results/tcas-probe.md (go run ./bench/tcas -all -modes agx
// -arith int -tiebreak fixes,fixes+failcount) holds the figures. A case that fails alone, or with
// others by another fault, keeps its order: the count is the same for
// all its candidates, or favours none of them.
type FailCount struct{}

// RefineAll implements [CaseSetRefiner].
func (FailCount) RefineAll(ctx context.Context, reps []*Report) error {
	count := map[trace.Line]int{}
	for _, r := range reps {
		seen := map[trace.Line]bool{}
		for _, c := range r.Candidates {
			if !c.Verified {
				continue
			}
			for _, l := range c.Locations {
				k := l.SourceLine()
				if !seen[k] {
					seen[k] = true
					count[k]++
				}
			}
		}
	}
	for _, r := range reps {
		if err := ctx.Err(); err != nil {
			return err
		}
		r.breakTies(func(c Candidate) int {
			best := 0
			for _, l := range c.Locations {
				best = max(best, count[l.SourceLine()])
			}
			return best
		})
	}
	return nil
}

// breakTies orders the candidates that tie on Rerank's keys before its
// scores by decreasing score, stably, and rebuilds the ranking: the
// verified candidates' lines in their new order, then the other lines as
// they were (the unverified candidates' where Report.Fuse put them,
// after the lines the evidence ranks), then the failing statement that
// FailureFirst put ahead of them moved back to the front, and the lines
// with a plausible fix (r.Fixes) before it as mutation.FixProbe moves
// them.
func (r *Report) breakTies(score func(Candidate) int) {
	if len(r.Candidates) < 2 {
		return
	}
	slices.SortStableFunc(r.Candidates, func(a, b Candidate) int {
		if c := tieKeys(a, b); c != 0 {
			return c
		}
		return cmp.Compare(score(b), score(a))
	})
	var verified []Candidate
	for _, c := range r.Candidates {
		if c.Verified {
			verified = append(verified, c)
		}
	}
	cand := rank(verified)
	in := map[trace.Line]bool{}
	for _, rl := range cand {
		in[rl.SourceLine()] = true
	}
	var rest, failing []RankedLine
	for _, rl := range r.Ranking {
		if !in[rl.SourceLine()] {
			rest = append(rest, rl)
		}
		if rl.Evidence == EvidenceFailure {
			failing = append(failing, rl)
		}
	}
	r.Ranking = appendRanked(cand, rest)
	if len(failing) > 0 {
		r.Ranking = MoveToFront(r.Ranking, failing) // still ahead, as FailureFirst put it
	}
	if len(r.Fixes) > 0 {
		r.PromoteFixes()
	}
}

// tieKeys compares two candidates on Rerank's keys before its scores:
// inhibited last, verified first, smaller first, more flexible first.
func tieKeys(a, b Candidate) int {
	if a.Inhibited() != b.Inhibited() {
		if b.Inhibited() {
			return -1
		}
		return 1
	}
	if a.Verified != b.Verified {
		if a.Verified {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(len(a.Locations), len(b.Locations)); c != 0 {
		return c
	}
	if a.Flex != nil && b.Flex != nil {
		return cmp.Compare(b.Flex.Score, a.Flex.Score)
	}
	return 0
}
