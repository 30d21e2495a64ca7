package spectra

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/internal/nativetest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

type collected struct {
	once sync.Once
	m    *Matrix
	g    *GoTest
	err  error
}

var collectCache sync.Map // dir + kind -> *collected

// collect runs GoTest on dir's package with the faultloc tag, once per
// test binary for each dir and kind (callers must not modify the matrix).
func collect(t *testing.T, dir string, kind Kind) (*Matrix, *GoTest) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	v, _ := collectCache.LoadOrStore(dir+"|"+kind.String(), &collected{})
	c := v.(*collected)
	c.once.Do(func() {
		c.g = &GoTest{Patterns: []string{"."}, Dir: dir, Tags: []string{examples.Tag}, Kind: kind}
		c.m, c.err = Build(context.Background(), c.g)
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.m, c.g
}

// TestNativeTriangleHand checks the native ranking of examples/triangle
// against a ranking computed by hand. The suite is TestClassify's eight
// subtests T1–T8 (T8 fails) plus Example, which runs all eight cases and
// passes: F = 1, P = 8. Lines and the tests that execute them:
//
//	21 var retval, 22 if a >= b && b >= c, 43 return: all nine (ef 1, ep 8)
//	23 if a == c || b == c (the fault): T2–T6, T8, Example (ef 1, ep 6)
//	24: T3, T4, Ex (0, 3)   25: T4, Ex (0, 2)   27: T3, Ex (0, 2)
//	30: T2, T5, T6, T8, Ex (1, 4)   31: T5, T6, T8, Ex (1, 3)
//	32: T6, T8, Ex (1, 2)   34: T5, Ex (0, 2)   37: T2, Ex (0, 2)
//	41: T1, T7, Ex (0, 3)
//
// Tarantula = 1/(1 + ep/8) when ef = 1, else 0 with confidence ep/8.
// Ochiai = 1/sqrt(1+ep) when ef = 1, else 0.
func TestNativeTriangleHand(t *testing.T) {
	m, g := collect(t, "../examples/triangle", Line)
	var names []string
	for i := range m.NumTests() {
		names = append(names, fmt.Sprintf("%s:%v", m.Test(i).Name, m.Test(i).Verdict()))
	}
	want := "TestClassify/T1:pass TestClassify/T2:pass TestClassify/T3:pass TestClassify/T4:pass TestClassify/T5:pass TestClassify/T6:pass TestClassify/T7:pass TestClassify/T8:fail Example:pass"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("tests:\n got %s\nwant %s", got, want)
	}
	if g.Stats.Cases != 9 || len(g.Stats.Lost) != 0 || len(g.Stats.Skipped) != 0 || g.Stats.Runs <= 0 || g.Stats.Discover <= 0 {
		t.Errorf("stats %+v", g.Stats)
	}
	type row struct {
		score, conf float64
		rank        float64
	}
	hand := map[string]map[int]row{
		"tarantula": {
			32: {4.0 / 5, 1, 1}, 31: {8.0 / 11, 1, 2}, 30: {2.0 / 3, 1, 3}, 23: {4.0 / 7, 1, 4},
			21: {0.5, 1, 7}, 22: {0.5, 1, 7}, 43: {0.5, 1, 7},
			24: {0, 3.0 / 8, 9}, 41: {0, 3.0 / 8, 9},
			25: {0, 2.0 / 8, 13}, 27: {0, 2.0 / 8, 13}, 34: {0, 2.0 / 8, 13}, 37: {0, 2.0 / 8, 13},
		},
		"ochiai": {
			32: {1 / math.Sqrt(3), 0, 1}, 31: {0.5, 0, 2}, 30: {1 / math.Sqrt(5), 0, 3}, 23: {1 / math.Sqrt(7), 0, 4},
			21: {1.0 / 3, 0, 7}, 22: {1.0 / 3, 0, 7}, 43: {1.0 / 3, 0, 7},
			24: {0, 0, 13}, 41: {0, 0, 13}, 25: {0, 0, 13}, 27: {0, 0, 13}, 34: {0, 0, 13}, 37: {0, 0, 13},
		},
	}
	for name, want := range hand {
		f, _ := Lookup(name)
		r := m.Rank(f, nil)
		if len(r.Entries) != len(want) {
			t.Errorf("%s: %d elements, want %d", name, len(r.Entries), len(want))
		}
		for _, e := range r.Entries {
			w, ok := want[e.Element.Line]
			if filepath.Base(e.Element.File) != "triangle.go" || !ok {
				t.Errorf("%s: unexpected element %v", name, e.Element)
				continue
			}
			if !near(e.Score, w.score) || !near(e.Confidence, w.conf) || e.Rank != w.rank {
				t.Errorf("%s: line %d: score %v conf %v rank %v, want %v %v %v", name, e.Element.Line, e.Score, e.Confidence, e.Rank, w.score, w.conf, w.rank)
			}
		}
	}
}

// TestNativeExamplesGolden ranks every example subject natively and
// compares the text output (tests, then Tarantula, Ochiai and D* rankings)
// with testdata/golden/<subject>.txt; it also checks that the subject's
// marked fault is ranked.
func TestNativeExamplesGolden(t *testing.T) {
	root, _ := filepath.Abs("..")
	for _, subject := range []string{"triangle", "zune", "foo", "max3"} {
		t.Run(subject, func(t *testing.T) {
			dir := filepath.Join(root, "examples", subject)
			m, _ := collect(t, "../examples/"+subject, Line)
			var b bytes.Buffer
			for i := range m.NumTests() {
				fmt.Fprintf(&b, "test %s %v\n", m.Test(i).Name, m.Test(i).Verdict())
			}
			faults, err := examples.FaultLines(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"tarantula", "ochiai", "dstar"} {
				f, _ := Lookup(name)
				r := m.Rank(f, nil)
				fmt.Fprintf(&b, "\n# %s\n", name)
				if err := r.WriteText(&b, root, math.Inf(-1)); err != nil {
					t.Fatal(err)
				}
				var fe []Element
				for _, fl := range faults {
					fe = append(fe, Element{File: fl.File, Line: fl.Line})
				}
				if x, err := r.Exam(fe...); err != nil {
					t.Errorf("%s: fault not ranked: %v", name, err)
				} else {
					fmt.Fprintf(&b, "# EXAM %.4f\n", x)
				}
			}
			golden(t, filepath.Join("testdata", "golden", subject+".txt"), b.Bytes())
		})
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestNativePanics runs testdata/panicky, whose tests panic at top level
// and in a subtest, call t.Parallel and skip: the panicking cases keep
// their coverage, and the fault ranks first.
func TestNativePanics(t *testing.T) {
	m, g := collect(t, "testdata/panicky", Line)
	outcomes := map[string]string{}
	for i := range m.NumTests() {
		outcomes[m.Test(i).Name] = m.Test(i).Verdict()
	}
	want := map[string]string{
		"TestNegative": "pass", "TestPastEnd": "fail",
		"TestTable/first": "pass", "TestTable/past_end": "fail", "TestTable/negative": "pass",
		"TestParallel/#00": "pass", "TestParallel/#01": "pass",
		"TestSetup": "pass", "TestOrder": "pass", // TestOrder fails after TestSetup only
	}
	if fmt.Sprint(outcomes) != fmt.Sprint(want) {
		t.Errorf("outcomes %v, want %v", outcomes, want)
	}
	if !slices.Equal(g.Stats.Skipped, []string{"TestSkipped"}) || len(g.Stats.Lost) != 0 || !slices.Equal(g.Stats.Changed, []string{"TestOrder"}) {
		t.Errorf("stats %+v", g.Stats)
	}
	i, _ := m.TestIndex("TestTable/past_end")
	var lines []int
	for _, e := range m.Covered(nil, i) {
		lines = append(lines, m.Element(e).Line)
	}
	if !slices.Equal(lines, []int{9, 12}) {
		t.Errorf("panicking subtest covered lines %v, want [9 12]", lines)
	}
	f, _ := Lookup("ochiai")
	r := m.Rank(f, nil)
	if e := r.Entries[0]; e.Element.Line != 12 || e.Rank != 1 {
		t.Errorf("first entry %v rank %v, want line 12 rank 1", e.Element, e.Rank)
	}
}

// TestNativeDied runs the packages of testdata/died, whose failing
// tests lose their coverage: a panic in a test-only package (no
// statements of its own, so no counters to flush) and a stack overflow
// (a fatal error no cleanup sees). Each stays a failing case, covering
// nothing, with its go test output as its message; the passing cases
// keep their coverage.
func TestNativeDied(t *testing.T) {
	for _, tc := range []struct {
		dir, failing, passing, message string
		covered                        int // lines the passing case covers
	}{
		{dir: "testdata/died/only", failing: "TestEmpty", passing: "TestFirst", message: "index out of range", covered: 0},
		{dir: "testdata/died/overflow", failing: "TestNegative", passing: "TestDepth", message: "stack overflow", covered: 3},
	} {
		t.Run(filepath.Base(tc.dir), func(t *testing.T) {
			m, g := collect(t, tc.dir, Line)
			f, ok := m.TestIndex(tc.failing)
			if !ok || !m.Test(f).Failed {
				t.Fatalf("%s is not a failing case of the matrix (%d cases, stats %+v)", tc.failing, m.NumTests(), g.Stats)
			}
			if n := len(m.Covered(nil, f)); n != 0 {
				t.Errorf("%s covers %d lines, want none (its coverage is lost)", tc.failing, n)
			}
			if msg := m.Test(f).Message; !strings.Contains(msg, tc.message) {
				t.Errorf("%s's message does not say %q:\n%s", tc.failing, tc.message, msg)
			}
			p, ok := m.TestIndex(tc.passing)
			if !ok || m.Test(p).Failed {
				t.Fatalf("%s is not a passing case of the matrix", tc.passing)
			}
			if n := len(m.Covered(nil, p)); n != tc.covered {
				t.Errorf("%s covers %d lines, want %d", tc.passing, n, tc.covered)
			}
			if m.NumTests() != 2 || g.Stats.Cases != 2 || !slices.Equal(g.Stats.Lost, []string{tc.failing}) {
				t.Errorf("%d cases, stats %+v; want 2 cases, %s lost", m.NumTests(), g.Stats, tc.failing)
			}
		})
	}
}

// TestNativeKinds collects blocks and functions of examples/triangle.
func TestNativeKinds(t *testing.T) {
	m, _ := collect(t, "../examples/triangle", Block)
	if n := m.NumElements(); n != 12 { // the coverage profile's 12 blocks
		t.Errorf("%d blocks, want 12", n)
	}
	i, _ := m.TestIndex("TestClassify/T8")
	if n := len(m.Covered(nil, i)); n != 6 {
		t.Errorf("T8 covers %d blocks, want 6", n)
	}
	m, _ = collect(t, "../examples/triangle", Function)
	if m.NumElements() != 1 || m.Element(0).Name != "Classify" {
		t.Errorf("functions: %d, first %v", m.NumElements(), m.Element(0))
	}
	if _, err := Build(context.Background(), &GoTest{Patterns: []string{"."}, Kind: Instruction}); err == nil {
		t.Error("instruction granularity accepted natively")
	}
	if _, err := Build(context.Background(), &GoTest{Patterns: []string{"."}, Skip: "("}); err == nil {
		t.Error("bad Skip regexp accepted")
	}
	g := &GoTest{Patterns: []string{"."}, Dir: "../examples/triangle", Tags: []string{examples.Tag}, Run: "T[78]|Example", Skip: "T7"}
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if m.NumTests() != 2 || m.Test(0).Name != "TestClassify/T8" || m.Test(1).Name != "Example" || m.NumElements() != 13 {
		t.Errorf("Run/Skip: %d cases, %d elements", m.NumTests(), m.NumElements())
	}
}

// TestNativeSelect: Select is asked about every case Run leaves, in go
// test's order, and only the cases it accepts are run.
func TestNativeSelect(t *testing.T) {
	var asked []string
	g := &GoTest{Patterns: []string{"."}, Dir: "../examples/triangle", Tags: []string{examples.Tag}, Run: "T[1-4]$",
		Select: func(name string) bool { asked = append(asked, name); return name != "TestClassify/T2" }}
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"TestClassify/T1", "TestClassify/T2", "TestClassify/T3", "TestClassify/T4"}; !slices.Equal(asked, want) {
		t.Errorf("Select asked about %v, want %v", asked, want)
	}
	var got []string
	for i := range m.NumTests() {
		got = append(got, m.Test(i).Name)
	}
	if want := []string{"TestClassify/T1", "TestClassify/T3", "TestClassify/T4"}; !slices.Equal(got, want) {
		t.Errorf("cases %v, want %v", got, want)
	}
}

// TestNativeVetFinding: a go vet finding in a test file, for which go
// test runs no test, does not keep the collection from the cases'
// coverage and verdicts.
func TestNativeVetFinding(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	m, err := Build(context.Background(), &GoTest{Patterns: []string{"."}, Dir: "testdata/vetfinding"})
	if err != nil {
		t.Fatal(err)
	}
	verdicts := map[string]bool{}
	for i := range m.NumTests() {
		verdicts[m.Test(i).Name] = m.Test(i).Failed
	}
	if want := map[string]bool{"TestHalf": false, "TestOdd": true}; !maps.Equal(verdicts, want) {
		t.Errorf("cases and whether each failed: %v, want %v", verdicts, want)
	}
}

// TestNativeFirst: the cases First selects are listed and run before the
// others, and come first in the matrix; the cases are those of a
// collection without it.
func TestNativeFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	g := &GoTest{Patterns: []string{"."}, Dir: "../examples/triangle", Tags: []string{examples.Tag}, Run: "T[6-8]$", First: "^TestClassify$/^T8$"}
	var firsts []*Matrix
	g.FirstDone = func(m *Matrix) { firsts = append(firsts, m) }
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	// FirstDone got the cases First selects alone, as the sink has them.
	if len(firsts) != 1 {
		t.Fatalf("FirstDone called %d times, want once", len(firsts))
	}
	if f := firsts[0]; f.NumTests() != 1 || f.Test(0).Name != "TestClassify/T8" || !f.Test(0).Failed || !slices.Equal(f.Covered(nil, 0), m.Covered(nil, 0)) {
		t.Errorf("FirstDone's matrix: %d cases (first %+v); want TestClassify/T8 alone, failing, covering what the sink's T8 covers", f.NumTests(), f.Test(0))
	}
	var got []string
	for i := range m.NumTests() {
		got = append(got, m.Test(i).Name)
	}
	if want := []string{"TestClassify/T8", "TestClassify/T6", "TestClassify/T7"}; !slices.Equal(got, want) {
		t.Errorf("cases %v, want %v", got, want)
	}
	// The runs of the cases First selects and of the others are timed.
	if g.Stats.Runs <= 0 || g.Stats.Discover <= 0 || g.Stats.PerCase() <= 0 {
		t.Errorf("stats %+v: want the runs and the discovery timed", g.Stats)
	}
	if !m.Test(0).Failed || m.Test(1).Failed || len(m.Covered(nil, 0)) == 0 {
		t.Errorf("T8 failed %v covering %d elements, T6 failed %v; want T8 failing with coverage, T6 passing", m.Test(0).Failed, len(m.Covered(nil, 0)), m.Test(1).Failed)
	}
}

// TestNativeFailingFirst: the cases the discovery run failed run before
// those it passed (so a stopped collection keeps the failures), the
// failing ones in listing order, the passing ones nearest kin of a
// failure first; the matrix keeps the listing order. Each case
// of testdata/died/order notes its name in a file as it runs.
func TestNativeFailingFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	m, ran := collectOrder(t, "")
	listing := []string{"TestA", "TestB/x", "TestB/y", "TestC", "TestD"}
	runs := append(slices.Clone(listing), "TestB/y", "TestD", "TestB/x", "TestA", "TestC")
	if got := ran; !slices.Equal(got, runs) {
		t.Errorf("cases ran in the order %v, want the listing, then the failures, then their kin first: %v", got, runs)
	}
	var got []string
	for i := range m.NumTests() {
		got = append(got, m.Test(i).Name)
	}
	if !slices.Equal(got, listing) {
		t.Errorf("matrix cases %v, want the listing's order %v", got, listing)
	}
}

// TestNativeEachTop: with First, the cases First selects are listed and
// run first, then every other top-level test runs on its own: a flat
// test once (its run is its case's), one with subtests once to list
// them, then each subtest, failures first.
func TestNativeEachTop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	m, ran := collectOrder(t, "^TestD$")
	runs := []string{"TestD", "TestD", "TestA", "TestB/x", "TestB/y", "TestB/y", "TestB/x", "TestC"}
	if got := ran; !slices.Equal(got, runs) {
		t.Errorf("cases ran in the order %v, want %v", got, runs)
	}
	var got []string
	for i := range m.NumTests() {
		got = append(got, m.Test(i).Name)
	}
	if want := []string{"TestD", "TestA", "TestB/x", "TestB/y", "TestC"}; !slices.Equal(got, want) {
		t.Errorf("matrix cases %v, want %v", got, want)
	}
	for _, name := range []string{"TestD", "TestB/y"} {
		if i, ok := m.TestIndex(name); !ok || !m.Test(i).Failed {
			t.Errorf("%s is not a failing case", name)
		}
	}
	if i, ok := m.TestIndex("TestA"); !ok || m.Test(i).Failed || len(m.Covered(nil, i)) == 0 {
		t.Errorf("TestA is not a passing case with coverage")
	}
}

// collectOrder collects testdata/died/order with First first and
// returns the matrix and the cases in the order they ran, the listing's
// runs included (each case notes its name in a file as it runs).
func collectOrder(t *testing.T, first string) (*Matrix, []string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "order")
	g := &GoTest{Patterns: []string{"./order"}, Dir: "testdata/died", Env: []string{"ORDER_FILE=" + file}, First: first}
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return m, strings.Fields(string(data))
}

func TestByKinship(t *testing.T) {
	for _, tc := range []struct {
		names   []string // the passing cases, in listing order
		failing []string
		want    []string
	}{
		{[]string{"A", "B", "C"}, nil, []string{"A", "B", "C"}},
		{[]string{"A", "B", "C"}, []string{"D"}, []string{"A", "B", "C"}},
		{[]string{"A", "T/x", "T/y/1", "T/y/2", "U/y"}, []string{"T/y/3"}, []string{"T/y/1", "T/y/2", "T/x", "A", "U/y"}},
		{[]string{"A/x", "B/x", "B/y/z"}, []string{"A/y", "B/y/w"}, []string{"B/y/z", "A/x", "B/x"}},
	} {
		var leaves []nativetest.Result
		var idx, failed []int
		for _, n := range tc.names {
			idx = append(idx, len(leaves))
			leaves = append(leaves, nativetest.Result{Name: n})
		}
		for _, n := range tc.failing {
			failed = append(failed, len(leaves))
			leaves = append(leaves, nativetest.Result{Name: n, Status: nativetest.Fail})
		}
		byKinship(idx, failed, leaves)
		var got []string
		for _, i := range idx {
			got = append(got, leaves[i].Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("byKinship(%v, failing %v) = %v, want %v", tc.names, tc.failing, got, tc.want)
		}
	}
}

// TestNoCgo checks the dependency rule: spectra and the faultloc packages
// it imports have no cgo file and import neither maxsat nor the Z3
// binding, and, with -tags long (.ci/run, which also builds the pure-Go
// packages without cgo before the tests), build with CGO_ENABLED=0: that
// build compiles the standard library anew without cgo, tens of seconds
// of CPU where the build cache holds no such build.
func TestNoCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := runGo("list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		path, n, _ := strings.Cut(line, " ")
		if path == "C" || strings.HasPrefix(path, "github.com/faultloc/faultloc") && n != "0" {
			t.Errorf("spectra depends on cgo through %s", path)
		}
		if strings.Contains(path, "/maxsat") || strings.Contains(path, "/internal/z3") {
			t.Errorf("spectra imports %s", path)
		}
	}
	if !longtest.Enabled {
		return
	}
	if _, err := runGo("build", "-o", os.DevNull, "."); err != nil && runtime.GOOS != "windows" {
		t.Errorf("CGO_ENABLED=0 build: %v", err)
	}
}

func runGo(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// TestAncestorOutput: a failing case without output of its own takes
// the nearest failing ancestor's that has some.
func TestAncestorOutput(t *testing.T) {
	rs := []nativetest.Result{
		{Name: "FuzzF", Status: nativetest.Fail, Output: "panic: boom\n\tf.go:3 +0x1\n"},
		{Name: "FuzzF/seed#1", Status: nativetest.Fail},
		{Name: "TestT", Status: nativetest.Fail},
		{Name: "TestT/a", Status: nativetest.Fail, Output: "  "},
		{Name: "TestT/a/b", Status: nativetest.Fail},
		{Name: "TestP", Status: nativetest.Pass, Output: "ok"},
	}
	for _, tc := range []struct{ name, want string }{
		{"FuzzF/seed#1", "panic: boom\n\tf.go:3 +0x1"},
		{"TestT/a/b", ""},
		{"TestP/x", ""},
		{"FuzzF", ""},
	} {
		if got := ancestorOutput(rs, tc.name); got != tc.want {
			t.Errorf("ancestorOutput(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestNativeProgress: GoTest.Progress's Done, called while Collect runs
// (when the cases First selects are done) and after it, has the cases
// done by then as the sink has them, and counts those listed: with
// First, the others' top-level tests are not listed yet when First's
// cases are done; without it, the whole suite's listing came first.
func TestNativeProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	for _, tt := range []struct {
		name, first string
		midCases    int  // Done's cases when First's are done (-1: no First)
		midWhole    bool // and whether every case was listed then
	}{
		{"first", "^TestClassify$/^T8$", 1, false},
		{"whole listing", "", -1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := &GoTestProgress{}
			g := &GoTest{Patterns: []string{"."}, Dir: "../examples/triangle", Tags: []string{examples.Tag}, Run: "T[6-8]$", First: tt.first, Progress: p}
			var mid *Matrix
			var midSo GoTestSoFar
			g.FirstDone = func(*Matrix) { mid, midSo = p.Done() }
			if m, so := p.Done(); m.NumTests() != 0 || so != (GoTestSoFar{}) {
				t.Errorf("before Collect: %d cases, %+v; want none", m.NumTests(), so)
			}
			m, err := Build(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if tt.midCases >= 0 {
				if mid == nil || mid.NumTests() != tt.midCases || midSo.Cases != tt.midCases || midSo.Listed != tt.midCases || midSo.Whole != tt.midWhole {
					t.Errorf("when First's cases were done: %+v; want %d cases done of %d listed, whole %v", midSo, tt.midCases, tt.midCases, tt.midWhole)
				} else if mid.Test(0).Name != m.Test(0).Name || !slices.Equal(mid.Covered(nil, 0), m.Covered(nil, 0)) {
					t.Errorf("when First's cases were done: case %q; want the sink's first, %q, covering the same", mid.Test(0).Name, m.Test(0).Name)
				}
			}
			end, so := p.Done()
			if so != (GoTestSoFar{Cases: m.NumTests(), Listed: m.NumTests(), Whole: true}) || end.NumTests() != m.NumTests() || end.NumElements() != m.NumElements() {
				t.Errorf("after Collect: %+v, %d cases, %d elements; want the sink's %d cases, all listed, whole, and its %d elements", so, end.NumTests(), end.NumElements(), m.NumTests(), m.NumElements())
			}
			for i := range m.NumTests() {
				if end.Test(i).Name != m.Test(i).Name || end.Test(i).Failed != m.Test(i).Failed || !slices.Equal(end.Covered(nil, i), m.Covered(nil, i)) {
					t.Errorf("after Collect: case %d is %+v; want the sink's %+v, covering the same", i, end.Test(i), m.Test(i))
				}
			}
		})
	}
}
