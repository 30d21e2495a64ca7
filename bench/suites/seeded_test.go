package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/mutate"
)

// subjectMutants builds the mutants of every line of testdata/seeded's
// Clamp, a module of its own with no dependency.
func subjectMutants(t *testing.T) (string, []mutate.Mutant) {
	t.Helper()
	dir, err := filepath.Abs("testdata/seeded")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "clamp.go")
	var targets []mutate.Target
	for l := 5; l <= 12; l++ {
		targets = append(targets, mutate.Target{File: file, Line: l})
	}
	s, err := mutate.Build(context.Background(), &mutate.Config{Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}, []string{"."}, targets)
	if err != nil {
		t.Fatal(err)
	}
	return file, s.Mutants
}

func TestOrderMutants(t *testing.T) {
	file, ms := subjectMutants(t)
	got := orderMutants(ms)
	if len(got) == 0 {
		t.Fatal("no mutant of Clamp")
	}
	rev := slices.Clone(ms)
	slices.Reverse(rev)
	if again := orderMutants(rev); !slices.Equal(again, got) {
		t.Errorf("the order depends on the input's:\n%v\n%v", got, again)
	}
	ops := map[mutate.Op]bool{}
	for _, m := range got {
		if !slices.Contains(seededOps, m.Op) {
			t.Errorf("%v: operator %s is not a seeded one", m, m.Op)
		}
		ops[m.Op] = true
	}
	for _, op := range []mutate.Op{mutate.ROR, mutate.LCR, mutate.AOR, mutate.CRP, mutate.NEG} {
		if !ops[op] {
			t.Errorf("no %s mutant of Clamp", op)
		}
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range got {
		mut, err := applyMutant(src, m)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		line := strings.Split(string(mut), "\n")[m.Line-1]
		if !strings.Contains(line, m.Repl) {
			t.Errorf("%v: line %d is %q after the mutant", m, m.Line, line)
		}
	}
}

func TestMutantName(t *testing.T) {
	tests := []struct {
		m    mutate.Mutant
		want string
	}{
		{mutate.Mutant{Line: 3, Column: 7, Orig: "a == b", Repl: "a != b", Op: "ROR"}, "x/a.go:3:7: a == b -> a != b (ROR)"},
		{mutate.Mutant{Line: 9, Column: 2, Orig: "(p == \"/\") ||\n\t\t(len(p) > 1 &&\n\t\tok)", Repl: "(p == \"/\") &&\n\t\t(len(p) > 1 &&\n\t\tok)", Op: "LCR"},
			`x/a.go:9:2: (p == "/") || (len(p) > 1 && ok) -> (p == "/") && (len(p) > 1 && ok) (LCR)`},
	}
	for _, tt := range tests {
		if got := mutantName("x/a.go", tt.m); got != tt.want {
			t.Errorf("mutantName(%+v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

func TestApplyMutant(t *testing.T) {
	src := []byte("package p\n\nfunc f(x int) bool { return x < 3 }\n")
	tests := []struct {
		m       mutate.Mutant
		want    string
		wantErr bool
	}{
		{mutate.Mutant{Line: 3, Column: 31, Orig: "x < 3", Repl: "x <= 3"}, "package p\n\nfunc f(x int) bool { return x <= 3 }\n", false},
		{mutate.Mutant{Line: 3, Column: 33, Orig: "3", Repl: "4"}, "package p\n\nfunc f(x int) bool { return x < 4 }\n", false},
		{mutate.Mutant{Line: 3, Column: 31, Orig: "x > 3", Repl: "x < 3"}, "", true},
		{mutate.Mutant{Line: 9, Column: 1, Orig: "x", Repl: "y"}, "", true},
		{mutate.Mutant{Line: 1, Column: 0, Orig: "p", Repl: "q"}, "", true},
	}
	for _, tt := range tests {
		got, err := applyMutant(src, tt.m)
		if (err != nil) != tt.wantErr || string(got) != tt.want {
			t.Errorf("applyMutant(%v) = %q, %v; want %q, error %v", tt.m, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestRunPattern(t *testing.T) {
	tests := []struct {
		cases []string
		want  string
	}{
		{[]string{"TestA"}, "^(TestA)$"},
		{[]string{"TestA/x", "TestA/y", "TestB"}, "^(TestA|TestB)$"},
		{[]string{"ExampleT_M"}, "^(ExampleT_M)$"},
	}
	for _, tt := range tests {
		if got := runPattern(tt.cases); got != tt.want {
			t.Errorf("runPattern(%q) = %q, want %q", tt.cases, got, tt.want)
		}
	}
}

func TestScoreCases(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	out := `[{"name":"TestA","reason":"","ranking":[{"file":"b.go","line":4,"rank":1},{"file":"a.go","line":7,"rank":2}]},
	{"name":"TestB/x","mode":"native","reason":"ranked by the native run alone: the interpreter stopped","ranking":[{"file":"a.go","line":7,"rank":5}]},
	{"name":"TestC","mode":"native","reason":"ranked by the native run alone: x","ranking":[]}]`
	got := scoreCases([]string{"TestA", "TestB/x", "TestC", "TestD"}, []byte(out), "faultloc localize: exit 1", dir, file, 7)
	want := []seededCase{
		{Name: "TestA", Ranked: true, Rank: 2},
		{Name: "TestB/x", Ranked: true, NativeOnly: true, Rank: 5},
		{Name: "TestC", Err: "a report with an empty ranking: ranked by the native run alone: x"},
		{Name: "TestD", Err: "faultloc localize: exit 1"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("scoreCases:\n got %+v\nwant %+v", got, want)
	}
	got = scoreCases([]string{"TestA"}, []byte("not json"), "", dir, file, 7)
	if len(got) != 1 || got[0].Ranked || !strings.Contains(got[0].Err, "not JSON") {
		t.Errorf("scoreCases of output that is not JSON = %+v", got)
	}
}

func TestSeededTally(t *testing.T) {
	ms := []seededMutant{
		{Cases: []seededCase{{Ranked: true, Rank: 1}, {Ranked: true, NativeOnly: true, Rank: 4}}, Ochiai: 2},
		{Cases: []seededCase{{Ranked: true, Rank: 7}}, Ochiai: 3},
		{Cases: []seededCase{{Err: "x"}}, Ochiai: 0},
		{Cases: []seededCase{{Ranked: true, NativeOnly: true}}, Ochiai: 0},
	}
	var got seededTally
	got.add(ms)
	want := seededTally{mutants: 4, cases: 5, ranked: 4, nativeOnly: 2, top: [4]int{1, 1, 1, 2}, atLeastOchiai: 1}
	if got != want {
		t.Errorf("tally = %+v, want %+v", got, want)
	}
}

// TestFaultlocError: why faultloc stopped, with how it exited; a crash
// of its own (a runtime panic after its progress lines) is named as one,
// not hidden behind its last progress line.
func TestFaultlocError(t *testing.T) {
	exit1 := errors.New("exit status 1")
	exit2 := errors.New("exit status 2")
	tests := []struct {
		stdout, stderr string
		err            error
		want           string
	}{
		{"", "faultloc localize: TestA: 1 candidates in 2s\nfaultloc localize: none of the 1 selected cases ran\n", exit1, "faultloc localize: none of the 1 selected cases ran (exit status 1)"},
		{"", "progress\nfaultloc localize: stopped\nsomething else\n", exit1, "faultloc localize: stopped (exit status 1)"},
		{"", "panic: boom\n", exit1, "panic: boom (exit status 1)"},
		{"", "", exit1, "exit status 1"},
		{"[\n", "faultloc localize: TestA: 1 candidates (0 verified) in 13s\nfatal error: concurrent map writes\n\ngoroutine 7 [running]:\nmain.main()\n", exit2, "faultloc crashed: fatal error: concurrent map writes (exit status 2)"},
	}
	for _, tt := range tests {
		if got := faultlocError([]byte(tt.stdout), []byte(tt.stderr), tt.err); got != tt.want {
			t.Errorf("faultlocError(%q, %q) = %q, want %q", tt.stdout, tt.stderr, got, tt.want)
		}
	}
}

// TestSeededReportSkipped: a library whose suite fails unmutated is
// measured without those tests, and the report names them.
func TestSeededReportSkipped(t *testing.T) {
	r := &seededReport{Command: "c", Env: "e", Bounds: "b", Libs: []*seededLib{{Name: "example.com/lib", Tried: 1, Skipped: []string{"TestTiming"},
		Mutants: []seededMutant{{Mutant: "a.go:1:1: x -> y (ROR)", Cases: []seededCase{{Name: "TestA", Ranked: true, Rank: 1}}, Ochiai: 2}}}}}
	var b strings.Builder
	if err := r.write(&b); err != nil {
		t.Fatal(err)
	}
	if want := "- example.com/lib (1 mutants tried); left out of the mutants' runs, failing unmutated: TestTiming\n"; !strings.Contains(b.String(), want) {
		t.Errorf("report:\n%s\nwant the line %q", b.String(), want)
	}
}
