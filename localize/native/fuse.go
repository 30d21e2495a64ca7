package native

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// DefaultShare is the default share of the native ranking in
// [Fuse]: one native line for every DefaultShare lines of
// the report's own ranking.
const DefaultShare = 2

// Fuse merges into rep's ranking the ranking of f's native
// evidence ([Scorers] over Failure.Native), so that a line the
// native run places high is not buried under the interpreter's evidence
// (a spectrum of the cases the interpreter ran within its bounds, a
// slice of a run that stopped early). The lines of rep's verified
// candidates stay first; the other lines are interleaved, share lines of
// rep's ranking for one of the native ranking's (share <= 0:
// DefaultShare): a line at rank r in rep's ranking and rank s in
// the native one takes the position min(r·(share+1)/share, s·(share+1)),
// so that no line stands much lower than either ranking puts it. Lines
// that take the same position are ordered by their Ochiai score over the
// native run's cases (SpectrumScorer), the lines it does not score last,
// and only lines tied on both share a rank, their worst: a tie in either
// ranking (lines a spectrum over fewer cases, or a slice, cannot tell
// apart) is broken by the evidence of the whole native suite rather than
// left to position order. A line that continues a statement begun on an
// earlier line (a composite literal's field, a call's argument) is
// ranked as that statement's first line, as coverage and the native
// ranking name a statement: the interpreter attributes such a line's
// instructions to the line itself, and a statement written over four
// lines would otherwise take four places. A weak line (one that the
// native run's Ochiai scores below a third of the best score it gives a
// line of the case), a verified candidate's included (but on a run of
// the cases done so far, [Progress.Snapshot]: there the passing cases
// most like the failing one ran first, which run its lines more often
// than the whole suite does), takes the position
// of its rank under that Ochiai alone, s for rank s, in place of both
// rankings' places, about where plain native Ochiai puts it: the whole
// suite shows it run by many times more passing cases than the best
// line, as the plumbing every test runs is (a router's constructor, a
// parser's build step), which the slice of one failing run reaches and
// an angelic value may patch over, and which the interpreter's spectrum,
// over fewer cases, does not tell from the fault; the native ranking
// would still place it high for its proximity to the failure. The lines
// ranked below a weak line in rep's ranking move up, as if it were not
// there. A line keeps the evidence of the ranking that places it higher.
// Last, each line moves up toward its native Ochiai rank ([Floor] with
// [DefaultFloor]). It does nothing when f has no native evidence of the
// case's failure.
//
// pipeline.Run fuses every report of a case the interpreter ran.
// bench/realbugs/NATIVE.md (go run ./bench/realbugs -kinds native)
// compares the shares, and bench/realbugs/HISTORICAL.md ranks the
// historical bugs under these rules beside native Ochiai.
func Fuse(ctx context.Context, rep *localize.Report, f *localize.Failure, share int) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return
	}
	nat := &localize.Report{Test: rep.Test}
	localize.Rank(ctx, nat, f, Scorers()...)
	markData(nat, n)
	ochiai, _ := SpectrumScorer{}.Score(ctx, f)
	rep.Ranking = n.floor(interleave(n.statements(rep.Ranking), n.statements(nat.Ranking), share, ochiai, n.weak(rep.Ranking, ochiai)), ochiai)
}

// weak returns the weak lines of Fuse among the lines ochiai scores and
// the lines of rs's verified candidates, each with its rank under ochiai
// (ties at their worst position): a verified candidate's line that
// continues a statement as that statement's first line, which coverage
// names.
func (n *Run) weak(rs []localize.RankedLine, ochiai localize.LineScores) map[trace.Line]int {
	ranks := tieRanks(ochiai)
	out := map[trace.Line]int{}
	for l := range weakLines(ochiai) {
		out[l] = ranks[l]
	}
	for _, rl := range rs {
		l := rl.SourceLine()
		if n.partial && rl.Evidence == localize.EvidenceVerified {
			// Not weak on a partial run (see Fuse), nor the statement
			// it continues, which the ranking names instead.
			delete(out, l)
			if n.graph != nil {
				if st, ok := n.graph.statementOf(l); ok {
					delete(out, st)
				}
			}
			continue
		}
		if _, ok := out[l]; ok || rl.Evidence != localize.EvidenceVerified || n.graph == nil {
			continue
		}
		if st, ok := n.graph.statementOf(l); ok {
			if r, ok := out[st]; ok {
				out[l] = r
			}
		}
	}
	return out
}

// weakShare is the share of the best native Ochiai score below which
// [Fuse] places a line by its native Ochiai rank alone.
const weakShare = 1.0 / 3

// weakLines returns the lines that ochiai (the native run's Ochiai scores of
// a failing case's lines, [SpectrumScorer]) scores below weakShare of
// its best score: lines that, with one failing case, many times more
// passing cases run than run the best line (Ochiai falls as one over the
// square root of them). It returns nil when ochiai scores no line above 0.
func weakLines(ochiai localize.LineScores) map[trace.Line]bool {
	best := 0.0
	for _, x := range ochiai {
		if !math.IsNaN(x) && !math.IsInf(x, 0) && x > best {
			best = x
		}
	}
	if best <= 0 {
		return nil
	}
	out := map[trace.Line]bool{}
	for l, x := range ochiai {
		if !math.IsNaN(x) && x < best*weakShare {
			out[l] = true
		}
	}
	return out
}

// statements returns rs with each line that continues a statement begun
// on an earlier line named by that statement's first line, the lines of
// verified candidates (the places their values change) aside.
func (n *Run) statements(rs []localize.RankedLine) []localize.RankedLine {
	out := slices.Clone(rs)
	if n.graph == nil {
		return out
	}
	for i, rl := range out {
		if rl.Evidence == localize.EvidenceVerified {
			continue
		}
		if st, ok := n.graph.statementOf(rl.SourceLine()); ok {
			out[i].Position = localize.At(st)
		}
	}
	return out
}

// interleave merges ranking b into ranking a as Fuse says, breaking ties
// of position by the scores of tie (higher first; a line it does not
// score after those it does). The lines that weak holds take the
// position of the rank it gives them (rank s, position s), as if neither
// ranking held them; a verified candidate's among them leaves the head.
func interleave(a, b []localize.RankedLine, share int, tie localize.LineScores, weak map[trace.Line]int) []localize.RankedLine {
	if share <= 0 {
		share = DefaultShare
	}
	a, dropped := without(a, weak)
	var head []localize.RankedLine
	for len(a) > 0 && a[0].Evidence == localize.EvidenceVerified {
		head, a = append(head, a[0]), a[1:]
	}
	type entry struct {
		line  localize.RankedLine
		key   float64
		tie   float64 // tie's score of the line, -Inf if none
		order int
	}
	at := map[trace.Line]int{} // index in entries
	var entries []entry
	seen := map[trace.Line]bool{}
	for _, rl := range head {
		seen[rl.SourceLine()] = true
	}
	base := len(head) // the ranks of a count the head
	add := func(rl localize.RankedLine, key float64) {
		l := rl.SourceLine()
		if seen[l] {
			return
		}
		if i, ok := at[l]; ok {
			if key < entries[i].key {
				entries[i].key, entries[i].line.Evidence = key, rl.Evidence
			}
			return
		}
		t, ok := tie[l]
		if !ok || math.IsNaN(t) {
			t = math.Inf(-1)
		}
		at[l] = len(entries)
		entries = append(entries, entry{rl, key, t, len(entries)})
	}
	s := float64(share)
	for _, rl := range a {
		add(rl, float64(rl.Rank-base)*(s+1)/s)
	}
	var weakOf []localize.RankedLine // b's weak lines, then a's
	for _, rl := range b {
		if _, ok := weak[rl.SourceLine()]; ok {
			weakOf = append(weakOf, rl)
		} else {
			add(rl, float64(rl.Rank)*(s+1))
		}
	}
	for _, rl := range append(weakOf, dropped...) {
		add(rl, float64(weak[rl.SourceLine()]))
	}
	slices.SortStableFunc(entries, func(x, y entry) int {
		return cmp.Or(samePlace(x.key, y.key), cmp.Compare(y.tie, x.tie), cmp.Compare(x.order, y.order))
	})
	return appendTies(head, entries, func(e entry) localize.RankedLine { return e.line }, func(x, y entry) bool {
		return samePlace(x.key, y.key) == 0 && x.tie == y.tie
	})
}

// tieRanks ranks the lines tie scores by their score, higher first,
// ties at their worst position.
func tieRanks(tie localize.LineScores) map[trace.Line]int {
	var xs []float64
	for _, x := range tie {
		if !math.IsNaN(x) {
			xs = append(xs, x)
		}
	}
	slices.Sort(xs)
	out := make(map[trace.Line]int, len(xs))
	for l, x := range tie {
		if !math.IsNaN(x) {
			// the lines scoring at least x
			i, _ := slices.BinarySearch(xs, x)
			out[l] = len(xs) - i
		}
	}
	return out
}

// without returns ranking rs less the lines drop holds, ranked as if rs
// had not held them (each rank less the dropped lines of earlier ties),
// and the dropped lines, ranked the same way.
func without(rs []localize.RankedLine, drop map[trace.Line]int) (kept, dropped []localize.RankedLine) {
	n, before := 0, 0 // lines dropped: so far, and before the current tie
	for i, rl := range rs {
		if i == 0 || rl.Rank != rs[i-1].Rank {
			before = n
		}
		rl.Rank -= before
		if _, ok := drop[rl.SourceLine()]; ok {
			dropped, n = append(dropped, rl), n+1
		} else {
			kept = append(kept, rl)
		}
	}
	return kept, dropped
}

// samePlace compares two positions of interleave, 0 for the same one (up
// to rounding).
func samePlace(x, y float64) int {
	if math.Abs(x-y) < 1e-9 {
		return 0
	}
	return cmp.Compare(x, y)
}
