package native

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

func TestFailureLines(t *testing.T) {
	// p is the package tested, q a sibling package of the module with a
	// file of the same name.
	files := map[string][]string{"a.go": {"/m/p/a.go", "/m/q/a.go"}, "a_test.go": {"/m/p/a_test.go"}, "b.go": {"/m/q/b.go"}}
	for _, tc := range []struct {
		name, msg string
		want      []trace.Line
	}{
		{"assertion", "=== RUN   TestX\n    a_test.go:12: got 1, want 2\n--- FAIL: TestX (0.00s)", []trace.Line{{File: "/m/p/a_test.go", Line: 12}}},
		{"panic stack", "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 7 [running]:\nexample.com/p.F(...)\n\t/m/p/a.go:33 +0x1d\nexample.com/p.TestX(0xc000)\n\t/m/p/a_test.go:9 +0x25\ntesting.tRunner(0xc0001)\n\t/usr/local/go/src/testing/testing.go:1934 +0xea",
			[]trace.Line{{File: "/m/p/a.go", Line: 33}, {File: "/m/p/a_test.go", Line: 9}}},
		{"same line twice", "    a_test.go:12: one\n    a_test.go:12: two", []trace.Line{{File: "/m/p/a_test.go", Line: 12}}},
		{"a sibling package's frames", "panic: boom\n\ngoroutine 7 [running]:\nexample.com/q.G(...)\n\t/m/q/b.go:4 +0x1d\nexample.com/q.F(...)\n\t/m/q/a.go:5 +0x1\nexample.com/p.TestX(0xc000)\n\t/m/p/a_test.go:9 +0x25",
			[]trace.Line{{File: "/m/q/b.go", Line: 4}, {File: "/m/q/a.go", Line: 5}, {File: "/m/p/a_test.go", Line: 9}}},
		{"a base name: the package tested's file first", "    a.go:3: wrong", []trace.Line{{File: "/m/p/a.go", Line: 3}}},
		{"a relative path", "    q/a.go:3: wrong", []trace.Line{{File: "/m/q/a.go", Line: 3}}},
		{"a file of no package of the code", "\t/m/r/a.go:5 +0x1\n\t/usr/local/go/src/testing/testing.go:1934 +0xea", nil},
		{"no place", "--- FAIL: TestX (0.00s)", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := failureLines(tc.msg, files); !slices.Equal(got, tc.want) {
				t.Errorf("failureLines = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBuildTags(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{nil, nil},
		{[]string{"-tags=faultloc"}, []string{"faultloc"}},
		{[]string{"-tags", "a,b"}, []string{"a", "b"}},
		{[]string{"-race", "-tags=a b"}, []string{"a", "b"}},
	} {
		if got := buildTags(tc.flags); !slices.Equal(got, tc.want) {
			t.Errorf("buildTags(%q) = %q, want %q", tc.flags, got, tc.want)
		}
	}
}

// loadNativeOnly loads testdata/nativeonly, whose failing test calls
// what the interpreter refuses.
func loadNativeOnly(t *testing.T) (*trace.Program, string) {
	t.Helper()
	return loadDir(t, "testdata/nativeonly")
}

// loadDir loads the package in dir with its tests.
func loadDir(t *testing.T, dir string) (*trace.Program, string) {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	return prog, pkg
}

// collectIn loads the package in dir, runs its tests natively and
// returns the failing case named failing with that run, and the run.
func collectIn(t *testing.T, dir, failing string) (*localize.Failure, *Run) {
	t.Helper()
	prog, pkg := loadDir(t, dir)
	n, err := Collect(context.Background(), prog, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, failing), Native: n}, n
}

// TestNativeDistance checks the static distance from a failure: the
// assertion's line 0, the function it calls 2 (1 plus one call), the
// functions that one calls 3.
func TestNativeDistance(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, pkg := loadNativeOnly(t)
	n, err := Collect(context.Background(), prog, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !n.Failed("TestDistance") || n.Failed("TestSize") || n.Failed("TestAbs") {
		t.Fatalf("native verdicts wrong: %v", n.Spectrum)
	}
	d := n.Distance("TestDistance")
	dir, _ := filepath.Abs("testdata/nativeonly")
	at := func(file string, line int) int {
		x, ok := d[trace.Line{File: filepath.Join(dir, file), Line: line}]
		if !ok {
			return -1
		}
		return x
	}
	for _, tc := range []struct {
		file       string
		line, want int
	}{
		{"size_test.go", 24, 0}, // the failed assertion
		{"size_test.go", 23, 1}, // its function
		{"size.go", 53, 2},      // Distance, which the test calls
		{"size.go", 24, 3},      // Size, which Distance calls
		{"size.go", 39, 3},      // Abs, which Distance calls
		{"size.go", 17, -1},     // package data: in no function
	} {
		if got := at(tc.file, tc.line); got != tc.want {
			t.Errorf("distance of %s:%d = %d, want %d", tc.file, tc.line, got, tc.want)
		}
	}
}

// TestInterleave checks Fuse's merge against a brute-force
// oracle: a line's position is min(r·(s+1)/s, n·(s+1)) for its rank r in
// the report's ranking and n in the native one; verified lines stay
// first; a line keeps the evidence of the ranking that places it higher;
// lines of one position are ordered by the tie scores; a weak line takes
// the place of its rank under the tie scores alone, a verified one
// leaving the head, and the lines below it in the report's ranking move
// up.
func TestInterleave(t *testing.T) {
	rl := func(line, rank int, ev localize.Evidence) localize.RankedLine {
		return localize.RankedLine{Position: localize.Position{File: "a.go", Line: line}, Rank: rank, Evidence: ev}
	}
	at := func(line int) trace.Line { return trace.Line{File: "a.go", Line: line} }
	own := []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 2, localize.EvidenceSlice), rl(3, 3, localize.EvidenceSlice), rl(4, 5, localize.EvidenceSpectrum), rl(5, 5, localize.EvidenceSpectrum)}
	nat := []localize.RankedLine{rl(9, 1, EvidenceSpectrum), rl(5, 2, EvidenceSpectrum), rl(1, 3, EvidenceSpectrum), rl(8, 4, EvidenceSpectrum)}
	for _, tc := range []struct {
		share int
		tie   localize.LineScores
		weak  []int
		want  []localize.RankedLine
	}{
		// share 1: own ranks (less the head) ·2, native ·2.
		{1, nil, nil, []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 3, localize.EvidenceSlice), rl(9, 3, EvidenceSpectrum), rl(3, 5, localize.EvidenceSlice), rl(5, 5, EvidenceSpectrum), rl(4, 7, localize.EvidenceSpectrum), rl(8, 7, EvidenceSpectrum)}},
		// share 2: own ·1.5, native ·3; line 5 ties at 6 and keeps its own evidence.
		{2, nil, nil, []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 2, localize.EvidenceSlice), rl(3, 4, localize.EvidenceSlice), rl(9, 4, EvidenceSpectrum), rl(4, 6, localize.EvidenceSpectrum), rl(5, 6, localize.EvidenceSpectrum), rl(8, 7, EvidenceSpectrum)}},
		// share 2, ties of position broken by the tie scores (line 9
		// unscored after line 3; line 4 before line 5).
		{2, localize.LineScores{at(3): 0.2, at(4): 0.9, at(5): 0.5, at(8): 1}, nil, []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 2, localize.EvidenceSlice), rl(3, 3, localize.EvidenceSlice), rl(9, 4, EvidenceSpectrum), rl(4, 5, localize.EvidenceSpectrum), rl(5, 6, localize.EvidenceSpectrum), rl(8, 7, EvidenceSpectrum)}},
		// ties on both keys still share their worst rank.
		{2, localize.LineScores{at(4): 0.5, at(5): 0.5}, nil, []localize.RankedLine{rl(1, 1, localize.EvidenceVerified), rl(2, 2, localize.EvidenceSlice), rl(3, 4, localize.EvidenceSlice), rl(9, 4, EvidenceSpectrum), rl(4, 6, localize.EvidenceSpectrum), rl(5, 6, localize.EvidenceSpectrum), rl(8, 7, EvidenceSpectrum)}},
		// weak lines 1 (verified) and 2 take their tie ranks as
		// positions, 7 and 6; own without them: 3 at 1 (1.5), 4 and 5
		// at 3 (4.5); native: 9 at 3, 8 at 12.
		{2, localize.LineScores{at(1): 0.1, at(2): 0.2, at(3): 0.5, at(4): 0.5, at(5): 0.5, at(8): 0.4, at(9): 0.9}, []int{1, 2},
			[]localize.RankedLine{rl(3, 1, localize.EvidenceSlice), rl(9, 2, EvidenceSpectrum), rl(4, 4, localize.EvidenceSpectrum), rl(5, 4, localize.EvidenceSpectrum), rl(2, 5, localize.EvidenceSlice), rl(1, 6, EvidenceSpectrum), rl(8, 7, EvidenceSpectrum)}},
	} {
		weak := map[trace.Line]int{}
		for l, r := range tieRanks(tc.tie) {
			if slices.Contains(tc.weak, l.Line) {
				weak[l] = r
			}
		}
		got := interleave(own, nat, tc.share, tc.tie, weak)
		if !slices.Equal(got, tc.want) {
			t.Errorf("share %d:\n got %v\nwant %v", tc.share, got, tc.want)
		}
	}
}
