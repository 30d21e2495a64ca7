package localize

import (
	"os"
	"path/filepath"
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
