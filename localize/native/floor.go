package native

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/faultloc/faultloc/localize"
)

// DefaultFloor is the factor of [Floor] that [Fuse] and [Report] apply:
// each line of the case's ranking takes the position half its native
// Ochiai rank gives it when that is nearer the front.
// bench/realbugs/FUSION.md (go run ./bench/realbugs -kinds fusion -keep
// DIR) compares the factors on the reports a historical run kept.
const DefaultFloor = 0.5

// FloorReport moves each line of rep's ranking up toward its native
// Ochiai rank ([Floor] with [DefaultFloor]), over f's native evidence,
// as [Fuse] does last: pipeline.Run applies it again to the final
// ranking, after the refiners, whose promotions (angelic.ForceProbe's
// forced lines, mutation.FixProbe's fixed ones) would otherwise put
// lines ahead of the floor, a weak line among them. It does nothing
// when f has no native evidence of the case's failure.
func FloorReport(ctx context.Context, rep *localize.Report, f *localize.Failure) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return
	}
	ochiai, _ := SpectrumScorer{}.Score(ctx, f)
	rep.Ranking = n.floor(rep.Ranking, ochiai)
}

// floor is Floor with DefaultFloor over ochiai's floor scores; on a
// partial run (a snapshot of the cases done so far, where the passing
// cases most like the failing one ran first) a verified candidate's
// weak line stays in the head, as Fuse keeps it.
func (n *Run) floor(rs []localize.RankedLine, ochiai localize.LineScores) []localize.RankedLine {
	return floor(rs, n.floorScores(ochiai), DefaultFloor, n != nil && n.partial)
}

// Floor returns ranking rs with each line moved up toward factor times
// its rank under ochiai (native Ochiai's scores of the case's lines,
// [SpectrumScorer]; ties at their worst position): each line past the
// head of rs (the lines of verified candidates, of plausible fixes and
// the failing statement ([localize.FailureFirst]) that lead it, which
// stay first as they are, except a verified
// candidate's weak line, whose native Ochiai score is below a third of
// the best, which takes the position of its Ochiai rank alone as [Fuse]
// places it, the lines below it moving up as if it were not there; a
// plausible fix's line stays) takes the position
// min(p, factor·s), p its position in rs after the head and s its
// rank under ochiai (a line ochiai does not score keeps p), and the
// lines are ordered by that position, those that take the same one as
// rs orders them. Lines that tie in rs and take the same position still
// share a rank, their worst. A factor <= 0, or no score, returns rs.
//
// The evidence of the interpreter (a slice's lines by their distance
// from the failure, a spectrum over the cases it ran within its bounds)
// and the native run's call distances place a line ahead of others that
// native Ochiai, over every case of the package, scores higher; where
// that evidence is right the fault rises above its Ochiai rank, where it
// is wrong the fault would fall below it, behind lines that a slice
// reaches but the suite clears. The floor keeps the gain and bounds the
// loss: a line of Ochiai rank s past the head waits only behind the
// lines native Ochiai ranks above it and the lines rs places before
// factor·s, at most about (1+factor)·s lines. Lines that take the same
// position keep the order of rs; a line at position p can be passed only
// by lines whose Ochiai rank, times factor, is below p, so under factor
// 1 or more the first line of rs keeps its place, and under a smaller
// factor the lines native Ochiai ranks first can come before it.
//
// The floor needs the native run whole: over the selected cases alone
// (the native stage not done when the case is ranked, and the report
// not fused again) Ochiai ties the
// lines it would lift.
func Floor(rs []localize.RankedLine, ochiai localize.LineScores, factor float64) []localize.RankedLine {
	return floor(rs, ochiai, factor, false)
}

// floor is Floor; with keepVerified, a verified candidate's weak line
// stays in the head.
func floor(rs []localize.RankedLine, ochiai localize.LineScores, factor float64, keepVerified bool) []localize.RankedLine {
	if factor <= 0 || len(ochiai) == 0 {
		return rs
	}
	ranks := tieRanks(ochiai)
	weak := weakLines(ochiai)
	type entry struct {
		line  localize.RankedLine
		key   float64
		order int
	}
	var head []localize.RankedLine
	var entries []entry
	n := 0 // the lines of rs's head
	for n < len(rs) && (rs[n].Evidence == localize.EvidenceVerified || rs[n].Evidence == localize.EvidenceMutation || rs[n].Evidence == localize.EvidenceFailure) {
		if l := rs[n].SourceLine(); weak[l] && rs[n].Evidence == localize.EvidenceVerified && !keepVerified {
			// By its Ochiai rank alone, as Fuse places a weak line.
			entries = append(entries, entry{line: rs[n], key: float64(ranks[l]), order: n})
		} else {
			rl := rs[n]
			rl.Rank -= n - len(head) // less the weak lines gone before it
			head = append(head, rl)
		}
		n++
	}
	out := n - len(head) // the weak lines out of the head
	for i, rl := range rs[n:] {
		// Positions after the head that stays: the lines below a weak
		// line move up, as if it were not there.
		e := entry{line: rl, key: float64(rl.Rank - n), order: n + i}
		if out > 0 {
			e.key = float64(rl.Rank - len(head) - out)
		}
		if s, ok := ochiai[rl.SourceLine()]; ok && !math.IsNaN(s) {
			e.key = min(e.key, factor*float64(ranks[rl.SourceLine()]))
		}
		entries = append(entries, e)
	}
	slices.SortStableFunc(entries, func(x, y entry) int {
		return cmp.Or(samePlace(x.key, y.key), cmp.Compare(x.order, y.order))
	})
	return appendTies(head, entries, func(e entry) localize.RankedLine { return e.line }, func(x, y entry) bool {
		return samePlace(x.key, y.key) == 0 && x.line.Rank == y.line.Rank
	})
}

// appendTies appends the lines of es to out in es's order; each run of
// consecutive entries that tie (same) shares a rank, its worst position,
// as every ranking of localize does.
func appendTies[E any](out []localize.RankedLine, es []E, line func(E) localize.RankedLine, tie func(x, y E) bool) []localize.RankedLine {
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && tie(es[j], es[i]) {
			j++
		}
		rk := len(out) + j - i
		for _, e := range es[i:j] {
			rl := line(e)
			rl.Rank = rk
			out = append(out, rl)
		}
		i = j
	}
	return out
}
