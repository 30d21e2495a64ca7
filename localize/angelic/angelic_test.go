package angelic

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/trace"
)

// angelicTable formats an angelic report as the paper's tables do: one
// row per candidate with its instance, expression, the failing run's value
// and the alternate value, then its flexibility on the passing cases and
// its inhibitors.
func angelicTable(rep *localize.Report) string { return testutil.AngelicTableOf(rep, false) }

// TestAlternates: the values FlexTest tries differ from the run's and
// have its kind; the candidate's angelic values come first.
func TestAlternates(t *testing.T) {
	tests := []struct {
		orig    trace.Value
		branch  bool
		angelic []string
		want    string
	}{
		{trace.Bool(true), true, nil, "false"},
		{trace.Bool(false), false, []string{"true"}, "true"},
		{trace.Int(26), false, []string{"7", "26", "x"}, "7 27 25 0 1 -1 -26"},
		{trace.Int(0), false, nil, "1 -1"},
		{trace.Uint(0), false, []string{"3"}, "3 1 18446744073709551615"},
		{trace.String("KB"), false, []string{`"KiB"`}, `"KiB" ""`},
		{trace.Value{}, false, []string{"1"}, ""},
		{trace.Struct(trace.Int(2), trace.Bool(true)), false, nil, "{3 true} {1 true} {0 true} {-1 true} {-2 true} {2 false}"},
		{trace.Array(trace.Uint(0), trace.Uint(5)), false, nil, "[1 5] [18446744073709551615 5] [0 6] [0 4] [0 0] [0 1]"},
		{trace.Struct(trace.Struct(trace.Int(1)), trace.String("a")), false, nil, `{{1} ""}`},
	}
	for _, tt := range tests {
		var got []string
		for _, v := range alternates(tt.orig, tt.branch, tt.angelic) {
			if v.Kind() != tt.orig.Kind() {
				t.Errorf("alternates(%v): %v has kind %v, want %v", tt.orig, v, v.Kind(), tt.orig.Kind())
			}
			got = append(got, v.String())
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("alternates(%v, %v, %q) = %s, want %s", tt.orig, tt.branch, tt.angelic, g, tt.want)
		}
	}
}

// TestAngelicTestData: AngelicTest and FlexTest called directly, on the
// triangle's tests given as data (Classify's result is the oracle, not a
// go test's assertions): the same survivors as TestAngelicPaper's.
func TestAngelicTestData(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// A program of its own: the shared one's spectra (TestWriteHTML's)
	// list every line of the functions it has compiled.
	p, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir()}, "./triangle")
	if err != nil {
		t.Fatal(err)
	}
	var failing trace.Case
	var passing []trace.Case
	for _, c := range triangle.Cases {
		tc := p.TestCase(testutil.IntTest(t, p, "triangle", "Classify", c.Name, int64(c.Want), int64(c.A), int64(c.B), int64(c.C)))
		if c.Name == "T8" {
			failing = tc
		} else {
			passing = append(passing, tc)
		}
	}
	rep, err := Localize(ctx, p, failing, &Options{Search: search.Options{Arith: testutil.QuickArith()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Candidates) != 9 || rep.Mode != Mode {
		t.Errorf("%d candidates in mode %s, want 9 in %s:\n%s", len(rep.Candidates), rep.Mode, Mode, angelicTable(rep))
	}
	// A case out of time decides nothing: no candidate is inhibited.
	late, err := FlexTest(ctx, p, rep.Candidates, &FlexOptions{Passing: passing, CaseTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range late {
		if c.Inhibited() || len(c.Flex.Flexible) > 0 {
			t.Errorf("%v decided with no time: %+v", c.Locations, *c.Flex)
		}
	}
	rep.Candidates, err = FlexTest(ctx, p, rep.Candidates, &FlexOptions{Passing: passing})
	if err != nil {
		t.Fatal(err)
	}
	rep.PruneInhibited(false)
	var got []string
	for _, c := range rep.Candidates {
		got = append(got, fmt.Sprintf("%d:%d %s", c.Locations[0].Line, c.Locations[0].Column, c.Locations[0].Expr))
	}
	if want := []string{"23:6 a", "23:11 c"}; !slices.Equal(got, want) {
		t.Errorf("survivors %q, want %q:\n%s", got, want, angelicTable(rep))
	}
}

// BenchmarkFlexTest measures the flexibility test per passing case: the
// triangle's line candidates for T8 (AgxFaults, size 1), tested on its
// seven passing cases, with the solver search (solver) and with the
// values tried alone (values, FlexOptions.NoSolver); ns/op divided by
// seven is the cost of one case (its run, its replays, about ten per
// instance tried, and its searches where those keep it passing nowhere).
// The searches and runs per op are reported.
func BenchmarkFlexTest(b *testing.B) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir(), Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle")
	if err != nil {
		b.Fatal(err)
	}
	pkg := testutil.ExamplesPkg + "triangle"
	rep, err := search.Localize(ctx, prog, prog.GoTestCase(pkg, "TestClassify/T8"), &search.Options{MaxSize: 1})
	if err != nil {
		b.Fatal(err)
	}
	var passing []trace.Case
	for i := 1; i <= 7; i++ {
		passing = append(passing, prog.GoTestCase(pkg, fmt.Sprintf("TestClassify/T%d", i)))
	}
	for _, noSolver := range []bool{false, true} {
		name := "solver"
		if noSolver {
			name = "values"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportMetric(float64(len(passing)), "cases/op")
			var searches, runs int
			for b.Loop() {
				out, err := FlexTest(ctx, prog, rep.Candidates, &FlexOptions{Passing: passing, NoSolver: noSolver})
				if err != nil {
					b.Fatal(err)
				}
				searches, runs = 0, 0
				for _, c := range out {
					searches += c.Flex.Searches
					runs += c.Flex.Runs
				}
			}
			b.ReportMetric(float64(searches), "searches/op")
			b.ReportMetric(float64(runs), "runs/op")
		})
	}
}

// TestFlexStruct: the flexibility test changes a struct held in one
// instance field by field, as the paper's shallow snapshot compares it:
// Span's `return p` is flexible for a test that reads Lo alone (a
// different Hi keeps it passing) and inhibited by one that reads both.
func TestFlexStruct(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.Subject("flexstruct"), Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("flexstruct"), "flexstruct.go"))
	if err != nil {
		t.Fatal(err)
	}
	cand := localize.Candidate{Verified: true, Locations: []localize.Location{{Position: localize.Position{File: file, Line: 19}}}}
	out, err := FlexTest(ctx, prog, []localize.Candidate{cand}, &FlexOptions{Passing: []trace.Case{prog.GoTestCase(pkg, "TestLo"), prog.GoTestCase(pkg, "TestBoth")}})
	if err != nil {
		t.Fatal(err)
	}
	fl := out[0].Flex
	if fl.Executed != 2 || len(fl.Flexible) != 1 || fl.Flexible[0].Case != "TestLo" || !slices.Equal(fl.Inhibitors, []string{"TestBoth"}) {
		t.Fatalf("flexibility %+v, want flexible in TestLo, inhibited by TestBoth", fl)
	}
	if v := fl.Flexible[0].Value; !strings.HasPrefix(v, "{1 ") || v == "{1 3}" {
		t.Errorf("TestLo's alternate %q, want {1 h} with h != 3", v)
	}
}
