package historical

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
	libs := map[string]bool{}
	cache := modCache()
	for _, b := range Bugs {
		if names[b.Name] {
			t.Errorf("%s: a second bug of this name", b.Name)
		}
		names[b.Name] = true
		libs[b.Repo] = true
		path, version, ok := strings.Cut(b.Module, "@")
		switch {
		case !ok || !strings.HasPrefix(version, "v") || !strings.HasPrefix(path, b.Repo):
			t.Errorf("%s: module %q is not path@version of a module of %s", b.Name, b.Module, b.Repo)
		case !strings.HasSuffix(b.File, ".go") || strings.HasSuffix(b.File, "_test.go"):
			t.Errorf("%s: file %q is not a non-test Go file", b.Name, b.File)
		case b.Fixed == "" || b.Fixed == b.Buggy:
			t.Errorf("%s: the replacement changes nothing", b.Name)
		case !strings.HasSuffix(b.Fixed, "\n") || b.Buggy != "" && !strings.HasSuffix(b.Buggy, "\n"):
			t.Errorf("%s: the replacement's texts are not whole lines", b.Name)
		case !run.MatchString(b.Run):
			t.Errorf("%s: -run %q is not ^Name$ or ^(Name|Name)$", b.Name, b.Run)
		case b.Commit == "" && (!strings.HasPrefix(b.Since, "v") || b.Since == version):
			t.Errorf("%s: no commit, and since %q is not an earlier release", b.Name, b.Since)
		case b.Commit != "" && (!hash.MatchString(b.Commit) || b.Since != ""):
			t.Errorf("%s: commit %q is not a full hash, or since is set with it", b.Name, b.Commit)
		case b.Desc == "" || b.Kind.String() == "unknown kind":
			t.Errorf("%s: description or kind missing", b.Name)
		}
		if cache == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(cache, escapePath(path)+"@"+version, b.File))
		if err != nil {
			t.Logf("%s: %s is not in the module cache; the fixed text is not checked", b.Name, b.Module)
			continue
		}
		if n := strings.Count(string(src), b.Fixed); n != 1 {
			t.Errorf("%s: the fixed text occurs %d times in %s, want once", b.Name, n, b.File)
		}
	}
	if len(Bugs) < 50 || len(libs) < 20 {
		t.Errorf("%d bugs of %d libraries, want at least 50 of 20", len(Bugs), len(libs))
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
		if got := FaultyLines(c.fixed, c.buggy, 10); !slices.Equal(got, c.want) {
			t.Errorf("%s: faultyLines = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLocalizeRun checks that faultloc's -run names the same cases as go
// test's: the test functions and their subtests.
func TestLocalizeRun(t *testing.T) {
	re := regexp.MustCompile(LocalizeRun("^(TestA|TestB)$"))
	for name, want := range map[string]bool{"TestA": true, "TestB/sub": true, "TestAB": false, "TestC": false, "TestA_x/y": false} {
		if re.MatchString(name) != want {
			t.Errorf("%s: matched %v, want %v", name, !want, want)
		}
	}
}

// TestBlockOpening checks the line a statement missing at a block's end
// is placed at: the block's opening line when the line only closes a
// block, else the line itself.
func TestBlockOpening(t *testing.T) {
	src := "package p\n\nfunc f(a int) int {\n\tif a > 0 {\n\t\ta++\n\t}\n\tfor a > 9 {\n\t\tif a > 99 {\n\t\t\ta--\n\t\t}\n\t}\n\treturn a\n}\n"
	for _, c := range []struct{ line, want int }{
		{6, 4},   // closes the if
		{10, 8},  // the inner if, not the for
		{11, 7},  // the for
		{13, 3},  // the func
		{5, 5},   // a statement
		{2, 2},   // an empty line closes nothing
		{99, 99}, // past the end
	} {
		if got := BlockOpening(src, c.line); got != c.want {
			t.Errorf("line %d: BlockOpening = %d, want %d", c.line, got, c.want)
		}
	}
	if got := BlockOpening("package p\n\nfunc f() {\n\t}\n}\n", 4); got != 4 {
		t.Errorf("unparsable source: BlockOpening = %d, want the line itself", got)
	}
}

// TestStatementLines checks the statement lines added to faulty lines: a
// later line of a statement written over several lines, and an
// "} else {", add the line of the innermost statement holding them; a
// statement's own line, a comment and a package-level table's entry
// add nothing.
func TestStatementLines(t *testing.T) {
	src := "package p\n\nvar table = []int{\n\t1,\n}\n\nfunc f(a int) int {\n\tif a > 0 {\n\t\tg(&T{\n\t\t\tX: a,\n\t\t})\n\t} else {\n\t\t// none\n\t\ta++\n\t}\n\treturn a\n}\n"
	for _, c := range []struct {
		lines, want []int
	}{
		{[]int{10}, []int{9, 10}},      // X: a, inside g(...): the call's line
		{[]int{12}, []int{8, 12}},      // } else {: the if's line
		{[]int{9, 10}, []int{9, 10}},   // the call's line is already there
		{[]int{14, 16}, []int{14, 16}}, // statements' own lines
		{[]int{13}, []int{13}},         // a comment
		{[]int{4}, []int{4}},           // a table's entry
	} {
		if got := StatementLines(src, c.lines); !slices.Equal(got, c.want) {
			t.Errorf("StatementLines(%v) = %v, want %v", c.lines, got, c.want)
		}
	}
	if got := StatementLines("package p\n\nfunc f() {\n", []int{3}); !slices.Equal(got, []int{3}) {
		t.Errorf("unparsable source: StatementLines = %v, want the lines themselves", got)
	}
}
