package localize

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestWriteTextRelative checks that WriteText makes file names relative to
// dir whether dir is absolute, relative to the working directory, or empty
// (names stay absolute).
func TestWriteTextRelative(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(wd, "testdata", "x.go")
	rep := &Report{Test: "T", Mode: "agx", Failure: "f", Candidates: []Candidate{{
		Locations: []Location{{Position: Position{File: file, Line: 3}, Text: "x := 1"}},
		Angelic:   []AngelicValue{{Position: Position{File: file, Line: 3}, Value: "2"}},
		Verified:  true,
	}}}
	tests := []struct{ dir, want string }{
		{"", file + ":3:"},
		{".", filepath.Join("testdata", "x.go") + ":3:"},
		{wd, filepath.Join("testdata", "x.go") + ":3:"},
		{"testdata", "x.go:3:"},
	}
	for _, tt := range tests {
		var b strings.Builder
		rep.Output.Dir = tt.dir
		if err := rep.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(b.String(), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[1], tt.want+" candidate 1 (verified, size 1): x := 1 [angelic: 2]") {
			t.Errorf("WriteText(dir %q) =\n%s\nwant second line to start with %q", tt.dir, b.String(), tt.want)
		}
	}
}

// TestJSONEmptyRanking: a report without candidates, reranked as every
// report is before it is returned, writes "ranking": [] (not null), as
// "candidates": [].
func TestJSONEmptyRanking(t *testing.T) {
	rep := &Report{Test: "T", Mode: "agx", Candidates: []Candidate{}, Partial: true, Reason: "timeout"}
	rep.Rerank(nil)
	var b strings.Builder
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"candidates": []`, `"ranking": []`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b.String())
		}
	}
}

// TestWrittenValuesBounded: a candidate with an angelic value and a
// decision per iteration of a long loop is written with at most
// MaxWritten of each in JSON, which counts the rest, and MaxTextValues
// values in text; a small candidate is written whole and reads back the
// same.
func TestWrittenValuesBounded(t *testing.T) {
	long := func(n int) Candidate {
		c := Candidate{Locations: []Location{{Position: Position{File: "x.go", Line: 3}, Text: "s += i"}}, Verified: true}
		for i := range n {
			c.Angelic = append(c.Angelic, AngelicValue{Position: Position{File: "x.go", Line: 3}, Occurrence: i, Value: strconv.Itoa(i), Orig: strconv.Itoa(i)})
			c.Path = append(c.Path, Decision{Position: Position{File: "x.go", Line: 2}, Taken: true})
		}
		return c
	}
	tests := []struct {
		n                    int
		angelic, omitted     int
		textValues, textMore string
	}{
		{n: 3, angelic: 3, omitted: 0, textValues: "[angelic: 0, 1, 2]"},
		{n: MaxWritten, angelic: MaxWritten, omitted: 0, textMore: fmt.Sprintf("… (%d more)]", MaxWritten-MaxTextValues)},
		{n: MaxWritten + 5, angelic: MaxWritten, omitted: 5, textMore: fmt.Sprintf("… (%d more)]", MaxWritten+5-MaxTextValues)},
	}
	for _, tt := range tests {
		rep := &Report{Test: "T", Mode: "agx", Candidates: []Candidate{long(tt.n)}}
		var b strings.Builder
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		var back Report
		if err := json.Unmarshal([]byte(b.String()), &back); err != nil {
			t.Fatal(err)
		}
		c := back.Candidates[0]
		if len(c.Angelic) != tt.angelic || c.AngelicOmitted != tt.omitted || len(c.Path) != tt.angelic || c.PathOmitted != tt.omitted {
			t.Errorf("n=%d: JSON has %d angelic values (%d omitted) and %d decisions (%d omitted), want %d (%d)", tt.n, len(c.Angelic), c.AngelicOmitted, len(c.Path), c.PathOmitted, tt.angelic, tt.omitted)
		}
		if tt.omitted == 0 && !reflect.DeepEqual(c, rep.Candidates[0]) {
			t.Errorf("n=%d: the candidate does not read back the same", tt.n)
		}
		b.Reset()
		if err := rep.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if tt.textValues != "" && !strings.Contains(text, tt.textValues) {
			t.Errorf("n=%d: text lacks %q:\n%s", tt.n, tt.textValues, text)
		}
		_, vals, _ := strings.Cut(text, "[angelic: ")
		if tt.textMore != "" && (!strings.Contains(text, tt.textMore) || strings.Count(vals, ", ") != MaxTextValues) {
			t.Errorf("n=%d: text does not show %d values then %q:\n%s", tt.n, MaxTextValues, tt.textMore, text)
		}
	}
}

// TestMoveToFront: the lines moved come first in the order given, each
// its own rank, with their own evidence; the others keep their order,
// and a tie that loses a line to the front still shares its worst
// position.
func TestMoveToFront(t *testing.T) {
	at := func(line, rank int, ev Evidence) RankedLine {
		return RankedLine{Position: Position{File: "a.go", Line: line}, Rank: rank, Evidence: ev}
	}
	// Lines 1 and 2 tie at 2, lines 3, 4 and 5 at 5, line 6 alone.
	rs := []RankedLine{at(1, 2, EvidenceSlice), at(2, 2, EvidenceSlice), at(3, 5, EvidenceSpectrum), at(4, 5, EvidenceSpectrum), at(5, 5, EvidenceSpectrum), at(6, 6, EvidenceSpectrum)}
	type line struct {
		line, rank int
		ev         Evidence
	}
	tests := []struct {
		name  string
		front []RankedLine
		want  []line
	}{
		{"nothing moved", nil, []line{{1, 2, EvidenceSlice}, {2, 2, EvidenceSlice}, {3, 5, EvidenceSpectrum}, {4, 5, EvidenceSpectrum}, {5, 5, EvidenceSpectrum}, {6, 6, EvidenceSpectrum}}},
		{"one out of a tie", []RankedLine{at(4, 9, EvidenceMutation)},
			[]line{{4, 1, EvidenceMutation}, {1, 3, EvidenceSlice}, {2, 3, EvidenceSlice}, {3, 5, EvidenceSpectrum}, {5, 5, EvidenceSpectrum}, {6, 6, EvidenceSpectrum}}},
		{"two evidences, in the order given", []RankedLine{at(6, 1, EvidenceVerified), at(1, 1, EvidenceMutation)},
			[]line{{6, 1, EvidenceVerified}, {1, 2, EvidenceMutation}, {2, 3, EvidenceSlice}, {3, 6, EvidenceSpectrum}, {4, 6, EvidenceSpectrum}, {5, 6, EvidenceSpectrum}}},
		{"a line the ranking lacks", []RankedLine{at(7, 0, EvidenceMutation)},
			[]line{{7, 1, EvidenceMutation}, {1, 3, EvidenceSlice}, {2, 3, EvidenceSlice}, {3, 6, EvidenceSpectrum}, {4, 6, EvidenceSpectrum}, {5, 6, EvidenceSpectrum}, {6, 7, EvidenceSpectrum}}},
	}
	for _, tt := range tests {
		var got []line
		for _, rl := range MoveToFront(rs, tt.front) {
			got = append(got, line{rl.Line, rl.Rank, rl.Evidence})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	if rs[0].Rank != 2 {
		t.Errorf("MoveToFront changed its argument: %+v", rs[0])
	}
}

func TestJoinReason(t *testing.T) {
	for _, tc := range []struct{ reason, msg, want string }{
		{"", "", ""},
		{"", "cut", "cut"},
		{"cut", "", "cut"},
		{"cut", "partial", "cut; partial"},
	} {
		if got := JoinReason(tc.reason, tc.msg); got != tc.want {
			t.Errorf("JoinReason(%q, %q) = %q, want %q", tc.reason, tc.msg, got, tc.want)
		}
	}
}

// TestMutantEdit: a replacement reads "orig -> repl", a deletion
// "delete orig".
func TestMutantEdit(t *testing.T) {
	for _, tc := range []struct {
		m    MutantResult
		want string
	}{
		{MutantResult{Op: "ROR", Orig: "a > b", Repl: "a >= b"}, "a > b -> a >= b"},
		{MutantResult{Op: "ANG", Orig: "s", Repl: `""`}, `s -> ""`},
		{MutantResult{Op: "SDL", Orig: "n += k"}, "delete n += k"},
	} {
		if got := tc.m.Edit(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.m, got, tc.want)
		}
	}
}
