package spectra

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func TestIsFuzzSeed(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"FuzzClamp/seed#0", true},
		{"FuzzClamp/edge", true}, // a file of the corpus
		{"FuzzClamp/seed#0/sub", true},
		{"FuzzClamp", false}, // the target itself, failing outside its seeds
		{"TestFuzzy/seed#0", false},
		{"TestTable/first", false},
		{"ExampleFuzz", false},
	} {
		if got := isFuzzSeed(tc.name); got != tc.want {
			t.Errorf("isFuzzSeed(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// dumpMatrix writes m's cases in order, each with its verdict and the
// lines it covers, and the collection's account of skipped, lost and
// flaky cases.
func dumpMatrix(m *Matrix, stats GoTestStats) string {
	var b strings.Builder
	for i := range m.NumTests() {
		fmt.Fprintf(&b, "%s %s:", m.Test(i).Name, m.Test(i).Verdict())
		for _, e := range m.Covered(nil, i) {
			el := m.Element(e)
			fmt.Fprintf(&b, " %s:%d", filepath.Base(el.File), el.Line)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "cases %d skipped %v lost %v changed %v\n", stats.Cases, stats.Skipped, stats.Lost, stats.Changed)
	return b.String()
}

// TestNativeConcurrency is a differential test of the cases run in
// parallel processes (t.Parallel tests, fuzz seeds): collected with
// several workers, each subject's matrix is the one collected with one
// process at a time (Workers 1), case for case, in the same order, with
// the same verdicts and coverage; with and without First.
func TestNativeConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	for _, tc := range []struct{ dir, first string }{
		{dir: "testdata/seeds"},
		{dir: "testdata/seeds", first: "^FuzzClamp$/^edge$"},
		{dir: "testdata/panicky"},
		{dir: "testdata/panicky", first: "^TestTable$"},
	} {
		t.Run(filepath.Base(tc.dir)+tc.first, func(t *testing.T) {
			var dumps [2]string
			for k, workers := range []int{1, 4} {
				g := &GoTest{Patterns: []string{"."}, Dir: tc.dir, Workers: workers, First: tc.first}
				m, err := Build(context.Background(), g)
				if err != nil {
					t.Fatal(err)
				}
				dumps[k] = dumpMatrix(m, g.Stats)
			}
			if dumps[0] != dumps[1] {
				t.Errorf("with 4 workers:\n%s\nwith one:\n%s", dumps[1], dumps[0])
			}
			if tc.dir == "testdata/seeds" && !strings.Contains(dumps[0], "FuzzClamp/edge fail: seeds.go:8 seeds.go:11 seeds.go:12\n") {
				t.Errorf("the failing seed's row is not as expected:\n%s", dumps[0])
			}
		})
	}
}
