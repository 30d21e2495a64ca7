package native

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestFuseWeak fuses into a report that puts the plumbing first (a
// verified candidate on a field of New's composite literal, which every
// test of testdata/plumbing runs, then a slice's lines) the native run's
// evidence: New's statement and the other lines that ten passing tests
// run are weak, the candidate's line as its statement's, and take their
// native Ochiai rank, so the fault (Get's return of 0, which only the
// failing test runs) ranks first. On a partial run the candidate's line
// is not weak.
func TestFuseWeak(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	f, n := collectIn(t, "testdata/plumbing", "TestMissing")
	if !n.Failed("TestMissing") || n.Failed("TestPutOne") {
		t.Fatalf("native verdicts wrong (stats %+v)", n.Stats)
	}
	file, _ := filepath.Abs("testdata/plumbing/table.go")
	at := func(line int) trace.Line { return trace.Line{File: file, Line: line} }
	ochiai, err := SpectrumScorer{}.Score(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	rl := func(line, rank int, ev localize.Evidence) localize.RankedLine {
		return localize.RankedLine{Position: localize.Position{File: file, Line: line}, Rank: rank, Evidence: ev}
	}
	rep := &localize.Report{Test: "TestMissing", Ranking: []localize.RankedLine{
		rl(16, 1, localize.EvidenceVerified), rl(25, 2, localize.EvidenceSlice), rl(27, 3, localize.EvidenceSlice)}}
	weak := n.weak(rep.Ranking, ochiai)
	// On a partial run (a snapshot of the cases done so far) the
	// verified candidate's line, and the statement it continues, are
	// not weak: the cases done first are those most like the failing
	// one.
	part := *n
	part.partial = true
	partWeak := part.weak(rep.Ranking, ochiai)
	for _, tc := range []struct {
		line          int
		weak, partial bool
	}{{14, true, false}, {16, true, false}, {25, true, true}, {26, true, true}, {27, false, false}} {
		if _, ok := weak[at(tc.line)]; ok != tc.weak {
			t.Errorf("line %d weak = %v, want %v (Ochiai %v)", tc.line, ok, tc.weak, ochiai[at(tc.line)])
		}
		if _, ok := partWeak[at(tc.line)]; ok != tc.partial {
			t.Errorf("on a partial run, line %d weak = %v, want %v", tc.line, ok, tc.partial)
		}
	}
	Fuse(ctx, rep, f, 0)
	ranks := map[int]int{}
	for _, r := range rep.Ranking {
		if r.File == file {
			ranks[r.Line] = r.Rank
		}
	}
	if ranks[27] != 1 {
		t.Errorf("the fault (line 27) ranks %d, want 1: %v", ranks[27], rep.Ranking)
	}
	if r, ok := ranks[16]; !ok || r <= ranks[27] {
		t.Errorf("the verified candidate in New, which every test runs, ranks %d (0: not ranked), not below the fault's %d: %v", r, ranks[27], rep.Ranking)
	}
}

// TestWeak: the lines scored below weakShare of the best score; none
// when no line scores above 0.
func TestWeak(t *testing.T) {
	at := func(line int) trace.Line { return trace.Line{File: "a.go", Line: line} }
	for _, tc := range []struct {
		name   string
		ochiai localize.LineScores
		want   []int
	}{
		{"a third of the best", localize.LineScores{at(1): 0.9, at(2): 0.31, at(3): 0.29, at(4): 0}, []int{3, 4}},
		{"all alike", localize.LineScores{at(1): 0.5, at(2): 0.5}, nil},
		{"no score above 0", localize.LineScores{at(1): 0, at(2): 0}, nil},
	} {
		got := weakLines(tc.ochiai)
		if len(got) != len(tc.want) {
			t.Errorf("%s: weakLines = %v, want lines %v", tc.name, got, tc.want)
		}
		for _, l := range tc.want {
			if !got[at(l)] {
				t.Errorf("%s: line %d not weak", tc.name, l)
			}
		}
	}
}
