package cireport_test

import (
	"os"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/cireport"
)

// A report's verified candidate and a ranked line as GitHub Actions
// annotations: the candidate an ::error with its column, the line a
// ::warning.
func ExampleWriteGitHub() {
	rep := &localize.Report{
		Test: "TestAbs", Mode: "agx", Failure: "Abs(-3) = -3, want 3",
		Candidates: []localize.Candidate{{
			Locations: []localize.Location{{Position: localize.Position{File: "/src/abs/abs.go", Line: 5, Column: 10}, Text: "return x", Expr: "x"}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: "/src/abs/abs.go", Line: 5}, Value: "3"}},
			Verified:  true,
		}},
		Ranking: []localize.RankedLine{
			{Position: localize.Position{File: "/src/abs/abs.go", Line: 5}, Rank: 1, Evidence: localize.EvidenceVerified},
			{Position: localize.Position{File: "/src/abs/abs.go", Line: 4}, Rank: 2, Evidence: localize.EvidenceSlice},
		},
	}
	rs := cireport.Localize([]*localize.Report{rep})
	cireport.WriteGitHub(os.Stdout, rs, &cireport.Options{Root: "/src"})
	// Output:
	// ::error file=abs/abs.go,line=5,col=10,title=faultloc fix-candidate/agx::TestAbs: fix candidate 1 (verified, size 1): line 5: x in return x [angelic: 3]
	// ::warning file=abs/abs.go,line=4,title=faultloc ranked-line/slice::TestAbs: rank 2 (slice)
}
