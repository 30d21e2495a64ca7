package pipeline

import (
	"context"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestUpdates: Options.Updates gets each failing case's preliminary
// ranking, then a revision per verified candidate, then the final
// report, in that order: on the floor subject (AgxFaults, two
// candidates, no refiner) the preliminary report has no candidate; each
// revision holds the candidates found so far and ranks the verified
// ones' lines first, the preliminary's other lines after them in their
// order; the final update is the result's report. The search is in
// integers by default (testutil.QuickArith).
func TestUpdates(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("localizes with the solver")
	}
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, testutil.Subject("floor"), true, 1)
	var got []Update
	opts := &Options{Technique: &agx.Technique{Options: agx.Options{MaxSize: 1, MaxCandidates: 2, Arith: testutil.QuickArith()}}, Refiners: []localize.Refiner{}, NoNative: true,
		Updates: func(u Update) { got = append(got, u) }}
	res, err := Run(ctx, prog, testutil.SubjectPkg("floor"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 || len(got) < 2 {
		t.Fatalf("%d reports, %d updates; want 1 report, its preliminary and final updates at least", len(res.Reports), len(got))
	}
	final := res.Reports[0]
	pre, last := got[0], got[len(got)-1]
	if pre.Kind != UpdatePreliminary || pre.Case != "TestFloor" || pre.Report.Mode != PreliminaryMode || !pre.Report.Partial || len(pre.Report.Candidates) != 0 || len(pre.Report.Ranking) == 0 {
		t.Errorf("first update %v %s, mode %q, partial %v, %d candidates, %d lines; want the preliminary ranking", pre.Kind, pre.Case, pre.Report.Mode, pre.Report.Partial, len(pre.Report.Candidates), len(pre.Report.Ranking))
	}
	if last.Kind != UpdateFinal || last.Report != final {
		t.Errorf("last update %v: want the final report, the result's own", last.Kind)
	}
	verified := 0
	for _, c := range final.Candidates {
		if c.Verified {
			verified++
		}
	}
	revisions := got[1 : len(got)-1]
	if len(revisions) != verified || verified == 0 {
		t.Fatalf("%d revisions, the final report has %d verified candidates; want one revision each, at least one", len(revisions), verified)
	}
	for i, u := range revisions {
		rev := u.Report
		if u.Kind != UpdateRevised || rev.Mode != RevisedMode || !rev.Partial || len(rev.Candidates) < i+1 {
			t.Errorf("revision %d: %v, mode %q, partial %v, %d candidates; want a partial revision with at least %d", i, u.Kind, rev.Mode, rev.Partial, len(rev.Candidates), i+1)
			continue
		}
		lines := map[trace.Line]bool{}
		n := 0
		for _, c := range rev.Candidates {
			if c.Verified {
				n++
				for _, l := range c.Locations {
					lines[l.SourceLine()] = true
				}
			}
		}
		if n != i+1 {
			t.Errorf("revision %d has %d verified candidates, want %d", i, n, i+1)
		}
		var front, rest []trace.Line
		for _, rl := range rev.Ranking {
			if lines[rl.SourceLine()] {
				if len(rest) > 0 || rl.Evidence != localize.EvidenceVerified {
					t.Errorf("revision %d: verified line %v ranked %d (%s), after other lines or not as verified", i, rl.SourceLine(), rl.Rank, rl.Evidence)
				}
				front = append(front, rl.SourceLine())
			} else {
				rest = append(rest, rl.SourceLine())
			}
		}
		var want []trace.Line // the preliminary order of the other lines
		for _, rl := range pre.Report.Ranking {
			if !lines[rl.SourceLine()] {
				want = append(want, rl.SourceLine())
			}
		}
		if len(front) != len(lines) || !slices.Equal(rest, want) {
			t.Errorf("revision %d: verified lines %v of %d, then %v; want every verified line first, then the preliminary's others %v", i, front, len(lines), rest, want)
		}
	}
}

// TestUpdateKind: the kinds' names.
func TestUpdateKind(t *testing.T) {
	for k, want := range map[UpdateKind]string{UpdatePreliminary: "preliminary", UpdateRevised: "revised", UpdateFinal: "final", 0: "UpdateKind(0)"} {
		if got := k.String(); got != want {
			t.Errorf("%d: %q, want %q", int(k), got, want)
		}
	}
}
