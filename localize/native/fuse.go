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
// lines would otherwise take four places. A line keeps the evidence of
// the ranking that places it higher. It does nothing when f has no
// native evidence of the case's failure.
//
// pipeline.Run fuses every report of a case the interpreter ran; go run
// ./bench/realbugs -kinds native compares the shares. The two rules on
// places were chosen on the historical bugs' table beside native Ochiai
// (bench/realbugs/HISTORICAL.md): where the default placed the faulty
// line below native Ochiai, it stood below the continuation lines of
// statements ranked above it (gorilla/mux), or last in a tie that
// native Ochiai splits (rs/cors).
func Fuse(ctx context.Context, rep *localize.Report, f *localize.Failure, share int) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return
	}
	nat := &localize.Report{Test: rep.Test}
	localize.Rank(ctx, nat, f, Scorers()...)
	markData(nat, n)
	ochiai, _ := SpectrumScorer{}.Score(ctx, f)
	rep.Ranking = interleave(n.statements(rep.Ranking), n.statements(nat.Ranking), share, ochiai)
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
// score after those it does).
func interleave(a, b []localize.RankedLine, share int, tie localize.LineScores) []localize.RankedLine {
	if share <= 0 {
		share = DefaultShare
	}
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
	for _, rl := range b {
		add(rl, float64(rl.Rank)*(s+1))
	}
	slices.SortStableFunc(entries, func(x, y entry) int {
		return cmp.Or(samePlace(x.key, y.key), cmp.Compare(y.tie, x.tie), cmp.Compare(x.order, y.order))
	})
	out := head
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && samePlace(entries[j].key, entries[i].key) == 0 && entries[j].tie == entries[i].tie {
			j++
		}
		rk := len(out) + j - i
		for _, e := range entries[i:j] {
			e.line.Rank = rk
			out = append(out, e.line)
		}
		i = j
	}
	return out
}

// samePlace compares two positions of interleave, 0 for the same one (up
// to rounding).
func samePlace(x, y float64) int {
	if math.Abs(x-y) < 1e-9 {
		return 0
	}
	return cmp.Compare(x, y)
}
