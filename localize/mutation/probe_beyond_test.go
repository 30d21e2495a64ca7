package mutation_test

import (
	"context"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/trace"
)

// TestProbeBeyond: a probe that finds no fix among its first lines goes
// on, with the time it has left, with the lines after them that its
// share's program holds (a prefetch loaded them), in the ranking's
// order, and moves the first that has a fix to the front; without those
// lines held, or without a share, it finds none.
func TestProbeBeyond(t *testing.T) {
	c := probeCases(t)[0]
	// Which of the case's lines have a fix, each probed alone.
	var fixed, plain []localize.RankedLine
	for _, rl := range c.ranking {
		if len(fixesOf(t, mutation.FixProbe{Lines: 1}, probed{c.f, []localize.RankedLine{rl}})) > 0 {
			fixed = append(fixed, rl)
		} else {
			plain = append(plain, rl)
		}
	}
	if len(fixed) == 0 || len(plain) == 0 {
		t.Fatalf("lines with a fix %v, without %v: want some of both", fixed, plain)
	}
	// The lines without a fix first, then those with one.
	ranking := slices.Concat(plain, fixed)
	lines := func(rs []localize.RankedLine) []trace.Line {
		var out []trace.Line
		for _, rl := range rs {
			out = append(out, rl.SourceLine())
		}
		return out
	}
	refine := func(p mutation.FixProbe) *localize.Report {
		t.Helper()
		rep := &localize.Report{Ranking: slices.Clone(ranking)}
		if err := p.Refine(context.Background(), rep, c.f); err != nil {
			t.Fatal(err)
		}
		return rep
	}
	n := len(plain)

	held := mutation.FixProbe{Lines: n, Share: new(mutation.ProbeShare)}
	defer held.Share.Close()
	// Load every line into the share (a probe waits for its load).
	if _, err := held.Fixes(context.Background(), []*localize.Failure{c.f}, lines(ranking)); err != nil {
		t.Fatal(err)
	}
	rep := refine(held)
	if len(rep.Fixes) == 0 || rep.Ranking[0].SourceLine() != fixed[0].SourceLine() || rep.Ranking[0].Evidence != localize.EvidenceMutation {
		t.Errorf("fixes %v, first line %v; want a fix of %v, first", rep.Fixes, rep.Ranking[0], fixed[0].SourceLine())
	}
	for _, m := range rep.Fixes {
		if m.SourceLine() != fixed[0].SourceLine() {
			t.Errorf("fix %v of a line past the first with one", m)
		}
	}

	first := mutation.FixProbe{Lines: n, Share: new(mutation.ProbeShare)}
	defer first.Share.Close()
	if _, err := first.Fixes(context.Background(), []*localize.Failure{c.f}, lines(plain)); err != nil {
		t.Fatal(err)
	}
	if rep := refine(first); len(rep.Fixes) > 0 {
		t.Errorf("share holding the first lines alone: fixes %v, want none", rep.Fixes)
	}
	if rep := refine(mutation.FixProbe{Lines: n}); len(rep.Fixes) > 0 {
		t.Errorf("no share: fixes %v, want none", rep.Fixes)
	}
}
