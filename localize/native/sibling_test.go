package native

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestSiblingPackage runs the tests of testdata/sibling/use, loaded as
// faultloc localize loads a package (trace.Config.Module), whose failing
// cases fail in package calc of the same module, where the fault is: the
// native run measures calc too, the call graph spans it, and the panic's
// frames in it count. TestSingle panics on the faulty line itself, which
// ranks first; TestSummary's assertion fails in the test, and the fault
// ties with Mean's three other lines that only failing cases execute,
// the nearest to the failure (two calls away): rank 4.
func TestSiblingPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/sibling/use", Tests: true, Module: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := measured(prog, "sibling/use"), []string{"sibling/use", "sibling/calc"}; !slices.Equal(got, want) {
		t.Errorf("measured packages %q, want %q", got, want)
	}
	n, err := Collect(ctx, prog, "sibling/use", nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs("testdata/sibling")
	calc := filepath.Join(dir, "calc", "calc.go")
	fault := trace.Line{File: calc, Line: markedLine(t, calc)}
	if d := n.Distance("TestSummary")[fault]; d != 3 {
		t.Errorf("distance of the fault from TestSummary's assertion = %d, want 3 (its function, Summary, Mean)", d)
	}
	if !slices.Contains(n.FailureLines("TestSingle"), fault) {
		t.Errorf("TestSingle's failure lines %v do not hold the panic's frame %v", n.FailureLines("TestSingle"), fault)
	}
	// The frame of Summary is the second line of its return statement,
	// which coverage names by its first.
	use := filepath.Join(dir, "use", "use.go")
	if d, ok := n.Distance("TestSingle")[trace.Line{File: use, Line: 19}]; !ok || d != 0 {
		t.Errorf("distance of Summary's return statement from TestSingle's panic = %d (ok %v), want 0: its frame is the statement's second line", d, ok)
	}
	for _, tc := range []struct {
		test string
		want int
	}{{"TestSingle", 1}, {"TestSummary", 4}} {
		if !n.Failed(tc.test) {
			t.Fatalf("%s did not fail natively (stats %+v)", tc.test, n.Stats)
		}
		f := &localize.Failure{Program: prog, Package: "sibling/use", Case: prog.GoTestCase("sibling/use", tc.test), Native: n}
		rep := Report(ctx, f, "test")
		rank := 0
		for _, rl := range rep.Ranking {
			if rl.SourceLine() == fault {
				rank = rl.Rank
			}
		}
		if rank != tc.want {
			t.Errorf("%s: the fault in the sibling package ranks %d (0: not ranked), want %d: %v", tc.test, rank, tc.want, rep.Ranking)
		}
	}
}

// markedLine returns the line of file marked //fault:.
func markedLine(t *testing.T, file string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "//fault:") {
			return i + 1
		}
	}
	t.Fatalf("%s has no //fault: line", file)
	return 0
}
