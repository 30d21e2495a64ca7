package repair

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize"
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
	ctx := context.Background()
	prog, file, add := loadAbs(t)
	m := spectra.NewMatrix()
	var failing []trace.Case
	for _, name := range []string{"TestNegativeOne", "TestNegativeFive", "TestPositive"} {
		if c, passed := add(m, name); !passed {
			failing = append(failing, c)
		}
	}
	if len(failing) != 2 {
		t.Fatalf("%d failing cases, want 2", len(failing))
	}
	fb := fallbackSites(ctx, prog, "github.com/faultloc/faultloc/localize/repair/testdata/abs", &localize.Report{}, failing, m, 0, 10, nil)
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
