package localize

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// cand is a candidate on lines of f.go.
func cand(verified bool, lines ...int) Candidate {
	c := Candidate{Verified: verified}
	for _, l := range lines {
		c.Locations = append(c.Locations, Location{Position: Position{File: "f.go", Line: l}})
	}
	return c
}

// rankedLines returns a ranking as "line:rank".
func rankedLines(r *Report) []string {
	var out []string
	for _, rl := range r.Ranking {
		out = append(out, fmt.Sprintf("%d:%d", rl.Line, rl.Rank))
	}
	return out
}

// TestFailCount checks FailCount's tie-break on reports made up for it:
// which candidates move, that the other keys stay first, that the lines
// after the candidates keep their order and that a plausible fix's line
// stays in front.
func TestFailCount(t *testing.T) {
	tests := []struct {
		name  string
		reps  [][]Candidate // the reports' candidates, in their order
		rest  []int         // lines ranked after the first report's candidates
		fixes []int         // the first report's lines with a plausible fix
		fail  []int         // the first report's failing statement (FailureFirst), of rest
		want  []string      // the first report's ranking
	}{
		{
			name: "the line more cases hold first",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20), cand(true, 30)},
				{cand(true, 30), cand(true, 40)},
				{cand(true, 30), cand(true, 20)},
			},
			want: []string{"30:1", "20:2", "10:3"},
		},
		{
			name: "verified before unverified, smaller before larger",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 11, 12), cand(false, 30)},
				{cand(true, 30), cand(true, 12)},
				{cand(true, 30), cand(true, 12)},
			},
			want: []string{"10:1", "11:3", "12:3", "30:4"},
		},
		{
			name: "unverified candidates of other cases count nothing",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20)},
				{cand(false, 20)},
			},
			want: []string{"10:1", "20:2"},
		},
		{
			name: "the rest after the candidates, as it was",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20)},
				{cand(true, 20)},
			},
			rest: []int{7, 5},
			want: []string{"20:1", "10:2", "7:3", "5:4"},
		},
		{
			name: "a plausible fix's line stays first",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20), cand(true, 30)},
				{cand(true, 30)},
			},
			rest:  []int{5},
			fixes: []int{20, 5},
			want:  []string{"20:1", "5:2", "30:3", "10:4"},
		},
		{
			name: "the failing statement stays ahead of the candidates",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20)},
				{cand(true, 20)},
			},
			rest: []int{5, 7},
			fail: []int{5},
			want: []string{"5:1", "20:2", "10:3", "7:4"},
		},
		{
			name: "a plausible fix's line before the failing statement",
			reps: [][]Candidate{
				{cand(true, 10), cand(true, 20)},
				{cand(true, 20)},
			},
			rest:  []int{5, 7},
			fail:  []int{5},
			fixes: []int{7},
			want:  []string{"7:1", "5:2", "20:3", "10:4"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var reps []*Report
			for i, cs := range tt.reps {
				r := &Report{Test: fmt.Sprint("T", i), Candidates: slices.Clone(cs)}
				r.Ranking = rank(r.Candidates)
				reps = append(reps, r)
			}
			r := reps[0]
			for _, l := range tt.rest {
				r.Ranking = appendRanked(r.Ranking, []RankedLine{{Position: Position{File: "f.go", Line: l}, Rank: -l, Evidence: EvidenceSpectrum}})
			}
			var fail []RankedLine
			for _, l := range tt.fail {
				fail = append(fail, RankedLine{Position: Position{File: "f.go", Line: l}, Evidence: EvidenceFailure, Score: 1})
			}
			r.Ranking = MoveToFront(r.Ranking, fail)
			for _, l := range tt.fixes {
				r.Fixes = append(r.Fixes, MutantResult{Position: Position{File: "f.go", Line: l}})
			}
			if len(r.Fixes) > 0 {
				r.PromoteFixes()
			}
			if err := (FailCount{}).RefineAll(context.Background(), reps); err != nil {
				t.Fatal(err)
			}
			if got := rankedLines(r); !slices.Equal(got, tt.want) {
				t.Errorf("ranking %v, want %v", got, tt.want)
			}
		})
	}
	// Unverified candidates stay where Report.Fuse ranks them, after
	// the lines the evidence ranks, not in front of those.
	r := &Report{Test: "T0", Candidates: []Candidate{cand(true, 10), cand(false, 20)}}
	r.Fuse([]Evidence{EvidenceSpectrum}, LineScores{{File: "f.go", Line: 7}: 1})
	other := &Report{Test: "T1", Candidates: []Candidate{cand(true, 10)}}
	other.Rerank(nil)
	if err := (FailCount{}).RefineAll(context.Background(), []*Report{r, other}); err != nil {
		t.Fatal(err)
	}
	if got, want := rankedLines(r), []string{"10:1", "7:2", "20:3"}; !slices.Equal(got, want) {
		t.Errorf("with an unverified candidate: ranking %v, want %v", got, want)
	}
	// A cancelled context stops it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (FailCount{}).RefineAll(ctx, []*Report{{Candidates: []Candidate{cand(true, 1)}}}); err == nil {
		t.Error("no error from a cancelled context")
	}
}
