package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRowsOf reads faultloc's JSON for the seeded line: the first
// one-line candidate on it, verified or not, a fix on it, and a search cut
// short.
func TestRowsOf(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.go")
	if err := os.WriteFile(path, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	js := `[
	{"name": "TestA", "candidates": [
		{"locations": [{"file": "` + path + `", "line": 3}], "verified": true},
		{"locations": [{"file": "` + path + `", "line": 7}, {"file": "` + path + `", "line": 9}], "verified": true},
		{"locations": [{"file": "` + path + `", "line": 7}], "verified": false}
	], "fixes": [{"file": "` + path + `", "line": 7}], "stats": {"totalNanos": 1000}},
	{"name": "TestB", "candidates": [], "partial": true, "reason": "timeout | late", "fixes": [{"file": "` + path + `", "line": 8}]}
]`
	var reps []report
	if err := json.Unmarshal([]byte(js), &reps); err != nil {
		t.Fatal(err)
	}
	got := rowsOf(reps, path, 7)
	want := []row{
		{name: "TestA", verified: 2, all: 3, seeded: "3 (not verified)", fixed: true, ended: "complete", time: 1000},
		{name: "TestB", seeded: "-", ended: "timeout / late"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("rowsOf = %+v\nwant %+v", got, want)
	}
}

// TestSubjects checks the table: names are unique and every subject seeds
// a change.
func TestSubjects(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range subjects {
		if seen[s.name] || s.old == s.new || s.old == "" || s.module == "" || s.run == "" || s.maxSize < 1 {
			t.Errorf("subject %+v: duplicate or incomplete", s.name)
		}
		seen[s.name] = true
	}
}
