package native

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

func TestFloor(t *testing.T) {
	rl := func(line, rank int, ev localize.Evidence) localize.RankedLine {
		return localize.RankedLine{Position: localize.Position{File: "a.go", Line: line}, Rank: rank, Evidence: ev}
	}
	at := func(line int) trace.Line { return trace.Line{File: "a.go", Line: line} }
	sl, sp := localize.EvidenceSlice, localize.EvidenceSpectrum
	// Lines 1 to 6; 3 and 4 tie at 4. Native Ochiai puts 5 first (rank
	// 1) and 1 to 4 at 5; it does not score 6.
	rs := []localize.RankedLine{rl(1, 1, sl), rl(2, 2, sl), rl(3, 4, sl), rl(4, 4, sl), rl(5, 5, sp), rl(6, 6, sp)}
	ochiai := localize.LineScores{at(1): 0.5, at(2): 0.5, at(3): 0.5, at(4): 0.5, at(5): 0.9}
	// Led by a verified candidate's line and a plausible fix's, which
	// stay first; 5 follows 2 at 3 (position 1 under factor 1).
	headed := []localize.RankedLine{rl(10, 1, localize.EvidenceVerified), rl(11, 2, localize.EvidenceMutation), rl(1, 3, sl), rl(2, 4, sl), rl(5, 5, sp)}
	for _, tc := range []struct {
		name   string
		rs     []localize.RankedLine
		ochiai localize.LineScores
		factor float64
		keep   bool // floor's keepVerified: a partial run's
		want   []localize.RankedLine
	}{
		{"factor 0: as it was", rs, ochiai, 0, false, rs},
		{"no scores: as it was", rs, nil, 1, false, rs},
		// 5 takes position 1, after 1 (which keeps the first place);
		// 3 and 4 still tie; 6, unscored, keeps 6.
		{"factor 1", rs, ochiai, 1, false, []localize.RankedLine{rl(1, 1, sl), rl(5, 2, sp), rl(2, 3, sl), rl(3, 5, sl), rl(4, 5, sl), rl(6, 6, sp)}},
		// 5 takes position 0.5, before 1: under a factor below 1
		// Ochiai's first line can lead; 1 to 4 keep their places (half
		// of 5 is past them).
		{"factor 0.5", rs, ochiai, 0.5, false, []localize.RankedLine{rl(5, 1, sp), rl(1, 2, sl), rl(2, 3, sl), rl(3, 5, sl), rl(4, 5, sl), rl(6, 6, sp)}},
		// 5 takes position 2, after 2.
		{"factor 2", rs, ochiai, 2, false, []localize.RankedLine{rl(1, 1, sl), rl(2, 2, sl), rl(5, 3, sp), rl(3, 5, sl), rl(4, 5, sl), rl(6, 6, sp)}},
		// 5 at position 10: no higher than it was.
		{"factor 10", rs, ochiai, 10, false, rs},
		{"head first", headed, localize.LineScores{at(1): 0.2, at(2): 0.2, at(5): 0.9, at(10): 0.4, at(11): 0.4}, 1, false,
			[]localize.RankedLine{rl(10, 1, localize.EvidenceVerified), rl(11, 2, localize.EvidenceMutation), rl(1, 3, sl), rl(5, 4, sp), rl(2, 5, sl)}},
		// 10, weak (0.2, below a third of 0.9), leaves the head for its
		// Ochiai rank, 5; the lines below it move up a place, so 1
		// takes position 1, and 5 (Ochiai rank 1) follows it.
		{"weak head line by its Ochiai rank", headed, localize.LineScores{at(1): 0.2, at(2): 0.2, at(5): 0.9, at(10): 0.2, at(11): 0.4}, 1, false,
			[]localize.RankedLine{rl(11, 1, localize.EvidenceMutation), rl(1, 2, sl), rl(5, 3, sp), rl(2, 4, sl), rl(10, 5, localize.EvidenceVerified)}},
		// On a partial run the weak verified line stays first.
		{"weak head line kept on a partial run", headed, localize.LineScores{at(1): 0.2, at(2): 0.2, at(5): 0.9, at(10): 0.2, at(11): 0.4}, 1, true,
			[]localize.RankedLine{rl(10, 1, localize.EvidenceVerified), rl(11, 2, localize.EvidenceMutation), rl(1, 3, sl), rl(5, 4, sp), rl(2, 5, sl)}},
	} {
		got := floor(slices.Clone(tc.rs), tc.ochiai, tc.factor, tc.keep)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
	}
}

// TestFloorBound: under factor 1 the line native Ochiai ranks best among
// many ties at the bottom of a long ranking rises to its Ochiai rank,
// however many lines rs puts above it, and the first line of rs stays
// first.
func TestFloorBound(t *testing.T) {
	var rs []localize.RankedLine
	ochiai := localize.LineScores{}
	for i := 1; i <= 50; i++ {
		rs = append(rs, localize.RankedLine{Position: localize.Position{File: "a.go", Line: i}, Rank: i, Evidence: localize.EvidenceSlice})
		ochiai[trace.Line{File: "a.go", Line: i}] = 0.1
	}
	ochiai[trace.Line{File: "a.go", Line: 50}] = 1 // first under Ochiai
	ochiai[trace.Line{File: "a.go", Line: 49}] = 0.5
	got := Floor(rs, ochiai, 1)
	pos := map[int]int{}
	for _, rl := range got {
		pos[rl.Line] = rl.Rank
	}
	if pos[1] != 1 || pos[50] != 2 || pos[49] != 4 {
		t.Errorf("line 1 at %d (want 1), line 50 at %d (want 2, its Ochiai rank 1 behind the first line), line 49 at %d (want 4: Ochiai rank 2, behind 1, 50 and 2)", pos[1], pos[50], pos[49])
	}
	if len(got) != len(rs) {
		t.Errorf("%d lines, want %d", len(got), len(rs))
	}
}

// TestFloorScoresTarget: the floor ranks the lines of the package tested
// and of the packages its code imports (testdata/sibling/use and
// calc), not those of a package only its tests import (testdata/helper's
// check, which the native run measures too): ranked, a test helper that
// only the failing case runs would tie the fault's Ochiai rank down.
func TestFloorScoresTarget(t *testing.T) {
	abs := func(dir string) string {
		d, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		dir        string
		want, away []string // directories in targets and not
	}{
		{"testdata/sibling/use", []string{"testdata/sibling/use", "testdata/sibling/calc"}, nil},
		{"testdata/helper/lib", []string{"testdata/helper/lib"}, []string{"testdata/helper/check"}},
	} {
		prog, err := trace.Load(context.Background(), &trace.Config{Dir: tc.dir, Tests: true, Module: true}, ".")
		if err != nil {
			t.Fatal(err)
		}
		n := &Run{targets: targetDirs(prog)}
		for _, d := range tc.want {
			if !n.targets[abs(d)] {
				t.Errorf("%s: targets %v; want %s in them", tc.dir, n.targets, d)
			}
		}
		for _, d := range tc.away {
			if n.targets[abs(d)] {
				t.Errorf("%s: targets %v; want %s not in them", tc.dir, n.targets, d)
			}
			own, other := trace.Line{File: filepath.Join(abs(tc.dir), "lib.go"), Line: 7}, trace.Line{File: filepath.Join(abs(d), "check.go"), Line: 6}
			got := n.floorScores(localize.LineScores{own: 0.5, other: 1})
			if _, ok := got[other]; ok || got[own] != 0.5 || len(got) != 1 {
				t.Errorf("%s: floor scores %v; want %v alone", tc.dir, got, own)
			}
		}
	}
	// Unknown targets: every line.
	l1, l2 := trace.Line{File: "/a/x.go", Line: 1}, trace.Line{File: "/b/y.go", Line: 1}
	if got := (&Run{}).floorScores(localize.LineScores{l1: 0.5, l2: 1}); len(got) != 2 {
		t.Errorf("floor scores without targets %v; want both lines", got)
	}
}
