package repair

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair/internal/lines"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestLineSites checks the lines mutation analysis tries when angelic
// debugging finds no site, on testdata/abs (Abs's `if x < 0` on line 8,
// the faulty `return x` on line 9, `return x` on line 11): with a
// failing case alone (every line it ran ties), the line it ran last
// first; with a passing case too, the failing runs' lines by Ochiai
// (line 11, which only the passing case ran, left out); test files left
// out.
func TestLineSites(t *testing.T) {
	ctx := context.Background()
	_, file, add := loadAbs(t)
	linesOf := func(m *spectra.Matrix, c trace.Case) []int {
		var out []int
		ls, _, _ := lines.Sites(ctx, m, c, 0, 10, nil, nil)
		for _, s := range ls {
			l := s.Locations[0]
			if l.File != file {
				t.Errorf("line site %s:%d, want only %s's", l.File, l.Line, file)
			}
			out = append(out, l.Line)
		}
		return out
	}
	alone := spectra.NewMatrix()
	failing, _ := add(alone, "TestNegativeOne")
	if got, want := linesOf(alone, failing), []int{9, 8}; !slices.Equal(got, want) {
		t.Errorf("failing case alone: lines %v, want %v (the last run first)", got, want)
	}
	both := spectra.NewMatrix()
	add(both, "TestNegativeOne")
	add(both, "TestPositive")
	if got, want := linesOf(both, failing), []int{9, 8}; !slices.Equal(got, want) {
		t.Errorf("with TestPositive: lines %v, want %v (by Ochiai, 1 and 0.71; not line 11)", got, want)
	}
}

// loadAbs loads testdata/abs with its tests and returns it, its abs.go,
// and add, which runs case name of it, adds its line coverage to m and
// returns the case and whether it passed.
func loadAbs(t *testing.T) (prog *trace.Program, file string, add func(m *spectra.Matrix, name string) (trace.Case, bool)) {
	t.Helper()
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "abs")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg := "github.com/faultloc/faultloc/localize/repair/testdata/abs"
	return prog, filepath.Join(dir, "abs.go"), func(m *spectra.Matrix, name string) (trace.Case, bool) {
		c := prog.GoTestCase(pkg, name)
		r, err := c.Run(context.Background(), &trace.RunOptions{CoverOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		m.Add(spectra.TestRun{Name: name, Failed: !r.Passed()}, spectra.CoveredCodeElements(prog, r.Covered, spectra.Line))
		return c, r.Passed()
	}
}
