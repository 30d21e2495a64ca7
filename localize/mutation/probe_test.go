package mutation

import (
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestPromote: the lines of fixes move to the front in their order, each
// its own rank; the others keep their order and their ties.
func TestPromote(t *testing.T) {
	rl := func(line, rank int, ev localize.Evidence) localize.RankedLine {
		return localize.RankedLine{Position: localize.Position{File: "a.go", Line: line}, Rank: rank, Evidence: ev}
	}
	for _, tt := range []struct {
		name  string
		in    []localize.RankedLine
		fixes []int
		want  []localize.RankedLine
	}{
		{"none", []localize.RankedLine{rl(1, 1, localize.EvidenceSlice), rl(2, 2, localize.EvidenceSlice)}, nil,
			[]localize.RankedLine{rl(1, 1, localize.EvidenceSlice), rl(2, 2, localize.EvidenceSlice)}},
		{"second first", []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 2, localize.EvidenceSlice), rl(3, 3, localize.EvidenceSlice)}, []int{2},
			[]localize.RankedLine{rl(2, 1, localize.EvidenceMutation), rl(1, 2, localize.EvidenceVerified), rl(3, 3, localize.EvidenceSlice)}},
		{"ties kept", []localize.RankedLine{rl(1, 3, localize.EvidenceSlice), rl(2, 3, localize.EvidenceSlice), rl(3, 3, localize.EvidenceSlice), rl(4, 5, localize.EvidenceSpectrum), rl(5, 5, localize.EvidenceSpectrum)}, []int{2, 5},
			[]localize.RankedLine{rl(2, 1, localize.EvidenceMutation), rl(5, 2, localize.EvidenceMutation), rl(1, 4, localize.EvidenceSlice), rl(3, 4, localize.EvidenceSlice), rl(4, 5, localize.EvidenceSpectrum)}},
		{"order of the ranking", []localize.RankedLine{rl(7, 1, localize.EvidenceSlice), rl(3, 2, localize.EvidenceSlice)}, []int{3, 7},
			[]localize.RankedLine{rl(7, 1, localize.EvidenceMutation), rl(3, 2, localize.EvidenceMutation)}},
	} {
		rep := &localize.Report{Ranking: tt.in}
		var fixes []localize.MutantResult
		for _, l := range tt.fixes {
			fixes = append(fixes, localize.MutantResult{Position: localize.Position{File: "a.go", Line: l}})
		}
		rep.Fixes = fixes
		rep.PromoteFixes()
		if !slices.Equal(rep.Ranking, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, rep.Ranking, tt.want)
		}
	}
}
