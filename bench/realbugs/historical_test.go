package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestNames checks that no seeded subject has a historical bug's name:
// -subjects names both.
func TestNames(t *testing.T) {
	names := map[string]bool{}
	for _, s := range subjects {
		names[s.name] = true
	}
	for _, b := range bugs {
		if names[b.Name] {
			t.Errorf("%s: a seeded subject and a historical bug of this name", b.Name)
		}
	}
}

// TestPlaceFault reads a report's ranking for the first faulty line: its
// rank (ties at their worst position, as the report gives them) and the
// evidence that placed it, relative paths read from faultloc's directory.
func TestPlaceFault(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.go")
	other := filepath.Join(dir, "b.go")
	for _, p := range []string{path, other} {
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	type ranked = struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Rank     int    `json:"rank"`
		Evidence string `json:"evidence"`
	}
	rep := report{Ranking: []ranked{
		{path, 3, 1, "verified candidate"},
		{other, 7, 3, "verified candidate"}, {path, 9, 3, "verified candidate"},
		{path, 20, 5, "slice"}, {"a.go", 7, 5, "slice"},
		{"a.go", 11, 6, ""},
		{path, 8, 7, "candidate"},
	}}
	for _, c := range []struct {
		lines    []int
		rank     int
		evidence string
	}{
		{[]int{3}, 1, "verified candidate"},
		{[]int{9, 8}, 3, "verified candidate"},
		{[]int{7}, 5, "slice"},
		{[]int{11}, 6, "ranking"},
		{[]int{8}, 7, "unverified candidate"},
		{[]int{5}, 0, "-"},
	} {
		if rank, ev := placeFault(rep, dir, path, c.lines); rank != c.rank || ev != c.evidence {
			t.Errorf("lines %v: placeFault = %d, %q; want %d, %q", c.lines, rank, ev, c.rank, c.evidence)
		}
	}
}

// TestExecutableLines counts statement lines and initialized
// package-level variables, not test files.
func TestExecutableLines(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nvar x = 1\nvar y int\n\nfunc f(a int) int {\n\tif a > 0 {\n\t\ta++\n\t}\n\treturn a + x + y\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nvar z = f(1)\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if got := executableLines(dir, dir); got != 4 { // var x, if, a++, return
		t.Errorf("executableLines = %d, want 4", got)
	}
}

// TestMedian: the middle value, or the mean of the two middle ones.
func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []time.Duration
		want time.Duration
	}{
		{[]time.Duration{3}, 3},
		{[]time.Duration{5, 1, 3}, 3},
		{[]time.Duration{4, 1, 3, 2}, 2}, // (2+3)/2 in integer nanoseconds
		{[]time.Duration{10, 2, 8, 4}, 6},
	} {
		if got := median(slices.Clone(tt.in)); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
