package angelic

import (
	"maps"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// TestForceProbe refines reports of testdata/flip's failing tests whose
// rankings hold two lines, the faulty one second: the probe finds the
// faulty line's verified candidate by forcing its values, the other line
// none, and moves the faulty line to the front. A report with a verified
// candidate is left as it is.
func TestForceProbe(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	for _, tt := range []struct {
		test        string
		other, line int    // the ranking: other, then line, the faulty one
		value, orig string // the forced value of the candidate's last angelic value, and the value it replaced
	}{
		{"TestTen", 50, 11, "true", "false"},
		{"TestZero", 11, 28, "false", "true"},
		{"TestRatioZero", 50, 45, "NaN", "+Inf"},
		{"TestLastThree", 45, 50, "2", "3"},
		{"TestMoreTriples", 50, 55, "15", "10"},
		{"TestDiscount", 50, 66, "100", "30"},
	} {
		t.Run(tt.test, func(t *testing.T) {
			f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, tt.test)}
			rep := &localize.Report{Test: tt.test, Ranking: []localize.RankedLine{
				{Position: localize.Position{File: file, Line: tt.other}, Rank: 1, Evidence: localize.EvidenceSlice},
				{Position: localize.Position{File: file, Line: tt.line}, Rank: 2, Evidence: localize.EvidenceSlice},
			}}
			if err := (ForceProbe{}).Refine(ctx, rep, f); err != nil {
				t.Fatal(err)
			}
			if len(rep.Candidates) != 1 {
				t.Fatalf("candidates %+v, want one", rep.Candidates)
			}
			c := rep.Candidates[0]
			if !c.Verified || len(c.Locations) != 1 || c.Locations[0].Line != tt.line || len(c.Angelic) == 0 {
				t.Fatalf("candidate %+v, want line %d verified", c, tt.line)
			}
			if a := c.Angelic[len(c.Angelic)-1]; a.Value != tt.value || a.Orig != tt.orig || a.Line != tt.line {
				t.Errorf("angelic %+v, want %s for %s", a, tt.value, tt.orig)
			}
			want := []localize.RankedLine{
				{Position: localize.Position{File: file, Line: tt.line}, Rank: 1, Evidence: localize.EvidenceVerified},
				{Position: localize.Position{File: file, Line: tt.other}, Rank: 2, Evidence: localize.EvidenceSlice},
			}
			if len(rep.Ranking) != 2 || rep.Ranking[0] != want[0] || rep.Ranking[1] != want[1] {
				t.Errorf("ranking %+v, want %+v", rep.Ranking, want)
			}
			// Again: the report now has a verified candidate.
			if err := (ForceProbe{}).Refine(ctx, rep, f); err != nil || len(rep.Candidates) != 1 {
				t.Errorf("second refine: %v, %d candidates, want it left alone", err, len(rep.Candidates))
			}
		})
	}
}

// TestForceProbeOrigin: when forcing the faulty line and a line that
// passes its result on both make the case pass, the faulty line, where
// the value is computed, comes first, though the ranking had the other
// first.
func TestForceProbeOrigin(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestTripled")}
	rep := &localize.Report{Test: "TestTripled", Ranking: []localize.RankedLine{
		{Position: localize.Position{File: file, Line: 60}, Rank: 1, Evidence: localize.EvidenceSlice}, // return Triple(n)
		{Position: localize.Position{File: file, Line: 50}, Rank: 2, Evidence: localize.EvidenceSlice}, // Last: not run
		{Position: localize.Position{File: file, Line: 55}, Rank: 3, Evidence: localize.EvidenceSlice}, // return n * 2, the fault
	}}
	if err := (ForceProbe{}).Refine(ctx, rep, f); err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, c := range rep.Candidates {
		if !c.Verified || len(c.Locations) != 1 {
			t.Fatalf("candidate %+v, want verified, of one line", c)
		}
		lines = append(lines, c.Locations[0].Line)
	}
	if !slices.Equal(lines, []int{55, 60}) {
		t.Errorf("candidates on lines %v, want [55 60]", lines)
	}
	want := []localize.RankedLine{
		{Position: localize.Position{File: file, Line: 55}, Rank: 1, Evidence: localize.EvidenceVerified},
		{Position: localize.Position{File: file, Line: 60}, Rank: 2, Evidence: localize.EvidenceVerified},
		{Position: localize.Position{File: file, Line: 50}, Rank: 3, Evidence: localize.EvidenceSlice},
	}
	if !slices.Equal(rep.Ranking, want) {
		t.Errorf("ranking %+v, want %+v", rep.Ranking, want)
	}
}

// TestForceProbeNothing: a ranking whose lines no forcing makes pass
// gets no candidate, and a case that passes none either.
func TestForceProbeNothing(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	for _, test := range []string{"TestRatioZero", "TestRatio"} {
		f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, test)}
		rep := &localize.Report{Test: test, Ranking: []localize.RankedLine{{Position: localize.Position{File: file, Line: 50}, Rank: 1, Evidence: localize.EvidenceSlice}}}
		if err := (ForceProbe{}).Refine(ctx, rep, f); err != nil {
			t.Fatal(err)
		}
		if len(rep.Candidates) != 0 || rep.Ranking[0].Evidence != localize.EvidenceSlice {
			t.Errorf("%s: candidates %+v, ranking %+v, want none and the ranking as it was", test, rep.Candidates, rep.Ranking)
		}
	}
	if err := (ForceProbe{}).Refine(ctx, &localize.Report{Ranking: []localize.RankedLine{{Position: localize.Position{File: file, Line: 50}}}}, &localize.Failure{}); err == nil {
		t.Error("no error without a case")
	}
}

// TestExpected reads what failed checks expected from the failing runs
// of testdata/flip: a check got != want of numbers maps each side's
// value to the other's; a check of another form expects nothing.
func TestExpected(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "flip")
	for _, tt := range []struct {
		test string
		want map[search.ValueKey]string
	}{
		{"TestMoreTriples", map[search.ValueKey]string{
			{Kind: trace.KindInt, Text: "8"}: "12", {Kind: trace.KindInt, Text: "12"}: "8",
			{Kind: trace.KindInt, Text: "10"}: "15", {Kind: trace.KindInt, Text: "15"}: "10",
		}},
		{"TestLastThree", map[search.ValueKey]string{{Kind: trace.KindInt, Text: "3"}: "2", {Kind: trace.KindInt, Text: "2"}: "3"}},
		{"TestRatioZero", map[search.ValueKey]string{}}, // !math.IsNaN(got)
		{"TestZero", map[search.ValueKey]string{}},      // if Positive(0)
	} {
		t.Run(tt.test, func(t *testing.T) {
			sub := &search.Subject{Prog: prog, Case: prog.GoTestCase(pkg, tt.test)}
			v, err := sub.Run(ctx, &trace.RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer v.Release()
			got := map[search.ValueKey]string{}
			for k, x := range search.Expected(v) {
				got[k] = x.String()
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("expected %v, want %v", got, tt.want)
			}
		})
	}
}
