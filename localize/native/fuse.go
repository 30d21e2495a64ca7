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
// ties sharing their worst rank, so that no line stands much lower than
// either ranking puts it. A line keeps the evidence of the ranking that
// places it higher. It does nothing when f has no native evidence of the
// case's failure.
//
// pipeline.Run fuses every report of a case the interpreter ran; go run
// ./bench/realbugs -kinds native compares the shares.
func Fuse(ctx context.Context, rep *localize.Report, f *localize.Failure, share int) {
	n := runOf(f)
	if n == nil || f.Case == nil || !n.Failed(f.Case.Name()) {
		return
	}
	nat := &localize.Report{Test: rep.Test}
	localize.Rank(ctx, nat, f, Scorers()...)
	markData(nat, n)
	rep.Ranking = interleave(rep.Ranking, nat.Ranking, share)
}

// interleave merges ranking b into ranking a as Fuse says.
func interleave(a, b []localize.RankedLine, share int) []localize.RankedLine {
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
		at[l] = len(entries)
		entries = append(entries, entry{rl, key, len(entries)})
	}
	s := float64(share)
	for _, rl := range a {
		add(rl, float64(rl.Rank-base)*(s+1)/s)
	}
	for _, rl := range b {
		add(rl, float64(rl.Rank)*(s+1))
	}
	slices.SortStableFunc(entries, func(x, y entry) int {
		return cmp.Or(cmp.Compare(x.key, y.key), cmp.Compare(x.order, y.order))
	})
	out := head
	for i := 0; i < len(entries); {
		j := i + 1
		for j < len(entries) && math.Abs(entries[j].key-entries[i].key) < 1e-9 {
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
