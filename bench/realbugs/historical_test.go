package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// TestBugs checks the shape of the historical bugs' data: complete rows,
// whole-line replacements that change something, a -run pattern that
// names test functions, an upstream commit (or the release before the
// fix), and enough bugs and libraries. Where the release is already in
// the module cache (after go run ./bench/realbugs -check, for one), it
// also checks that the fixed text occurs once in its file; nothing is
// downloaded.
func TestBugs(t *testing.T) {
	run := regexp.MustCompile(`^\^(\w+|\(\w+(\|\w+)*\))\$$`)
	hash := regexp.MustCompile(`^[0-9a-f]{40}$`)
	names := map[string]bool{}
	for _, s := range subjects { // -subjects names both
		names[s.name] = true
	}
	libs := map[string]bool{}
	cache := modCache()
	for _, b := range bugs {
		if names[b.name] {
			t.Errorf("%s: a second bug of this name", b.name)
		}
		names[b.name] = true
		libs[b.repo] = true
		path, version, ok := strings.Cut(b.module, "@")
		switch {
		case !ok || !strings.HasPrefix(version, "v") || !strings.HasPrefix(path, b.repo):
			t.Errorf("%s: module %q is not path@version of a module of %s", b.name, b.module, b.repo)
		case !strings.HasSuffix(b.file, ".go") || strings.HasSuffix(b.file, "_test.go"):
			t.Errorf("%s: file %q is not a non-test Go file", b.name, b.file)
		case b.fixed == "" || b.fixed == b.buggy:
			t.Errorf("%s: the replacement changes nothing", b.name)
		case !strings.HasSuffix(b.fixed, "\n") || b.buggy != "" && !strings.HasSuffix(b.buggy, "\n"):
			t.Errorf("%s: the replacement's texts are not whole lines", b.name)
		case !run.MatchString(b.run):
			t.Errorf("%s: -run %q is not ^Name$ or ^(Name|Name)$", b.name, b.run)
		case b.commit == "" && (!strings.HasPrefix(b.since, "v") || b.since == version):
			t.Errorf("%s: no commit, and since %q is not an earlier release", b.name, b.since)
		case b.commit != "" && (!hash.MatchString(b.commit) || b.since != ""):
			t.Errorf("%s: commit %q is not a full hash, or since is set with it", b.name, b.commit)
		case b.desc == "" || b.kind.String() == "unknown kind":
			t.Errorf("%s: description or kind missing", b.name)
		}
		if cache == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(cache, escapePath(path)+"@"+version, b.file))
		if err != nil {
			t.Logf("%s: %s is not in the module cache; the fixed text is not checked", b.name, b.module)
			continue
		}
		if n := strings.Count(string(src), b.fixed); n != 1 {
			t.Errorf("%s: the fixed text occurs %d times in %s, want once", b.name, n, b.file)
		}
	}
	if len(bugs) < 15 || len(libs) < 10 {
		t.Errorf("%d bugs of %d libraries, want at least 15 of 10", len(bugs), len(libs))
	}
}

// modCache is the module cache's directory, or "" when go cannot say.
func modCache() string {
	o, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(o))
}

// escapePath is a module path as the module cache spells it: an upper-case
// letter is ! and the letter in lower case.
func escapePath(p string) string {
	var sb strings.Builder
	for _, r := range p {
		if unicode.IsUpper(r) {
			sb.WriteByte('!')
			r = unicode.ToLower(r)
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

// TestFaultyLines checks which lines of a replacement are faulty: those
// of the buggy text that differ from the fixed text, not context and not
// lone braces, or the line where missing lines belong.
func TestFaultyLines(t *testing.T) {
	for _, c := range []struct {
		name         string
		fixed, buggy string
		want         []int
	}{
		{"one line", "\tif a > b {\n", "\tif a >= b {\n", []int{10}},
		{"context kept", "\tx := f()\n\tif a > b {\n\t\treturn\n", "\tx := f()\n\tif a >= b {\n\t\treturn\n", []int{11}},
		{"missing guard", "\tif a == nil {\n\t\treturn\n\t}\n", "", []int{10}},
		{"missing statement after context", "func f() {\n\tinit()\n", "func f() {\n", []int{11}},
		{"missing statement before context", "\tcheck()\n\treturn x\n", "\treturn x\n", []int{10}},
		{"braces left out", "\tif a {\n\t\tb()\n\t}\n", "\tif !a {\n\t\tc()\n\t}\n\n\treturn\n", []int{10, 11, 14}},
	} {
		if got := faultyLines(c.fixed, c.buggy, 10); !slices.Equal(got, c.want) {
			t.Errorf("%s: faultyLines = %v, want %v", c.name, got, c.want)
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

// TestLocalizeRun checks that faultloc's -run names the same cases as go
// test's: the test functions and their subtests.
func TestLocalizeRun(t *testing.T) {
	re := regexp.MustCompile(localizeRun("^(TestA|TestB)$"))
	for name, want := range map[string]bool{"TestA": true, "TestB/sub": true, "TestAB": false, "TestC": false, "TestA_x/y": false} {
		if re.MatchString(name) != want {
			t.Errorf("%s: matched %v, want %v", name, !want, want)
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
