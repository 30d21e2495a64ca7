package spectra

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/modfetch"
	"github.com/faultloc/faultloc/trace"
)

// The real package not written here: github.com/google/uuid, fetched
// through the module proxy (GOPROXY), copied out of the read-only module
// cache and given a fault: Parse drops two characters of a
// {Microsoft-style} UUID instead of the opening brace.
const (
	realModule  = "github.com/google/uuid@v1.6.0"
	realFile    = "uuid.go"
	realLine    = 83
	realCorrect = "s = s[1:]"
	realFaulty  = "s = s[2:]"
	realFlaky   = `^(TestVersion1|TestVersion6|TestVersion7.*|TestClockSeq.*|TestNodeAndTime)$`
)

// TestNativeRealPackage ranks the lines of a faulty copy of google/uuid by
// its own suite (about 190 cases), run natively: the fault must come out among the
// first ten of its 426 lines.
func TestNativeRealPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads a module and runs its suite")
	}
	dir := modfetch.Fetch(t, realModule)
	name := filepath.Join(dir, realFile)
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(src, []byte("\n"))
	if !strings.Contains(string(lines[realLine-1]), realCorrect) {
		t.Fatalf("%s:%d is %q, not the line to mutate", realFile, realLine, lines[realLine-1])
	}
	lines[realLine-1] = bytes.Replace(lines[realLine-1], []byte(realCorrect), []byte(realFaulty), 1)
	if err := os.WriteFile(name, bytes.Join(lines, []byte("\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	// Tests that compare clock readings fail now and then on a loaded
	// machine; their verdicts would move the ranking.
	g := &GoTest{Patterns: []string{"."}, Dir: dir, Skip: realFlaky}
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d cases (%d failing), %d elements; build %v, %v per case; skipped %v",
		m.NumTests(), m.Failed(), m.NumElements(), g.Stats.Build, g.Stats.PerCase(), g.Stats.Skipped)
	if m.NumTests() < 100 || m.Failed() == 0 || len(g.Stats.Lost) != 0 {
		t.Fatalf("%d cases, %d failing, lost %v", m.NumTests(), m.Failed(), g.Stats.Lost)
	}
	fault := Element{File: name, Line: realLine}
	for _, fname := range []string{"ochiai", "tarantula", "dstar"} {
		f, _ := Lookup(fname)
		r := m.Rank(f, nil)
		rank, ok := r.RankOf(fault)
		if !ok || rank > 10 {
			t.Errorf("%s: fault ranked %v of %d", fname, rank, len(r.Entries))
		}
	}
}

// levenshteinCases are the cases of github.com/agnivade/levenshtein's own
// TestSanity and TestUnicode tables.
var levenshteinCases = []struct {
	a, b string
	want int
}{
	{"", "hello", 5},
	{"hello", "", 5},
	{"hello", "hello", 0},
	{"ab", "aa", 1},
	{"ab", "ba", 2},
	{"ab", "aaa", 2},
	{"bbb", "a", 3},
	{"kitten", "sitting", 3},
	{"distance", "difference", 5},
	{"levenshtein", "frankenstein", 6},
	{"resume and cafe", "resumes and cafes", 2},
	{"a very long string that is meant to exceed", "another very long string that is meant to exceed", 6},
	{"resumé and café", "resumés and cafés", 2},
	{"resume and cafe", "resumé and café", 2},
	{"Hafþór Júlíus Björnsson", "Hafþor Julius Bjornsson", 4},
	{"།་གམ་འས་པ་་མ།", "།་གམའས་པ་་མ", 2},
}

// TestTraceMatchesNativeRealPackage runs the cases of a real package's
// suite (github.com/agnivade/levenshtein, fetched through the module proxy)
// natively, one generated TestXxx per case, and under the interpreter, and
// compares the lines each case executes. The one systematic difference is
// documented: break, continue and goto statements are SSA jumps without a
// position, so traces never show their lines.
func TestTraceMatchesNativeRealPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads a module and runs its cases")
	}
	dir := modfetch.Fetch(t, "github.com/agnivade/levenshtein@v1.2.1")
	// Its own test file imports two other modules to compare against;
	// the cases run from a generated file instead.
	os.Remove(filepath.Join(dir, "levenshtein_test.go"))
	os.Remove(filepath.Join(dir, "go.sum"))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module github.com/agnivade/levenshtein\n\ngo 1.21\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var gen strings.Builder
	gen.WriteString("package levenshtein\n\nimport \"testing\"\n")
	var tests []trace.Test
	p, err := trace.Load(context.Background(), &trace.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	fn := p.Func("github.com/agnivade/levenshtein", "ComputeDistance")
	for i, c := range levenshteinCases {
		name := fmt.Sprintf("TestCase%02d", i)
		fmt.Fprintf(&gen, "\nfunc %s(t *testing.T) {\n\tif got := ComputeDistance(%q, %q); got != %d {\n\t\tt.Errorf(\"got %%d\", got)\n\t}\n}\n", name, c.a, c.b, c.want)
		tests = append(tests, trace.Test{Name: name, Func: fn,
			Args: []trace.Value{trace.String(c.a), trace.String(c.b)}, Want: []trace.Value{trace.Int(int64(c.want))}})
	}
	if err := os.WriteFile(filepath.Join(dir, "cases_test.go"), []byte(gen.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	nm, err := Build(context.Background(), &GoTest{Patterns: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	tm, err := Build(context.Background(), &Traces{Program: p, Cases: p.TestCases(tests)})
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "levenshtein.go")
	jumps := branchLines(t, src)
	if nm.NumTests() != len(levenshteinCases) || tm.NumTests() != len(levenshteinCases) {
		t.Fatalf("%d native and %d traced cases, want %d", nm.NumTests(), tm.NumTests(), len(levenshteinCases))
	}
	sawJump := false
	for i := range tm.NumTests() {
		name := tm.Test(i).Name
		j, ok := nm.TestIndex(name)
		if !ok {
			t.Fatalf("no native case %s", name)
		}
		if tm.Test(i).Failed || nm.Test(j).Failed {
			t.Errorf("%s: trace %v, native %v", name, tm.Test(i).Verdict(), nm.Test(j).Verdict())
		}
		var got, want []int
		for _, e := range tm.Covered(nil, i) {
			got = append(got, tm.Element(e).Line)
		}
		for _, e := range nm.Covered(nil, j) {
			if l := nm.Element(e).Line; jumps[l] {
				sawJump = true
			} else {
				want = append(want, l)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: lines differ\ntrace  %v\nnative %v (break/continue/goto lines removed)", name, got, want)
		}
	}
	if !sawJump {
		t.Error("no case executed a break: the documented difference is not exercised")
	}
}

// branchLines returns the lines of file that hold break, continue, goto or
// fallthrough statements.
func branchLines(t *testing.T, file string) map[int]bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok {
			out[fset.Position(b.Pos()).Line] = true
		}
		return true
	})
	return out
}
