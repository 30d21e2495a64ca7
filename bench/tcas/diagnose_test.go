package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/diagnose"

	"github.com/faultloc/faultloc/localize"
)

// TestScoreDiagnosis scores a made-up diagnosis report against a ground
// truth: counts, the fault's presence (on faulty lines only, verified,
// in every group) and the lines column.
func TestScoreDiagnosis(t *testing.T) {
	const file = "/x/tcas.go"
	loc := func(l int) localize.Location {
		return localize.Location{Position: localize.Position{File: file, Line: l}}
	}
	rep := &localize.DiagnosisReport{Grouping: diagnose.GroupingByDiagnosis, Groups: []localize.DiagnosisGroup{
		{Joint: 2, Diagnoses: []localize.Diagnosis{{Locations: []localize.Location{loc(10)}, Verified: true}, {Locations: []localize.Location{loc(75), loc(80)}}}},
		{Joint: 1, Diagnoses: []localize.Diagnosis{{Locations: []localize.Location{loc(141)}, Verified: true}}},
	}}
	var r diagResult
	scoreDiagnosis(&r, rep, file, map[int]bool{75: true})
	if r.Diagnoses != 3 || r.Verified != 2 || r.Groups != 2 || r.Joint != 3 || r.MaxSize != 2 {
		t.Errorf("counts %+v", r)
	}
	if !r.FaultIn || r.FaultOnly || r.FaultVerified || r.FaultAll {
		t.Errorf("fault: in %v, only %v, verified %v, all groups %v; want true, false, false, false", r.FaultIn, r.FaultOnly, r.FaultVerified, r.FaultAll)
	}
	if want := []string{"10*", "75+80", "141*"}; !slices.Equal(r.Lines, want) {
		t.Errorf("lines %v, want %v", r.Lines, want)
	}
	// v35's case: the faulty lines are 63 and 65, the diagnosis is 62;
	// all three port tcas.c's line 63.
	rep = &localize.DiagnosisReport{Grouping: diagnose.GroupingJoint, Groups: []localize.DiagnosisGroup{
		{Diagnoses: []localize.Diagnosis{{Locations: []localize.Location{loc(62)}, Verified: true, OneFix: true}, {Locations: []localize.Location{loc(141)}, Verified: true}}},
	}}
	r = diagResult{}
	scoreDiagnosis(&r, rep, file, map[int]bool{63: true, 65: true})
	if r.FaultIn || r.FaultBest || !r.FaultInC || !r.FaultBestC || r.FaultBestRepair {
		t.Errorf("62 for 63 and 65: in %v, best %v, in C %v, best C %v, repair %v; want false, false, true, true, false", r.FaultIn, r.FaultBest, r.FaultInC, r.FaultBestC, r.FaultBestRepair)
	}
	// In v35 line 62 is a repair (tcas.Repairs), as one statement only.
	r = diagResult{Version: 35}
	scoreDiagnosis(&r, rep, file, map[int]bool{63: true, 65: true})
	if !r.FaultBestRepair {
		t.Error("v35: 62 is not counted as a repair")
	}
	two := &localize.DiagnosisReport{Groups: []localize.DiagnosisGroup{
		{Diagnoses: []localize.Diagnosis{{Locations: []localize.Location{loc(62), loc(141)}, Verified: true, OneFix: true}}},
	}}
	r = diagResult{Version: 35}
	scoreDiagnosis(&r, two, file, map[int]bool{63: true, 65: true})
	if r.FaultBestRepair {
		t.Error("v35: 62 with 141 is counted as a repair")
	}
	r = diagResult{}
	scoreDiagnosis(&r, rep, file, map[int]bool{58: true})
	if r.FaultInC {
		t.Error("62 counts as tcas.c's line 58")
	}
}

// TestMedianAndBaseline checks median and the baseline CSV's reading.
func TestMedianAndBaseline(t *testing.T) {
	for _, tt := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{4, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.xs); got != tt.want {
			t.Errorf("median(%v) = %g, want %g", tt.xs, got, tt.want)
		}
	}
	path := filepath.Join(t.TempDir(), "b.csv")
	csv := "version,test,mode,correct_location\n1,t1,agx,false\n1,t2,agx,true\n2,t3,agx,false\n2,t4,pf,true\n"
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readBaseline(path)
	if err != nil || len(got) != 2 || !got[1] || got[2] {
		t.Errorf("readBaseline = %v, %v; want 1: true, 2: false (pf rows ignored)", got, err)
	}
	if _, err := readBaseline(filepath.Join(t.TempDir(), "none.csv")); err == nil {
		t.Error("a missing baseline is no error")
	}
}
