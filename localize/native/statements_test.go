package native

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestStatements: a ranked line that continues a statement begun on an
// earlier line is named by the statement's first line; a statement's
// first line, a verified candidate's line and a line in no function
// (package data) keep theirs.
func TestStatements(t *testing.T) {
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/statements"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs("testdata/statements/lines.go")
	if err != nil {
		t.Fatal(err)
	}
	n := &Run{files: map[string][]string{}}
	n.graph = newCallGraph(prog, n.files)
	rl := func(line int, ev localize.Evidence) localize.RankedLine {
		return localize.RankedLine{Position: localize.Position{File: file, Line: line}, Rank: 1, Evidence: ev}
	}
	for _, tc := range []struct {
		line int
		ev   localize.Evidence
		want int
	}{
		{15, localize.EvidenceSpectrum, 14}, // a field of the literal q := pair{...}
		{16, localize.EvidenceSlice, 14},
		{14, localize.EvidenceSpectrum, 14}, // the statement's first line
		{18, localize.EvidenceSpectrum, 18}, // a one-line statement
		{15, localize.EvidenceVerified, 15}, // a verified candidate's place
		{8, EvidencePackageData, 8},         // an initializer's entry: in no function
	} {
		got := n.statements([]localize.RankedLine{rl(tc.line, tc.ev)})
		if got[0].Line != tc.want {
			t.Errorf("line %d (%s) ranked as line %d, want %d", tc.line, tc.ev, got[0].Line, tc.want)
		}
	}
}
