package localize

import (
	"slices"
	"testing"
)

// TestPromote: the lines of fixes move to the front in their order, each
// its own rank; the others keep their order and their ties.
func TestPromote(t *testing.T) {
	rl := func(line, rank int, ev Evidence) RankedLine {
		return RankedLine{File: "a.go", Line: line, Rank: rank, Evidence: ev}
	}
	for _, tt := range []struct {
		name  string
		in    []RankedLine
		fixes []int
		want  []RankedLine
	}{
		{"none", []RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}, nil,
			[]RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}},
		{"second first", []RankedLine{rl(1, 1, EvidenceVerified), rl(2, 2, EvidenceSlice), rl(3, 3, EvidenceSlice)}, []int{2},
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(1, 2, EvidenceVerified), rl(3, 3, EvidenceSlice)}},
		{"ties kept", []RankedLine{rl(1, 3, EvidenceSlice), rl(2, 3, EvidenceSlice), rl(3, 3, EvidenceSlice), rl(4, 5, EvidenceSpectrum), rl(5, 5, EvidenceSpectrum)}, []int{2, 5},
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(5, 2, EvidenceMutation), rl(1, 4, EvidenceSlice), rl(3, 4, EvidenceSlice), rl(4, 5, EvidenceSpectrum)}},
		{"order of the ranking", []RankedLine{rl(7, 1, EvidenceSlice), rl(3, 2, EvidenceSlice)}, []int{3, 7},
			[]RankedLine{rl(7, 1, EvidenceMutation), rl(3, 2, EvidenceMutation)}},
	} {
		rep := &Report{Ranking: tt.in}
		var fixes []MutantResult
		for _, l := range tt.fixes {
			fixes = append(fixes, MutantResult{File: "a.go", Line: l})
		}
		rep.Fixes = fixes
		rep.PromoteFixes()
		if !slices.Equal(rep.Ranking, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, rep.Ranking, tt.want)
		}
	}
}
