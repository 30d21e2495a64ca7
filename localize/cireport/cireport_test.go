package cireport

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/internal/sarifcheck"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/localize/regress"
	"github.com/faultloc/faultloc/spectra"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// subject is the absolute name of the test subject's file and its root.
func subject(t *testing.T) (file, root string) {
	root, err := filepath.Abs(filepath.Join("testdata", "src"))
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "abs.go"), root
}

// reports are localize reports of the subject: one with every kind of
// result, a partial one with a refuted candidate only.
func reports(file string) []*localize.Report {
	return []*localize.Report{{
		Test: "TestAbs/neg", Mode: "agx", Failure: "abs_test.go:9: Abs(-3) = -3, want 3",
		Candidates: []localize.Candidate{{
			Locations: []localize.Location{{Position: localize.Position{File: file, Line: 6, Column: 10}, Text: "return x //fault: should be -x", Expr: "x"}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: file, Line: 6}, Instr: "return t0", Expr: "return", Value: "3", Orig: "-3"}},
			Verified:  true,
		}, {
			Locations: []localize.Location{{Position: localize.Position{File: file, Line: 5}, Text: "if x < 0 {"}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: file, Line: 5}, Branch: true, Value: "false", Orig: "true"}},
		}},
		Ranking: []localize.RankedLine{
			{Position: localize.Position{File: file, Line: 6}, Rank: 1, Evidence: localize.EvidenceVerified},
			{Position: localize.Position{File: file, Line: 5}, Rank: 2, Evidence: localize.EvidenceSlice, Score: 0.5},
			{Position: localize.Position{File: file, Line: 8}, Rank: 3, Evidence: native.EvidenceSpectrum, Score: 0.25},
		},
		Fixes: []localize.MutantResult{{Position: localize.Position{File: file, Line: 6, Column: 10}, Op: "NEG", Orig: "x", Repl: "-x", FailToPass: 2}},
	}, {
		Test: "TestAbs/min", Mode: "angelic", Failure: "panic: overflow", Partial: true, Reason: "timeout 1s",
		Candidates: []localize.Candidate{{Locations: []localize.Location{{Position: localize.Position{File: file, Line: 8}, Text: "return x"}}}},
		Ranking:    []localize.RankedLine{{Position: localize.Position{File: file, Line: 8}, Rank: 1, Evidence: localize.EvidenceCandidate}},
	}}
}

func regressReport(file string) *regress.Report {
	return &regress.Report{
		Package: "example.com/abs", Failing: []string{"TestAbs/neg"}, Failure: "abs_test.go:9: Abs(-3) = -3, want 3",
		Changes: []*changes.Change{
			{ID: "c1", Kind: changes.Modified, Unit: "stmt", File: "abs.go", Func: "Abs", New: changes.Span{StartLine: 6, EndLine: 6}, OldText: "return -x", NewText: "return x"},
			{ID: "c2", Kind: changes.Modified, Unit: "if header", File: "abs.go", Func: "Abs", New: changes.Span{StartLine: 5, EndLine: 7}, OldText: "if x <= 0 {", NewText: "if x < 0 {"},
			{ID: "c3", Kind: changes.Added, Unit: "decl", File: "abs.go", New: changes.Span{StartLine: 3, EndLine: 3}, NewText: "// Abs"},
		},
		Root: []string{"c1"}, Aux: []string{"c3"}, Verified: true,
		Causes:     []regress.Cause{{Change: "c1", Round: 0, Core: true}, {Change: "c2", Round: 1}},
		Predicates: []regress.CriticalPredicate{{Position: localize.Position{File: file, Line: 5}, Round: 1, Influence: "direct", Taken: "if.then", Code: "if x < 0 {", Change: "c2"}},
	}
}

// diagnosisReport is a diagnosis of the subject's two failing cases:
// one fix found by the fix probe, and a diagnosis whose replays did not
// all pass; unverified, without its first, it is the partial diagnosis
// of a build without the solver, with the lines to read.
func diagnosisReport(file string, verified bool) *localize.DiagnosisReport {
	loc := func(line int, text string) localize.Location {
		return localize.Location{Position: localize.Position{File: file, Line: line}, Text: text}
	}
	cases := []string{"TestAbs/neg", "TestAbs/min"}
	r := &localize.DiagnosisReport{Package: "example.com/abs", Mode: "agx", Cases: cases, Grouping: "joint",
		Ranked: []localize.Location{loc(6, "return x //fault: should be -x"), loc(5, "if x < 0 {")}}
	g := localize.DiagnosisGroup{Cases: cases, Joint: 2, Diagnoses: []localize.Diagnosis{{
		Locations: []localize.Location{loc(6, "return x //fault: should be -x")}, Verified: true, OneFix: true, Explains: cases,
		Fix: &localize.MutantResult{Position: localize.Position{File: file, Line: 6, Column: 10}, Op: "NEG", Orig: "x", Repl: "-x", FailToPass: 2},
		Cases: []localize.CaseValues{
			{Case: "TestAbs/neg", Passed: true, Angelic: []localize.AngelicValue{{Position: localize.Position{File: file, Line: 6}, Expr: "return", Value: "3", Orig: "-3"}}},
			{Case: "TestAbs/min", Passed: true, Angelic: []localize.AngelicValue{{Position: localize.Position{File: file, Line: 6}, Expr: "return", Value: "1", Orig: "-1"}}},
		},
	}, {
		Locations: []localize.Location{loc(5, "if x < 0 {"), loc(8, "return x")}, Explains: cases[:1], Rejected: "",
		Cases: []localize.CaseValues{{Case: "TestAbs/neg", Passed: true, Angelic: []localize.AngelicValue{{Position: localize.Position{File: file, Line: 5}, Branch: true, Value: "false", Orig: "true"}}}, {Case: "TestAbs/min"}},
	}}}
	if !verified {
		g.Diagnoses = g.Diagnoses[1:]
		g.Partial, g.Reason = true, "maxsat: this build has no solver"
		r.Partial, r.Reason = true, g.Reason
	}
	r.Groups = []localize.DiagnosisGroup{g}
	return r
}

func spectraRanking(file string) *spectra.Ranking {
	return &spectra.Ranking{Formula: "ochiai", Tests: 3, Failed: 1, Entries: []spectra.Entry{
		{Element: spectra.Element{File: file, Line: 6}, Counts: spectra.Counts{EF: 1, NP: 2}, Score: math.Inf(1), Rank: 1, Suspect: true},
		{Element: spectra.Element{Kind: spectra.Block, File: file, Line: 5, Col: 2, EndLine: 7, EndCol: 3}, Counts: spectra.Counts{EF: 1, EP: 2}, Score: 0.5774, Rank: 2.5},
		{Element: spectra.Element{File: file, Line: 8}, Counts: spectra.Counts{NF: 1, EP: 2}, Score: 0, Rank: 3},
	}}
}

// golden compares got with testdata/name (rewritten with -update), the
// subject's root written as ROOT.
func golden(t *testing.T, name string, got []byte, root string) {
	t.Helper()
	got = bytes.ReplaceAll(got, []byte(filepath.ToSlash(root)), []byte("/ROOT"))
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (-update rewrites it); got:\n%s", path, got)
	}
}

// TestGolden writes each report model in both formats, checks the SARIF
// against the schema's structure, and compares both with golden files.
// A run stopped before any result (stopped-empty) and one stopped with
// results (localize-stopped) say they are partial.
func TestGolden(t *testing.T) {
	file, root := subject(t)
	for _, tt := range []struct {
		name    string
		rs      []Result
		partial string // Options.Partial
	}{
		{"localize", Localize(reports(file)), ""},
		{"regress", Regress(regressReport(file), root), ""},
		{"spectra", Spectra(spectraRanking(file)), ""},
		{"diagnosis", Diagnosis(diagnosisReport(file, true)), ""},
		{"diagnosis-unverified", Diagnosis(diagnosisReport(file, false)), ""},
		{"stopped-empty", nil, "context deadline exceeded"},
		{"localize-stopped", Localize(reports(file)), "signal: terminated"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sarif, gh bytes.Buffer
			if err := WriteSARIF(&sarif, tt.rs, &Options{Root: root, Version: "test", Partial: tt.partial}); err != nil {
				t.Fatal(err)
			}
			if err := sarifcheck.Validate(sarif.Bytes()); err != nil {
				t.Error(err)
			}
			golden(t, tt.name+".sarif", sarif.Bytes(), root)
			if err := WriteGitHub(&gh, tt.rs, &Options{Root: root, Partial: tt.partial}); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".github", gh.Bytes(), root)
		})
	}
}

// TestFingerprint: a result's fingerprint follows its line's text, not
// its number, and differs between rules and failing cases.
func TestFingerprint(t *testing.T) {
	r := Result{Rule: Rule{ID: "ranked-line/spectrum"}, Group: "TestA", Locations: []Location{{Position: localize.Position{File: "/src/a.go", Line: 6}, Text: "return x"}}}
	moved := r
	moved.Locations = []Location{{Position: localize.Position{File: "/src/a.go", Line: 9}, Text: "return x"}}
	if fingerprint("/src", r) != fingerprint("/src", moved) {
		t.Error("the fingerprint changed with the line number")
	}
	for _, other := range []Result{
		{Rule: Rule{ID: "ranked-line/slice"}, Group: "TestA", Locations: r.Locations},
		{Rule: r.Rule, Group: "TestB", Locations: r.Locations},
		{Rule: r.Rule, Group: "TestA", Locations: []Location{{Position: localize.Position{File: "/src/a.go", Line: 6}, Text: "return -x"}}},
		{Rule: r.Rule, Group: "TestA", Locations: []Location{{Position: localize.Position{File: "/src/b.go", Line: 6}, Text: "return x"}}},
	} {
		if fingerprint("/src", r) == fingerprint("/src", other) {
			t.Errorf("%+v and %+v share a fingerprint", r, other)
		}
	}
}

func TestTopThreshold(t *testing.T) {
	rs := []Result{
		{Group: "A", Message: "a1", Score: 0.9, Scored: true},
		{Group: "A", Message: "a2"},
		{Group: "B", Message: "b1", Score: 0.2, Scored: true},
		{Group: "A", Message: "a3", Score: math.NaN(), Scored: true},
		{Group: "B", Message: "b2", Score: math.Inf(1), Scored: true},
	}
	msgs := func(rs []Result) string {
		var s []string
		for _, r := range rs {
			s = append(s, r.Message)
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		name string
		got  []Result
		want string
	}{
		{"top 0: all", Top(rs, 0), "a1 a2 b1 a3 b2"},
		{"top 1 of each group", Top(rs, 1), "a1 b1"},
		{"top 2 of each group", Top(rs, 2), "a1 a2 b1 b2"},
		{"threshold -Inf: NaN left out", Threshold(rs, math.Inf(-1)), "a1 a2 b1 b2"},
		{"threshold 0.5: unscored kept", Threshold(rs, 0.5), "a1 a2 b2"},
		{"threshold then top", Top(Threshold(rs, 0.5), 1), "a1 b2"},
	}
	for _, tt := range tests {
		if got := msgs(tt.got); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	// A localize report's ranked lines carry their scores: the native
	// line (0.25) goes below 0.3; the candidates, the slice line (0.5)
	// and the mutant fix stay.
	file, _ := subject(t)
	var kept []string
	for _, r := range Threshold(Localize(reports(file)), 0.3) {
		kept = append(kept, fmt.Sprintf("%s:%d", r.Rule.ID, r.Locations[0].Line))
	}
	if got, want := strings.Join(kept, " "), "fix-candidate/agx:6 ranked-line/slice:5 unverified-candidate/agx:5 mutant-fix:6 unverified-candidate/angelic:8"; got != want {
		t.Errorf("localize above 0.3: %s, want %s", got, want)
	}
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"100% a:b, c\nd\re", "100%25 a:b, c%0Ad%0De", "100%25 a%3Ab%2C c%0Ad%0De"},
	}
	for _, tt := range tests {
		if got := escapeData(tt.in); got != tt.data {
			t.Errorf("escapeData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := escapeProperty(tt.in); got != tt.prop {
			t.Errorf("escapeProperty(%q) = %q, want %q", tt.in, got, tt.prop)
		}
	}
}

// TestURI: files below the root are relative to %SRCROOT%, escaped;
// the others absolute file URIs.
func TestURI(t *testing.T) {
	tests := []struct{ file, uri, base string }{
		{"/src/m/a.go", "a.go", "%SRCROOT%"},
		{"/src/m/sub dir/a#1.go", "sub%20dir/a%231.go", "%SRCROOT%"},
		{"/src/other/a.go", "file:///src/other/a.go", ""},
		{"/src/m2/a.go", "file:///src/m2/a.go", ""},
	}
	for _, tt := range tests {
		uri, base := relURI("/src/m", tt.file)
		if uri != tt.uri || base != tt.base {
			t.Errorf("relURI(%q) = %q, %q; want %q, %q", tt.file, uri, base, tt.uri, tt.base)
		}
	}
}
