package main

import (
	"math"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestScoreTies scores hand-made runs under every policy, against ranks
// worked out by hand (ground truth: line 75).
func TestScoreTies(t *testing.T) {
	const file = "/x/tcas.go"
	one := func(line int, branch bool) localize.Candidate {
		return localize.Candidate{
			Locations: []localize.Location{{Position: localize.Position{File: file, Line: line}}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: file, Line: line}, Branch: branch}},
			Verified:  true,
		}
	}
	runs := func() []runResult {
		return []runResult{
			{Version: 1, Test: "tA", Mode: "agx", Exec: 81, cands: []localize.Candidate{one(10, true), one(20, false), one(75, false)},
				mut: map[string]map[int]float64{mutMetallaxis: {10: 0.2, 20: 0.1, 75: 0.9}, mutMUSE: {10: 0.5, 20: 0.1, 75: 0}}},
			{Version: 1, Test: "tB", Mode: "agx", Exec: 81, cands: []localize.Candidate{one(20, false), one(30, false), one(75, false)},
				mut: map[string]map[int]float64{mutMetallaxis: {20: 0.5, 30: math.Inf(-1), 75: 0.5}, mutMUSE: {20: 0.5, 30: math.Inf(-1), 75: 0.5}}},
			{Version: 1, Test: "tC", Mode: "agx", Exec: 81, Err: "failed", Exam: exam(0, 0, 81)},
		}
	}
	spectrum := map[string]map[int]float64{
		"ochiai":   {10: 0.9, 20: 0.5, 75: 0.7, 30: 0.7},
		passingKey: {10: 0, 20: 10, 75: 1, 30: 0},
	}
	tests := []struct {
		policy           string
		rankA, rankB     int
		randomA, randomB float64
	}{
		// A: 10 (0.9), 75 (0.7), 20. B: 30 and 75 tie at 0.7, then 20.
		{"ochiai", 2, 2, 2, 1.5},
		// Lines in both runs' candidates: 20 and 75 (2), then 10 or 30 (1).
		{"failcount", 2, 2, 1.5, 1.5},
		// Every line in one candidate: position; random over 3 lines.
		{"frequency", 3, 3, 2, 2},
		// A: the guard 10 first, then 20 and 75 tie. B: no guard.
		{"guards", 3, 3, 2.5, 2},
		// A: 20 and 75 tie first, then 10. B: all assignments.
		{"assignments", 2, 3, 1.5, 2},
		// F = 3 runs; ef: 10 and 30 in 1, 20 and 75 in 2. Scores 1/sqrt(3)
		// for 10 and 30, 2/sqrt(36) for 20, 2/sqrt(9) for 75.
		{"ochiai-mfc", 1, 1, 1, 1},
		// failcount's tie between 20 and 75 broken by ochiai: 75 first.
		{"failcount+ochiai", 1, 1, 1, 1},
		// A: the guard 10, then 20 and 75 (failcount 2 each) by position.
		// B: no guard; 20 and 75 before 30.
		{"guards+failcount", 3, 2, 2.5, 1.5},
		// The runs' own mutation scores. A: 75 first. B: 20 and 75 tie,
		// then 30 (no mutant).
		{"mutation", 1, 2, 1, 1.5},
		// A: 10, 20, then 75. B: as for mutation.
		{"muse", 3, 2, 3, 1.5},
	}
	for _, tt := range tests {
		t.Run(tt.policy, func(t *testing.T) {
			pols, err := parseTies(tt.policy)
			if err != nil || len(pols) != 1 {
				t.Fatalf("parseTies(%q) = %v, %v", tt.policy, pols, err)
			}
			rs := runs()
			scoreTies(rs, pols, spectrum, file, map[int]bool{75: true})
			for i, want := range []struct {
				rank   int
				random float64
			}{{tt.rankA, tt.randomA}, {tt.rankB, tt.randomB}} {
				got := rs[i].Ties[0]
				if got.Rank != want.rank || got.RankTie != want.random ||
					math.Abs(got.Exam-float64(want.rank)/81) > 1e-12 || math.Abs(got.ExamTie-want.random/81) > 1e-12 {
					t.Errorf("%s: %+v, want rank %d, random %v", rs[i].Test, got, want.rank, want.random)
				}
			}
			if got := rs[2].Ties[0]; got.Exam != rs[2].Exam || got.ExamTie != rs[2].Exam {
				t.Errorf("run without a report: %+v, want exam's fallback %v", got, rs[2].Exam)
			}
			for _, r := range rs {
				if r.cands != nil || r.mut != nil {
					t.Errorf("%s: candidates or mutation scores kept after scoring", r.Test)
				}
			}
		})
	}
}

func TestParseTies(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"none", nil, false},
		{"position,random", nil, false},
		{"ochiai, failcount,ochiai", []string{"ochiai", "failcount"}, false},
		{"dstar", nil, true},
		{"failcount+ochiai,guards", []string{"failcount+ochiai", "guards"}, false},
		{"failcount+dstar", nil, true},
		{"mutation+ochiai,muse", []string{"mutation+ochiai", "muse"}, false},
	}
	for _, tt := range tests {
		got, err := parseTies(tt.in)
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
		}
		if (err != nil) != tt.err || len(names) != len(tt.want) || (len(names) > 0 && names[0] != tt.want[0]) ||
			(len(names) > 1 && names[1] != tt.want[1]) {
			t.Errorf("parseTies(%q) = %v, %v; want %v (error %v)", tt.in, names, err, tt.want, tt.err)
		}
	}
}
