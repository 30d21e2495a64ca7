package repair

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestFallbackSites checks the repair's fallback when angelic debugging
// gave no site, on testdata/abs with its two failing cases and a
// passing one: the faulty `return x` (line 9) is forced to the value
// TestNegativeOne expected, a site with its angelic value, and it comes
// first among the ranked lines mutation analysis tries; every line is
// Abs's, none of the tests'.
func TestFallbackSites(t *testing.T) {
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "abs")
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg := "github.com/faultloc/faultloc/localize/repair/testdata/abs"
	file := filepath.Join(dir, "abs.go")
	m := spectra.NewMatrix()
	var failing []trace.Case
	for _, name := range []string{"TestNegativeOne", "TestNegativeFive", "TestPositive"} {
		c := prog.GoTestCase(pkg, name)
		r, err := c.Run(ctx, &trace.RunOptions{CoverOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		m.Add(spectra.TestRun{Name: name, Failed: !r.Passed()}, spectra.CoveredCodeElements(prog, r.Covered, spectra.Line))
		if !r.Passed() {
			failing = append(failing, c)
		}
	}
	if len(failing) != 2 {
		t.Fatalf("%d failing cases, want 2", len(failing))
	}
	fb := fallbackSites(ctx, prog, pkg, &localize.Report{}, failing, m, 0, 10, nil)
	if len(fb.sites) != 1 || fb.sites[0].Locations[0].Line != 9 || len(fb.sites[0].Angelic) == 0 {
		t.Fatalf("sites %+v, want line 9's with its angelic value (reason %q)", fb.sites, fb.reason)
	}
	if len(fb.lines) == 0 || fb.lines[0].Locations[0].Line != 9 {
		t.Fatalf("lines %+v, want line 9 first", fb.lines)
	}
	for _, l := range fb.lines {
		if l.Locations[0].File != file {
			t.Errorf("line %s:%d, want only %s's", l.Locations[0].File, l.Locations[0].Line, file)
		}
	}
}
