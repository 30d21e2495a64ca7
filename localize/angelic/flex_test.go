package angelic

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/trace"
)

// TestFlexSolver: the solver search decides the cases the values tried
// first leave open. Each candidate is a line of testdata/flexsolve whose
// value (30, 21, -1 in its passing test, and the value read of its
// argument) keeps the test passing only for
// values those do not include (1000 for Bulk) or for no other value.
//   - Bulk: the solver finds 1000 (or 980 for n), which the replay verifies: flexible,
//     by the solver; without the solver, the same case is an inhibitor;
//   - Triple: the formula has no other value: inhibited, and proved;
//   - Full: the formula does not model the library's bit count, so its
//     models are values whose replay fails: the case is not flexible,
//     whatever the solver said, and not proved.
func TestFlexSolver(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.Subject("flexsolve"), Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("flexsolve"), "flexsolve.go"))
	if err != nil {
		t.Fatal(err)
	}
	cand := func(line int) localize.Candidate {
		return localize.Candidate{Verified: true, Locations: []localize.Location{{Position: localize.Position{File: file, Line: line}}}}
	}
	tests := []struct {
		name     string
		line     int
		noSolver bool
		// want: "flexible" (with the value), "proved" (an inhibitor the
		// solver proved), "inhibited" (by the values tried alone), or
		// "open" (not flexible, not proved).
		want  string
		value []string // the values flexible may find
	}{
		{"Bulk", 11, false, "flexible", []string{"980", "1000"}},
		{"Bulk", 11, true, "inhibited", nil},
		{"Triple", 20, false, "proved", nil},
		{"Full", 29, false, "open", nil},
	}
	for _, tt := range tests {
		c := prog.GoTestCase(pkg, "Test"+tt.name)
		out, err := FlexTest(ctx, prog, []localize.Candidate{cand(tt.line)}, &FlexOptions{Passing: []trace.Case{c}, NoSolver: tt.noSolver})
		if err != nil {
			t.Fatal(err)
		}
		fl := out[0].Flex
		if fl.Executed != 1 {
			t.Fatalf("%s: executed by %d cases, want 1: %+v", tt.name, fl.Executed, *fl)
		}
		switch tt.want {
		case "flexible":
			if len(fl.Flexible) != 1 || !slices.Contains(tt.value, fl.Flexible[0].Value) || !fl.Flexible[0].Solver || fl.Searches == 0 {
				t.Errorf("%s: %+v, want flexible with %s found by the solver", tt.name, *fl, tt.value)
			}
		case "inhibited":
			if !slices.Equal(fl.Inhibitors, []string{"TestBulk"}) || len(fl.Proved) > 0 || fl.Searches != 0 {
				t.Errorf("%s without the solver: %+v, want inhibited, no search", tt.name, *fl)
			}
		case "proved":
			if len(fl.Flexible) > 0 || !slices.Equal(fl.Proved, fl.Inhibitors) || len(fl.Proved) != 1 {
				t.Errorf("%s: %+v, want an inhibitor, proved", tt.name, *fl)
			}
		case "open":
			if len(fl.Flexible) > 0 || len(fl.Proved) > 0 || fl.Searches == 0 {
				t.Errorf("%s: %+v, want neither flexible nor proved, after a search", tt.name, *fl)
			}
			t.Logf("%s: %+v", tt.name, *fl)
		}
	}
}
