package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFusionBug reads a kept bug (two failing cases' reports, relative
// file names, a line of a test file, native Ochiai's ranking beside
// them) and ranks its faulty line under the default and under floor 1.
func TestFusionBug(t *testing.T) {
	keep := t.TempDir()
	dir := filepath.Join(keep, "bug", "lib_fault")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(dir, "a.go")
	type line struct {
		File     string  `json:"file"`
		Line     int     `json:"line"`
		Rank     int     `json:"rank"`
		Evidence string  `json:"evidence"`
		Score    float64 `json:"score,omitempty"`
	}
	type rep struct {
		Name    string `json:"name"`
		Reason  string `json:"reason"`
		Ranking []line `json:"ranking"`
	}
	reps := []rep{
		// The fault, a.go:9, fifth: below a test file's line and three
		// slice lines that Ochiai puts below it.
		{"TestA", "", []line{{"a_test.go", 3, 1, "native spectrum", 1}, {"a.go", 1, 2, "slice", 0.5}, {"a.go", 2, 3, "slice", 0.4}, {"a.go", 3, 4, "slice", 0.3}, {"a.go", 9, 5, "spectrum", 0.2}}},
		{"TestB", "native evidence left out: the native evidence stage was not done", []line{{"a.go", 2, 1, "slice", 0.5}, {"a.go", 9, 7, "spectrum", 0.1}}},
	}
	och := keptOchiai{File: a, Lines: []int{9, 10}, Failing: []string{"TestA", "TestB"}, Entries: []keptOchiaiEntry{
		{a, 9, 0.9, 1, 2, 0}, {a, 10, 0.9, 2, 2, 0}, {a, 1, 0.2, 5, 2, 9}, {a, 2, 0.2, 5, 2, 9}, {a, 3, 0.2, 5, 2, 9},
	}}
	for name, v := range map[string]any{dir + ".json": reps, dir + ".ochiai.json": och} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	rules := []fusionRule{fusionRules[0], fusionRules[1], {"floor 1", floor(1)}}
	r := fusionBug(bug{Name: "lib/fault"}, keep, rules, true)
	if r.err != "" {
		t.Fatal(r.err)
	}
	// default: 5 (TestA); no tests: 4; floor 1: first after the
	// first line, which keeps its place (Ochiai rank 1 → position 1).
	if r.ochiai != 1 || r.ranks[0] != 5 || r.ranks[1] != 4 || r.ranks[2] != 2 {
		t.Errorf("ochiai %d, ranks %v; want 1, [5 4 2]", r.ochiai, r.ranks)
	}
	if !r.partial {
		t.Error("TestB's native evidence was left out, but the bug is not marked")
	}
	if !strings.Contains(r.ahead, "a.go:3") {
		t.Errorf("-ahead does not list a.go:3, above the fault:\n%s", r.ahead)
	}
	var b strings.Builder
	writeFusion(&b, []fusionResult{r}, rules)
	if !strings.Contains(b.String(), "| lib/fault | not whole | 1 | 5 | 4 | 2 |") {
		t.Errorf("table row missing:\n%s", b.String())
	}
}
