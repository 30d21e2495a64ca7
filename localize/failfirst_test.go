package localize

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestFailureFirst: testdata/failfirst's TestNested panics at line 25,
// which only it runs; a verified candidate that forces line 20's type
// switch makes it pass by never reaching line 25. The failing statement
// moves ahead of candidates that only steer (a branch, a boolean), and
// stays where it is when a candidate gives a value before it, when a
// passing case runs it too, or when no verified candidate leads.
func TestFailureFirst(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/failfirst", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs("testdata/failfirst/failfirst.go")
	if err != nil {
		t.Fatal(err)
	}
	line := func(n int) trace.Line { return trace.Line{File: file, Line: n} }
	cond, assert, panics := line(20), line(24), line(25)
	matrix := func(passed ...int) *spectra.Matrix {
		m := spectra.NewMatrix()
		elems := func(ns ...int) []spectra.Element {
			var es []spectra.Element
			for _, n := range ns {
				es = append(es, spectra.Element{Kind: spectra.Line, File: file, Line: n})
			}
			return es
		}
		if _, err := m.Add(spectra.TestRun{Name: "TestNested", Failed: true}, elems(18, 19, 20, 24, 25)); err != nil {
			t.Fatal(err)
		}
		if _, err := m.Add(spectra.TestRun{Name: "TestPreds"}, elems(passed...)); err != nil {
			t.Fatal(err)
		}
		return m
	}
	candidate := func(l trace.Line, vs ...AngelicValue) Candidate {
		return Candidate{Locations: []Location{{Position: At(l)}}, Angelic: vs, Verified: true}
	}
	branch := AngelicValue{Instr: "if t5 goto 2 else 3", Expr: "ok", Branch: true, Value: "true"}
	boolean := AngelicValue{Instr: "*t3 = t4", Expr: "ok", Value: "true"}
	value := AngelicValue{Instr: "*t3 = t4", Expr: "s", Value: "6"}
	ranking := func(lead Evidence) []RankedLine {
		return []RankedLine{
			{Position: At(cond), Rank: 1, Evidence: lead},
			{Position: At(panics), Rank: 2, Evidence: EvidenceSlice, Score: 1},
			{Position: At(assert), Rank: 3, Evidence: EvidenceSlice, Score: 0.7},
		}
	}
	moved := []RankedLine{
		{Position: At(panics), Rank: 1, Evidence: EvidenceFailure, Score: 1},
		{Position: At(cond), Rank: 2, Evidence: EvidenceVerified},
		{Position: At(assert), Rank: 3, Evidence: EvidenceSlice, Score: 0.7},
	}
	candidateOn := []RankedLine{
		{Position: At(cond), Rank: 1, Evidence: EvidenceVerified},
		{Position: At(panics), Rank: 2, Evidence: EvidenceVerified},
		{Position: At(assert), Rank: 3, Evidence: EvidenceSlice, Score: 0.7},
	}
	sliceFirst := []RankedLine{
		{Position: At(cond), Rank: 1, Evidence: EvidenceVerified},
		{Position: At(assert), Rank: 2, Evidence: EvidenceSlice, Score: 0.7},
		{Position: At(panics), Rank: 3, Evidence: EvidenceSlice, Score: 0.5},
	}
	for _, tt := range []struct {
		name   string
		cands  []Candidate
		lead   Evidence
		passed []int        // the lines the passing case runs
		in     []RankedLine // default: ranking(lead)
		want   []RankedLine
	}{
		{"branch", []Candidate{candidate(cond, branch)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, nil, moved},
		{"boolean", []Candidate{candidate(cond, boolean, branch)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, nil, moved},
		{"value", []Candidate{candidate(cond, branch, value)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, nil, ranking(EvidenceVerified)},
		{"valued elsewhere", []Candidate{candidate(cond, branch), candidate(cond, value)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, nil, ranking(EvidenceVerified)},
		{"passing runs it", []Candidate{candidate(cond, branch)}, EvidenceVerified, []int{18, 19, 20, 24, 25}, nil, ranking(EvidenceVerified)},
		{"no verified lead", nil, EvidenceSlice, []int{18, 19, 20, 21, 22}, nil, ranking(EvidenceSlice)},
		{"a candidate on it", []Candidate{candidate(cond, branch), candidate(panics, value)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, candidateOn, candidateOn},
		{"a slice line before it", []Candidate{candidate(cond, branch)}, EvidenceVerified, []int{18, 19, 20, 21, 22}, sliceFirst, sliceFirst},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestNested"), Spectrum: matrix(tt.passed...)}
			in := tt.in
			if in == nil {
				in = ranking(tt.lead)
			}
			rep := &Report{Candidates: tt.cands, Ranking: slices.Clone(in)}
			if err := (FailureFirst{}).Refine(ctx, rep, f); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(rep.Ranking, tt.want) {
				t.Errorf("ranking\n%v\nwant\n%v", rep.Ranking, tt.want)
			}
		})
	}
}
