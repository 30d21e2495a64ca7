package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

func TestVerdict(t *testing.T) {
	tests := []struct {
		found, truth []string
		want         string
	}{
		{[]string{"c1"}, []string{"c1"}, "matched"},
		{[]string{"c1", "c2"}, []string{"c2"}, "superset"},
		{[]string{"c2"}, []string{"c1", "c2"}, "partial"},
		{[]string{"c3"}, []string{"c1"}, "missed"},
		{nil, []string{"c1"}, "missed"},
	}
	for _, tt := range tests {
		if got := verdict(tt.found, tt.truth); got != tt.want {
			t.Errorf("verdict(%v, %v) = %s, want %s", tt.found, tt.truth, got, tt.want)
		}
	}
}

// TestGroundTruth puts two bugs back into one file: each bug's truth is
// its own change, not the other's.
func TestGroundTruth(t *testing.T) {
	old := "package p\n\nfunc A(x int) bool {\n\treturn x > 0\n}\n\nfunc B(x int) int {\n\tif x < 0 {\n\t\treturn 0\n\t}\n\treturn x\n}\n"
	a := bug{File: "p.go", Fixed: "\treturn x > 0\n", Buggy: "\treturn x >= 0\n"}
	b := bug{File: "p.go", Fixed: "\tif x < 0 {\n\t\treturn 0\n\t}\n", Buggy: ""}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(old), 0o666); err != nil {
		t.Fatal(err)
	}
	nw := "package p\n\nfunc A(x int) bool {\n\treturn x >= 0\n}\n\nfunc B(x int) int {\n\treturn x\n}\n"
	set, err := changes.Diff(map[string][]byte{"p.go": []byte(old)}, map[string][]byte{"p.go": []byte(nw)})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		b    bug
		want []string
	}{{a, []string{"c1"}}, {b, []string{"c2"}}} {
		got, err := groundTruth(set, dir, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("truth of %q = %v, want %v", tt.b.Buggy, got, tt.want)
		}
	}
}
