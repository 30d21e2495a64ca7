package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestMain makes the test binary a worker when measure starts it as one,
// as the command is.
func TestMain(m *testing.M) {
	if job := os.Getenv(workerEnv); job != "" {
		if err := workerMain(job); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestReason(t *testing.T) {
	tests := []struct{ msg, want string }{
		{"trace: /tmp/x/usage.go:40:40: no bridge for reflect.TypeOf: type *github.com/kelseyhightower/envconfig.Decoder has no native equivalent",
			"no bridge for reflect.TypeOf: type … has no native equivalent"},
		{"trace: flag_test.go:227:34: no bridge for net.ParseIP: not in the bridge's table (see trace/README.md)",
			"no bridge for net.ParseIP"},
		{"trace: test TestFoo/bar: trace: a.go:3: unsupported construct: conversion of 8 bytes to \"unsafe.Pointer\"",
			"unsupported construct: conversion of N bytes to …"},
		{"load: trace: x.go:1:2: could not import C (no metadata)\nmore detail", "load: could not import C (no metadata)"},
		{"budget exceeded: 10000000 steps executed", "budget exceeded: N steps executed"},
		{"trace: name.go:12:29: no bridge for reflect.TypeOf: type *interface{} has no native equivalent",
			"no bridge for reflect.TypeOf: type … has no native equivalent"},
		{"over the per-case CPU time bound (30s)", "over the per-case CPU time bound (30s)"},
		{"over the per-case wall time bound (2m30s)", "over the per-case wall time bound (2m30s)"},
		{"trace: internal error at y.go:9:1: runtime error: index out of range [5] with length 3",
			"internal error at runtime error: index out of range [N] with length N"},
		{strings.Repeat("word ", 40), strings.TrimSpace(strings.Repeat("word ", 20)) + " …"},
	}
	for _, tt := range tests {
		if got := reason(tt.msg); got != tt.want {
			t.Errorf("reason(%q)\n= %q\nwant %q", tt.msg, got, tt.want)
		}
	}
}

func TestParseTestJSON(t *testing.T) {
	events := `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"run","Package":"p","Test":"TestA/x"}
{"Action":"output","Package":"p","Test":"TestA/x","Output":"=== RUN   TestA/x\n"}
{"Action":"output","Package":"p","Test":"TestA/x","Output":"    a_test.go:9: got 1\n"}
{"Action":"output","Package":"p","Test":"TestA/x","Output":"--- FAIL: TestA/x (0.25s)\n"}
{"Action":"fail","Package":"p","Test":"TestA/x","Elapsed":0.25}
{"Action":"fail","Package":"p","Test":"TestA","Elapsed":0.3}
{"Action":"run","Package":"p","Test":"TestB"}
{"Action":"skip","Package":"p","Test":"TestB","Elapsed":0}
{"Action":"run","Package":"p","Test":"ExampleC"}
{"Action":"output","Package":"p","Test":"ExampleC","Output":"=== RUN   ExampleC\n"}
{"Action":"fail","Package":"p","Elapsed":1}
`
	cases, err := parseTestJSON([]byte(events))
	if err != nil {
		t.Fatal(err)
	}
	want := []nativeCase{
		{Name: "TestA/x", Verdict: "fail", Elapsed: 250 * time.Millisecond, Log: "=== RUN   TestA/x\n    a_test.go:9: got 1\n--- FAIL: TestA/x (0.00s)\n"},
		{Name: "TestB", Verdict: "skip"},
		// No verdict: the binary died in it.
		{Name: "ExampleC", Verdict: "fail", Log: "=== RUN   ExampleC\n"},
	}
	if len(cases) != len(want) {
		t.Fatalf("got %d cases %+v, want %d", len(cases), cases, len(want))
	}
	for i := range want {
		if cases[i] != want[i] {
			t.Errorf("case %d:\n got %+v\nwant %+v", i, cases[i], want[i])
		}
	}
	if _, err := parseTestJSON([]byte(`{"Action":"start","Package":"p"}` + "\n")); err == nil {
		t.Error("a run with no test: no error")
	}
	if _, err := parseTestJSON([]byte("not json\n")); err == nil {
		t.Error("bad JSON: no error")
	}
}

func TestSelectLibraries(t *testing.T) {
	tests := []struct {
		libs, fams string
		want       int // libraries selected; -1: an error
	}{
		{"", "", len(libraries)},
		{"spf13/pflag", "", 1},
		{"spf13/pflag,gorilla/mux", "", 2},
		{"", "CLI", 3},
		{"gorilla", "HTTP", 4},
		{"", "no such family", -1},
		{"no such library", "", -1},
	}
	for _, tt := range tests {
		got, err := selectLibraries(tt.libs, tt.fams)
		if tt.want < 0 {
			if err == nil {
				t.Errorf("selectLibraries(%q, %q): no error", tt.libs, tt.fams)
			}
			continue
		}
		if err != nil || len(got) != tt.want {
			t.Errorf("selectLibraries(%q, %q) = %d libraries, %v; want %d", tt.libs, tt.fams, len(got), err, tt.want)
		}
	}
	seen := map[string]bool{}
	for _, l := range libraries {
		if seen[l.name()] {
			t.Errorf("library %s listed twice", l.name())
		}
		seen[l.name()] = true
		if !strings.Contains(l.mod, "@v") || (l.pkg != "." && !strings.HasPrefix(l.pkg, "./")) {
			t.Errorf("library %s: module %q must be path@version, package %q . or ./dir", l.name(), l.mod, l.pkg)
		}
	}
}

// canned is a report of three made-up libraries: one whose every case
// agrees, one with cases that cannot run and a false failure, one whose
// load failed, and one that was not measured.
func canned() *report {
	lib := func(name string, f family, cases ...caseResult) libResult {
		r := libResult{Name: name, Family: f, Mod: name + "@v1.0.0", Cases: cases}
		r.Native.Wall, r.Native.CPU = 2*time.Second, time.Second
		r.Load.Wall, r.Load.CPU = 3*time.Second, 2*time.Second
		return r
	}
	ok := func(name string) caseResult {
		return caseResult{Name: name, Native: "pass", Ran: true, Verdict: "pass", SameOutput: true, Wall: 2 * time.Second, CPU: 10 * time.Second}
	}
	blocked := func(name, msg string) caseResult {
		return caseResult{Name: name, Native: "pass", Error: msg, Wall: time.Millisecond, CPU: time.Millisecond}
	}
	bridge := "trace: a.go:1:2: no bridge for net.ParseIP: not in the bridge's table (see trace/README.md)"
	stopped := lib("example.com/stopped", parsers, ok("TestA"), caseResult{Name: "TestB", Native: "pass"})
	stopped.Partial = "stopped at the library's bound (10m0s): 1 cases not tried"
	return &report{
		Command: "go run ./bench/suites -out REPORT.md",
		Env:     "go1.26, linux/amd64, 2 cores",
		Bounds:  caseBounds{CPU: 30 * time.Second, Wall: 150 * time.Second}.String() + ", 10m0s a library, 1 at once",
		Libs: []libResult{
			lib("example.com/good", reflection, ok("TestA"), ok("TestB/x"), ok("ExampleC")),
			lib("example.com/mixed", httpFamily,
				ok("TestA"),
				blocked("TestB/1", bridge),
				blocked("TestB/2", strings.Replace(bridge, "a.go:1:2", "b.go:7:3", 1)),
				blocked("TestC", "trace: c.go:9:1: no bridge for reflect.ValueOf: type example.com/mixed.T has no native equivalent"),
				caseResult{Name: "TestD", Native: "pass", Ran: true, Verdict: "fail", Detail: "budget exceeded: 10000000 steps executed"},
				caseResult{Name: "TestE", Native: "fail", Ran: true, Verdict: "fail", SameOutput: true},
				caseResult{Name: "TestF", Native: "pass", Ran: true, Verdict: "pass", SameOutput: false,
					OutputDiff: firstDiff("=== RUN   TestF\n--- PASS: TestF (0.00s)\n", "=== RUN   TestF\n    f_test.go:3: x\n--- PASS: TestF (0.00s)\n")}),
			{Name: "example.com/broken", Family: logging, Mod: "example.com/broken@v0.1.0",
				Cases: []caseResult{blocked("TestA", "load: trace: x.go:1:1: could not import C"), blocked("TestB", "load: trace: x.go:1:1: could not import C")},
				Err:   ""},
			stopped,
		},
		Missing: []string{"example.com/late"},
	}
}

func TestReportGolden(t *testing.T) {
	var b bytes.Buffer
	if err := canned().write(&b); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.md", b.Bytes())
}

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestTally(t *testing.T) {
	rep := canned()
	var all tally
	for i := range rep.Libs {
		all.add(&rep.Libs[i])
	}
	want := tally{libs: 4, cases: 14, ran: 8, verdict: 7, output: 6, falseFail: 1, allRan: 1, allVerdict: 1, noneRan: 1, measured: 4}
	all.sumRan, all.sumVerdict = 0, 0
	if all != want {
		t.Errorf("tally = %+v\nwant %+v", all, want)
	}
	reasons := reasonsOf(rep.Libs, cannotRun)
	if len(reasons) == 0 || reasons[0].reason != "no bridge for net.ParseIP" || reasons[0].cases != 2 {
		t.Errorf("first reason = %+v, want no bridge for net.ParseIP, 2 cases", reasons)
	}
}

// TestMeasure measures a small real library's suite through the module
// proxy, as the command does: its cases all run, in a worker process.
func TestMeasure(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads a module and builds its tests")
	}
	lib := library{timeText, "github.com/iancoleman/strcase@v0.3.0", "."}
	r := measure(context.Background(), lib, t.TempDir(), options{caseBounds: caseBounds{CPU: time.Minute, Wall: 5 * time.Minute}, libTimeout: 5 * time.Minute})
	if strings.Contains(r.Err, "modfetch:") {
		t.Skipf("module proxy unavailable (offline?): %s", r.Err)
	}
	if r.Err != "" || r.Partial != "" {
		t.Fatalf("%s: %s %s", lib.name(), r.Err, r.Partial)
	}
	var tl tally
	tl.add(r)
	if tl.cases == 0 || tl.ran != tl.cases {
		t.Errorf("%d cases, %d run: %+v", tl.cases, tl.ran, r.Cases)
	}
	for _, c := range r.Cases {
		if c.Ran && c.Wall <= 0 {
			t.Errorf("%s ran in no time", c.Name)
		}
	}
	if r.Native.Wall <= 0 {
		t.Errorf("native run took no time")
	}
}

func TestMerge(t *testing.T) {
	old := func(name string) libResult { return libResult{Name: name, Err: "old"} }
	prior := &report{Libs: []libResult{old("a"), old("b")}, Missing: []string{"c"}}
	sel := []library{
		{parsers, "b@v1", "."}, {parsers, "c@v1", "."}, {parsers, "d@v1", "."}, {parsers, "e@v1", "."},
	}
	results := []*libResult{{Name: "b"}, nil, {Name: "d"}, nil}
	libs, missing := merge(prior, sel, results)
	var got []string
	for _, r := range libs {
		got = append(got, r.Name+"/"+r.Err)
	}
	if strings.Join(got, " ") != "a/old b/ d/" || strings.Join(missing, " ") != "c e" {
		t.Errorf("merge = %q, missing %q; want a/old b/ d/, missing c e", got, missing)
	}
	libs, missing = merge(nil, sel, results)
	if len(libs) != 2 || strings.Join(missing, " ") != "c e" {
		t.Errorf("merge without prior = %d libraries, missing %q; want 2, c e", len(libs), missing)
	}
}

// TestRunCaseInOrder checks a case that fails alone but passed under go
// test (testdata/order): one that passes after the earlier test functions
// takes that verdict (InOrder); one that still fails, or whose run in
// order does not end within the case's bounds, keeps its verdict alone,
// not "over the time bound".
func TestRunCaseInOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package with the go command")
	}
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{Dir: "testdata/order", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	j := &job{ImportPath: "example.com/order", Bounds: caseBounds{CPU: 2 * time.Second, Wall: time.Minute}}
	for _, tt := range []struct {
		name, verdict string
		inOrder       bool
	}{
		{"TestAfterSetup", "pass", true},
		{"TestFails", "fail", false}, // after TestSlow, which does not end
	} {
		r := runCase(ctx, p, j, nativeCase{Name: tt.name, Verdict: "pass"})
		if !r.Ran || r.Verdict != tt.verdict || r.InOrder != tt.inOrder || r.Error != "" {
			t.Errorf("%s: ran %v, verdict %q, in order %v, error %q; want verdict %q, in order %v", tt.name, r.Ran, r.Verdict, r.InOrder, r.Error, tt.verdict, tt.inOrder)
		}
	}
}

// TestSameLog runs testdata/logs natively and interpreted, as the command
// does: each case has the same log, though one logs the test binary's
// name and another bytes that are not valid UTF-8 (which go test -json's
// events carry as U+FFFD).
func TestSameLog(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary and loads a package with the go command")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/logs")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s, err := runNative(ctx, dir, ".", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	p, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true, Env: goEnv(), Module: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	j := &job{ImportPath: s.ImportPath, Bounds: caseBounds{CPU: time.Minute, Wall: 5 * time.Minute}}
	if len(s.Cases) != 3 {
		t.Errorf("go test ran %d cases, want 3", len(s.Cases))
	}
	for _, c := range s.Cases {
		if r := runCase(ctx, p, j, c); !r.Ran || r.Verdict != c.Verdict || !r.SameOutput {
			t.Errorf("%s: ran %v, verdict %q (go test %q), %s", c.Name, r.Ran, r.Verdict, c.Verdict, r.OutputDiff)
		}
	}
}

// TestNormalizeLog checks normalizeLog against encoding/json, which
// writes go test -json's events: every string comes back valid UTF-8,
// each byte that is not replaced by U+FFFD.
func TestNormalizeLog(t *testing.T) {
	for _, s := range []string{
		"plain\n",
		"    x_test.go:3: codepoint U+D800: \xed\xa0\x80\n",
		"\xff\xfe ok é \xc3",
		"--- PASS: TestX (1.25s)\n",
	} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		want = durations.ReplaceAllString(want, "(0.00s)")
		if got := normalizeLog(s); got != want {
			t.Errorf("normalizeLog(%q) = %q, want %q", s, got, want)
		}
	}
}
