package main

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFindTargets checks that the command finds the module's fuzz
// targets, and that each has its seed corpus committed, so that go test
// replays it.
func TestFindTargets(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	targets, err := findTargets(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tg := range targets {
		names = append(names, tg.String())
		seeds, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(tg.Dir), "testdata", "fuzz", tg.Func))
		if err != nil || len(seeds) == 0 {
			t.Errorf("%s has no seed corpus in testdata/fuzz/%s (%v)", tg, tg.Func, err)
		}
	}
	for _, want := range []string{"maxsat.FuzzWCNF", "localize.FuzzReportJSON", "slicing.FuzzDDMin", "slicing.FuzzDD", "internal/testmatch.FuzzMatch"} {
		if !slices.Contains(names, want) {
			t.Errorf("targets %v lack %s", names, want)
		}
	}
}

// TestIsFuzzTarget checks the rule by which go test recognizes a fuzz
// target.
func TestIsFuzzTarget(t *testing.T) {
	for _, tt := range []struct {
		decl string
		want bool
	}{
		{"func FuzzX(f *testing.F) {}", true},
		{"func Fuzz(f *testing.F) {}", true},
		{"func Fuzz_x(f *testing.F) {}", true},
		{"func Fuzzy(f *testing.F) {}", false},
		{"func FuzzX(t *testing.T) {}", false},
		{"func FuzzX(f testing.F) {}", false},
		{"func FuzzX(f *testing.F) error { return nil }", false},
		{"func FuzzX(f *testing.F, n int) {}", false},
		{"func (r R) FuzzX(f *testing.F) {}", false},
		{"func FuzzX[T any](f *testing.F) {}", false},
		{"func TestX(f *testing.F) {}", false},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x_test.go", "package x\n"+tt.decl, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := isFuzzTarget(f.Decls[0].(*ast.FuncDecl)); got != tt.want {
			t.Errorf("isFuzzTarget(%s) = %v, want %v", tt.decl, got, tt.want)
		}
	}
}

func TestGoTestArgs(t *testing.T) {
	tg := target{Dir: "internal/testmatch", Func: "FuzzMatch"}
	for _, tt := range []struct {
		parallel int
		want     string
	}{
		{0, "test -run ^$ -fuzz ^FuzzMatch$ -fuzztime 10m ./internal/testmatch"},
		{1, "test -run ^$ -fuzz ^FuzzMatch$ -fuzztime 10m -parallel 1 ./internal/testmatch"},
	} {
		if got := strings.Join(tg.goTestArgs("10m", tt.parallel), " "); got != tt.want {
			t.Errorf("parallel %d: go %s, want go %s", tt.parallel, got, tt.want)
		}
	}
}

// TestParseOutput reads the counts of go test's last progress line and
// the failing input of a failure.
func TestParseOutput(t *testing.T) {
	pass := `fuzz: elapsed: 0s, gathering baseline coverage: 0/12 completed
fuzz: elapsed: 0s, gathering baseline coverage: 12/12 completed, now fuzzing with 2 workers
fuzz: elapsed: 3s, execs: 42272 (14090/sec), new interesting: 74 (total: 86)
fuzz: elapsed: 2m0s, execs: 1995317 (24710/sec), new interesting: 200 (total: 212)
PASS
ok  	github.com/faultloc/faultloc/maxsat	120.623s
`
	fail := `fuzz: elapsed: 3s, execs: 5300 (1766/sec), new interesting: 3 (total: 15)
--- FAIL: FuzzWCNF (3.41s)
    --- FAIL: FuzzWCNF (0.00s)
        wcnf_test.go:120: literal -9223372036854775808 out of range (NumVars 0)

    Failing input written to testdata/fuzz/FuzzWCNF/5a7f0e33e2bc1d6b
    To re-run:
    go test -run=FuzzWCNF/5a7f0e33e2bc1d6b
FAIL
`
	for _, tt := range []struct {
		out                   string
		execs, new, failInput string
	}{
		{pass, "1995317", "200", ""},
		{fail, "5300", "3", "testdata/fuzz/FuzzWCNF/5a7f0e33e2bc1d6b"},
		{"build failed\n", "", "", ""},
	} {
		r := parseOutput(tt.out)
		if r.execs != tt.execs || r.new != tt.new || r.failInput != tt.failInput {
			t.Errorf("parseOutput: execs %q, new %q, failing input %q; want %q, %q, %q", r.execs, r.new, r.failInput, tt.execs, tt.new, tt.failInput)
		}
	}
}

// TestList: -list prints the targets, -run selects among them.
func TestList(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-list", "-run", `^slicing\.`}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if got := out.String(); got != "slicing.FuzzDDMin\nslicing.FuzzDD\n" {
		t.Errorf("-list -run ^slicing. printed\n%s", got)
	}
	if code := run(context.Background(), []string{"-run", "("}, &out, &errb); code != 2 {
		t.Errorf("-run (: exit %d, want 2", code)
	}
}
