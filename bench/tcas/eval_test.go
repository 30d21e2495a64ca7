package main

import (
	"bytes"
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/localize"
)

var update = flag.Bool("update", false, "rewrite testdata/report.golden")

// TestFaultFound is the evaluation in miniature: on two versions, one
// failing test each, AgxFaults (agx mode) reports the version's faulty line
// in a verified candidate that holds only faulty lines.
func TestFaultFound(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and localizes two TCAS versions (a few seconds)")
	}
	tests := []struct {
		version int
		line    int // the ground truth, read back from tcas.FaultyVersion
	}{
		{14, 11}, // #define MAXALTDIFF 600 -> 600+50, an assignment of defines
		{41, 79}, // missing code: "Own_Above_Threat() &&" removed from line 79
	}
	for _, tt := range tests {
		ver, err := loadVersion(context.Background(), tt.version, selection{Sample: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ver.lines, []int{tt.line}) {
			t.Fatalf("v%d: faulty lines %v, want [%d]", tt.version, ver.lines, tt.line)
		}
		if len(ver.tests) != 1 {
			t.Fatalf("v%d: %d tests selected, want 1", tt.version, len(ver.tests))
		}
		r := evaluate(context.Background(), ver, ver.tests[0], encode.ATF, options{Timeout: 2 * time.Minute, MaxSize: 1})
		if r.Err != "" || !r.CorrectFix || !r.AnyFaulty || r.Rank == 0 {
			t.Errorf("v%d %s: %+v, want line %d in a verified candidate", tt.version, r.Test, r, tt.line)
		}
	}
}

// TestExecutableLines checks EXAM's denominator on the fault-free lines:
// statements count, comments, blank lines and the Go-only functions do not.
func TestExecutableLines(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a TCAS version")
	}
	ver, err := loadVersion(context.Background(), 1, selection{Sample: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []int{10, 27, 50, 58, 62, 63, 65, 75, 118, 141, 171} {
		if !slices.Contains(ver.exec, l) {
			t.Errorf("line %d is not executable; executable: %v", l, ver.exec)
		}
	}
	for _, l := range []int{1, 14, 29, 64, 129, 175, 230} {
		if slices.Contains(ver.exec, l) {
			t.Errorf("line %d counted as executable", l)
		}
	}
	if last := ver.exec[len(ver.exec)-1]; last > tcas.PortLines {
		t.Errorf("executable line %d is outside the port (1..%d)", last, tcas.PortLines)
	}
}

func TestExam(t *testing.T) {
	tests := []struct {
		rank, susp, exec int
		want             float64
	}{
		{1, 10, 80, 1.0 / 80},
		{10, 10, 80, 10.0 / 80},
		{0, 10, 80, (10 + 71.0/2) / 80}, // not ranked: the suspicious lines, then half the rest
		{0, 0, 80, 40.5 / 80},
		{0, 0, 0, 0},
	}
	for _, tt := range tests {
		if got := exam(tt.rank, tt.susp, tt.exec); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("exam(%d, %d, %d) = %v, want %v", tt.rank, tt.susp, tt.exec, got, tt.want)
		}
	}
}

// TestScore scores a hand-made report against the ground truth {75, 79}.
func TestScore(t *testing.T) {
	const file = "/x/tcas.go"
	loc := func(f string, l int) localize.Location {
		return localize.Location{Position: localize.Position{File: f, Line: l}}
	}
	faulty := map[int]bool{75: true, 79: true}
	tests := []struct {
		name                 string
		cands                []localize.Candidate
		rank                 []localize.RankedLine
		loc, fix, any        bool
		bestRank, suspicious int
		verified, candidates int
		wantExamNumerator    float64
		wantExamDenominator  int
		wantTieRank          float64 // tieRank's expectation, by hand
	}{
		{
			name: "faulty line alone and verified",
			cands: []localize.Candidate{
				{Locations: []localize.Location{loc(file, 10)}, Verified: true},
				{Locations: []localize.Location{loc(file, 75)}, Verified: true},
			},
			rank: []localize.RankedLine{{Position: localize.Position{File: file, Line: 10}, Rank: 1}, {Position: localize.Position{File: file, Line: 75}, Rank: 2}},
			loc:  true, fix: true, any: true, bestRank: 2, suspicious: 2, verified: 2, candidates: 2,
			wantExamNumerator: 2, wantExamDenominator: 81,
			wantTieRank: 1.5, // one group of 2 lines, 1 faulty: (2+1)/(1+1)
		},
		{
			name: "faulty line only with another line",
			cands: []localize.Candidate{
				{Locations: []localize.Location{loc(file, 12), loc(file, 79)}, Verified: true},
			},
			rank: []localize.RankedLine{{Position: localize.Position{File: file, Line: 12}, Rank: 2}, {Position: localize.Position{File: file, Line: 79}, Rank: 2}},
			loc:  false, fix: false, any: true, bestRank: 2, suspicious: 2, verified: 1, candidates: 1,
			wantExamNumerator: 2, wantExamDenominator: 81,
			wantTieRank: 1.5,
		},
		{
			name: "faulty lines only, not verified",
			cands: []localize.Candidate{
				{Locations: []localize.Location{loc(file, 75), loc(file, 79)}},
			},
			rank: []localize.RankedLine{{Position: localize.Position{File: file, Line: 75}, Rank: 2}, {Position: localize.Position{File: file, Line: 79}, Rank: 2}},
			loc:  true, fix: false, any: false, bestRank: 2, suspicious: 2, verified: 0, candidates: 1,
			wantExamNumerator: 2, wantExamDenominator: 81,
			wantTieRank: 1, // both lines faulty: (2+1)/(2+1)
		},
		{
			name: "faulty line in a later group",
			cands: []localize.Candidate{
				{Locations: []localize.Location{loc(file, 10)}, Verified: true},
				{Locations: []localize.Location{loc(file, 20)}, Verified: true},
				{Locations: []localize.Location{loc(file, 10), loc(file, 30)}, Verified: true},
				{Locations: []localize.Location{loc(file, 40)}},
				{Locations: []localize.Location{loc(file, 79)}},
			},
			rank: []localize.RankedLine{{Position: localize.Position{File: file, Line: 10}, Rank: 1}, {Position: localize.Position{File: file, Line: 20}, Rank: 2},
				{Position: localize.Position{File: file, Line: 30}, Rank: 3}, {Position: localize.Position{File: file, Line: 40}, Rank: 4}, {Position: localize.Position{File: file, Line: 79}, Rank: 5}},
			loc: true, fix: false, any: false, bestRank: 5, suspicious: 5, verified: 3, candidates: 5,
			wantExamNumerator: 5, wantExamDenominator: 81,
			wantTieRank: 3 + 1.5, // 10, 20, 30 first; then 40 and 79 in either order
		},
		{
			name: "same line number in another file",
			cands: []localize.Candidate{
				{Locations: []localize.Location{loc("/x/advisory.go", 75)}, Verified: true},
			},
			rank: []localize.RankedLine{{Position: localize.Position{File: "/x/advisory.go", Line: 75}, Rank: 1}},
			loc:  false, fix: false, any: false, bestRank: 0, suspicious: 1, verified: 1, candidates: 1,
			wantExamNumerator: 1 + 81.0/2, wantExamDenominator: 81,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runResult{Exec: 81}
			score(&r, &localize.Report{Candidates: tt.cands, Ranking: tt.rank}, file, faulty)
			if r.CorrectLoc != tt.loc || r.CorrectFix != tt.fix || r.AnyFaulty != tt.any {
				t.Errorf("loc/fix/any = %v/%v/%v, want %v/%v/%v", r.CorrectLoc, r.CorrectFix, r.AnyFaulty, tt.loc, tt.fix, tt.any)
			}
			if r.Rank != tt.bestRank || r.Suspicious != tt.suspicious || r.Verified != tt.verified || r.Candidates != tt.candidates {
				t.Errorf("rank %d, suspicious %d, verified %d of %d; want %d, %d, %d of %d",
					r.Rank, r.Suspicious, r.Verified, r.Candidates, tt.bestRank, tt.suspicious, tt.verified, tt.candidates)
			}
			if want := tt.wantExamNumerator / float64(tt.wantExamDenominator); math.Abs(r.Exam-want) > 1e-12 {
				t.Errorf("EXAM %v, want %v", r.Exam, want)
			}
			wantTie := r.Exam // unranked: the same fallback
			if tt.wantTieRank > 0 {
				wantTie = tt.wantTieRank / float64(tt.wantExamDenominator)
			}
			if math.Abs(r.RankTie-tt.wantTieRank) > 1e-12 || math.Abs(r.ExamTie-wantTie) > 1e-12 {
				t.Errorf("ties in random order: rank %v, EXAM %v; want %v, %v", r.RankTie, r.ExamTie, tt.wantTieRank, wantTie)
			}
		})
	}
}

// TestSampleIsDeterministic: the same seed and version give the same
// sample, in universe order; another version gives another one.
func TestSampleIsDeterministic(t *testing.T) {
	var pool []tcas.Test
	for i := range 100 {
		pool = append(pool, tcas.Test{Index: i})
	}
	idx := func(ts []tcas.Test) []int {
		var out []int
		for _, t := range ts {
			out = append(out, t.Index)
		}
		return out
	}
	a, b := idx(sample(pool, 5, 1, 7)), idx(sample(pool, 5, 1, 7))
	if !slices.Equal(a, b) || len(a) != 5 || !slices.IsSorted(a) {
		t.Errorf("samples %v and %v: want equal, sorted, of 5", a, b)
	}
	if c := idx(sample(pool, 5, 1, 8)); slices.Equal(a, c) {
		t.Errorf("versions 7 and 8 share the sample %v", a)
	}
	if got := sample(pool, 0, 1, 7); len(got) != 100 {
		t.Errorf("sample 0 kept %d tests, want all 100", len(got))
	}
	if got := sample(pool[:3], 5, 1, 7); len(got) != 3 {
		t.Errorf("sample 5 of 3 kept %d", len(got))
	}
}

func TestParseVersions(t *testing.T) {
	tests := []struct {
		in   string
		want []int
		err  bool
	}{
		{"1", []int{1}, false},
		{"1,5-7,5", []int{1, 5, 6, 7}, false},
		{"33", []int{33}, false},
		{"0", nil, true},
		{"40-42", nil, true},
		{"7-5", nil, true},
		{"x", nil, true},
	}
	for _, tt := range tests {
		got, err := parseVersions(tt.in)
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("parseVersions(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.err)
		}
	}
	all, err := parseVersions("")
	if err != nil || len(all) != tcas.NumVersions-2 || slices.Contains(all, 33) || slices.Contains(all, 38) {
		t.Errorf("default versions %v, %v: want 1..41 without 33 and 38", all, err)
	}
}

// TestReportGolden renders a report of made-up runs (the format, not
// measured figures): testdata/report.golden, rewritten by -update.
func TestReportGolden(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	o := options{Versions: []int{1, 2, 3}, Modes: []encode.Mode{encode.ATF, encode.PF}, Sel: selection{Sample: 2, Seed: 1},
		Timeout: time.Minute, MaxSize: 3, Jobs: 1, CSV: "bench/results/tcas.csv"}
	vers := []versionInfo{
		{N: 1, Kind: "operator", Faulty: []int{75}, Exec: 81, Pool: 131, Selected: 2, SpectraFailed: 131,
			Spectra: map[string]spectrumScore{"tarantula": {3, 3.0 / 81}, "ochiai": {4, 4.0 / 81}}},
		{N: 2, Kind: "operand", Faulty: []int{63}, Exec: 81, Pool: 69, Selected: 1, Skips: map[string]int{skipOOB: 3}, SpectraFailed: 72,
			Spectra: map[string]spectrumScore{"tarantula": {20, 20.0 / 81}, "ochiai": {18, 18.0 / 81}}},
		{N: 3, Kind: "logic op", Faulty: []int{120}, Exec: 81, Pool: 24, Selected: 1, SpectraFailed: 25,
			Spectra: map[string]spectrumScore{"tarantula": {0, exam(0, 0, 81)}, "ochiai": {0, exam(0, 0, 81)}}},
	}
	rs := []runResult{
		{Version: 1, Test: "t5", Mode: "agx", Candidates: 10, Verified: 10, Suspicious: 10, CorrectLoc: true, CorrectFix: true, AnyFaulty: true, Rank: 4, Exec: 81, Exam: 4.0 / 81, RankTie: 10.0, ExamTie: 10.0 / 81, Solve: ms(800), Total: ms(1000)},
		{Version: 1, Test: "t5", Mode: "pf", Candidates: 12, Verified: 12, Suspicious: 12, CorrectLoc: true, CorrectFix: true, AnyFaulty: true, Rank: 5, Exec: 81, Exam: 5.0 / 81, RankTie: 12.5, ExamTie: 12.5 / 81, Solve: ms(1000), Total: ms(2000)},
		{Version: 1, Test: "t9", Mode: "agx", Candidates: 8, Verified: 7, Suspicious: 8, CorrectLoc: true, CorrectFix: true, AnyFaulty: true, Rank: 2, Exec: 81, Exam: 2.0 / 81, RankTie: 5.0, ExamTie: 5.0 / 81, Solve: ms(600), Total: ms(700)},
		{Version: 1, Test: "t9", Mode: "pf", Partial: true, Reason: "context deadline exceeded", Candidates: 3, Verified: 3, Suspicious: 3, Exec: 81, Exam: exam(0, 3, 81), ExamTie: exam(0, 3, 81), Solve: ms(50000), Total: ms(60000)},
		{Version: 2, Test: "t1", Mode: "agx", Candidates: 5, Verified: 5, Suspicious: 5, CorrectLoc: true, CorrectFix: true, AnyFaulty: true, Rank: 1, Exec: 81, Exam: 1.0 / 81, RankTie: 2.5, ExamTie: 2.5 / 81, Solve: ms(300), Total: ms(400)},
		{Version: 2, Test: "t1", Mode: "pf", Candidates: 5, Verified: 5, Suspicious: 5, CorrectLoc: true, CorrectFix: true, AnyFaulty: true, Rank: 1, Exec: 81, Exam: 1.0 / 81, RankTie: 2.5, ExamTie: 2.5 / 81, Solve: ms(500), Total: ms(900)},
		{Version: 3, Test: "t2", Mode: "agx", Err: "localize: something failed", Exec: 81, Exam: exam(0, 0, 81), ExamTie: exam(0, 0, 81), Total: ms(10)},
	}
	var err error
	if o.Ties, err = parseTies("ochiai,failcount"); err != nil {
		t.Fatal(err)
	}
	for i := range rs {
		f := float64(i + 1)
		rs[i].Ties = []tieScore{{int(f), f / 81, f + 0.5, (f + 0.5) / 81}, {int(f) + 1, (f + 1) / 81, f + 2, (f + 2) / 81}}
	}
	env := environment{Command: "go run ./bench/tcas -sample 2 -modes agx,pf", Date: "2026-01-01 00:00 UTC", Machine: "linux/amd64, 2 CPUs, go1.26", Wall: 65 * time.Second}
	var buf bytes.Buffer
	if err := writeReport(&buf, env, o, vers, rs); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "report.golden")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got := buf.String(); got != string(want) {
		t.Errorf("report differs from %s (go test -update rewrites it):\n%s", path, got)
	}
	var csvBuf bytes.Buffer
	if err := writeCSV(&csvBuf, rs, o.Ties); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(csvBuf.String(), "\n"); n != len(rs)+1 {
		t.Errorf("CSV has %d lines, want %d", n, len(rs)+1)
	}
}

func TestCommandLine(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "go run ./bench/tcas"},
		{[]string{"-sample", "1", "-j", "2"}, "go run ./bench/tcas -sample 1 -j 2"},
		{[]string{"-csv", ""}, `go run ./bench/tcas -csv ""`},
		{[]string{"-o", "a b.md"}, `go run ./bench/tcas -o "a b.md"`},
	}
	for _, tt := range tests {
		if got := commandLine(tt.args); got != tt.want {
			t.Errorf("commandLine(%q) = %s, want %s", tt.args, got, tt.want)
		}
	}
}
