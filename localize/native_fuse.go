package localize

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/faultloc/faultloc/trace"
)

// DefaultNativeShare is the default share of the native ranking in
// [FuseNative]: one native line for every DefaultNativeShare lines of
// the report's own ranking.
const DefaultNativeShare = 2

// FuseNative merges into rep's ranking the ranking of f's native
// evidence ([NativeScorers] over Failure.Native), so that a line the
// native run places high is not buried under the interpreter's evidence
// (a spectrum of the cases the interpreter ran within its bounds, a
// slice of a run that stopped early). The lines of rep's verified
// candidates stay first; the other lines are interleaved, share lines of
// rep's ranking for one of the native ranking's (share <= 0:
// DefaultNativeShare): a line at rank r in rep's ranking and rank s in
// the native one takes the position min(r·(share+1)/share, s·(share+1)),
// ties sharing their worst rank, so that no line stands much lower than
// either ranking puts it. A line keeps the evidence of the ranking that
// places it higher. It does nothing when f has no native evidence of the
// case's failure.
//
// pipeline.Run fuses every report of a case the interpreter ran; go run
// ./bench/realbugs -kinds native compares the shares.
func FuseNative(ctx context.Context, rep *Report, f *Failure, share int) {
	if f.Native == nil || f.Case == nil || !f.Native.Failed(f.Case.Name()) {
		return
	}
	nat := &Report{Test: rep.Test}
	Rank(ctx, nat, f, NativeScorers()...)
	markData(nat, f.Native)
	rep.Ranking = interleave(rep.Ranking, nat.Ranking, share)
}

// interleave merges ranking b into ranking a as FuseNative says.
func interleave(a, b []RankedLine, share int) []RankedLine {
	if share <= 0 {
		share = DefaultNativeShare
	}
	var head []RankedLine
	for len(a) > 0 && a[0].Evidence == EvidenceVerified {
		head, a = append(head, a[0]), a[1:]
	}
	type entry struct {
		line  RankedLine
		key   float64
		order int
	}
	at := map[trace.Line]int{} // index in entries
	var entries []entry
	seen := map[trace.Line]bool{}
	for _, rl := range head {
		seen[trace.Line{File: rl.File, Line: rl.Line}] = true
	}
	base := len(head) // the ranks of a count the head
	add := func(rl RankedLine, key float64) {
		l := trace.Line{File: rl.File, Line: rl.Line}
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
