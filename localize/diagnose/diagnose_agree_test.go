package diagnose

import (
	"maps"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/trace"
)

// TestPicks checks the order in which unifyGroups tries a group's values:
// distinct effects only, numbers by their last substituted instruction's
// value, ascending or descending, then the others by how many share them.
func TestPicks(t *testing.T) {
	en := func(effects string, vals ...trace.Value) fixEntry {
		e := fixEntry{effects: effects, values: map[trace.StaticID]trace.Value{}}
		for i, v := range vals {
			e.values[trace.StaticID(10+i)] = v
		}
		return e
	}
	tests := []struct {
		name      string
		es        []fixEntry
		ascending bool
		want      []string
	}{
		{"ascending", []fixEntry{en("742;", trace.Int(936), trace.Int(742)), en("741;", trace.Int(1), trace.Int(741)), en("742;", trace.Int(936), trace.Int(742))}, true, []string{"741;", "742;"}},
		{"descending", []fixEntry{en("741;", trace.Int(1), trace.Int(741)), en("742;", trace.Int(936), trace.Int(742))}, false, []string{"742;", "741;"}},
		{"branches by count", []fixEntry{en("->1", trace.Bool(true)), en("->2", trace.Bool(false)), en("->2", trace.Bool(false))}, true, []string{"->2", "->1"}},
		{"numbers first", []fixEntry{en("->1", trace.Bool(true)), en("5;", trace.Int(5))}, false, []string{"5;", "->1"}},
		{"no values", []fixEntry{en("3;")}, true, []string{"3;"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range picks(tt.es, tt.ascending) {
				got = append(got, e.effects)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("picks = %v, want %v", got, tt.want)
			}
		})
	}
	var many []fixEntry
	for i := range 10 {
		many = append(many, en(trace.Int(int64(i)).String(), trace.Int(int64(i))))
	}
	if n := len(picks(many, true)); n != maxPicks {
		t.Errorf("%d picks of 10 values, want %d", n, maxPicks)
	}
}

// TestBeyond checks which failed value a pick may move toward.
func TestBeyond(t *testing.T) {
	tests := []struct {
		lo, v     trace.Value
		ascending bool
		want      bool
	}{
		{trace.Int(630), trace.Int(2687), true, true},
		{trace.Int(630), trace.Int(2687), false, false},
		{trace.Int(900), trace.Int(700), false, true},
		{trace.Int(900), trace.Int(700), true, false},
		{trace.Uint(1), trace.Uint(5), true, false}, // only signed integers
		{trace.Bool(false), trace.Bool(true), true, false},
	}
	for _, tt := range tests {
		if got := beyond(tt.lo, tt.v, tt.ascending); got != tt.want {
			t.Errorf("beyond(%v, %v, %v) = %v, want %v", tt.lo, tt.v, tt.ascending, got, tt.want)
		}
	}
}

// TestDiagnoseWider diagnoses testdata/wider, whose faulty statement
// forgot to test the flag Inhibit: TestPass1 needs another value of the
// bias for TestFail1's Up and Down, so no narrow reading of a statement
// is one fix, and reading Inhibit too, one is (AlsoReads). With TestOdd
// passing too (TestFail1's inputs but for Seq, wanting the other result),
// only Seq, whose values are as many as the tests, would tell the cases
// apart, and it is not read: no diagnosis is one fix. testdata/predicate
// is the same with a forgotten condition, the predicate Below (whose
// variables take more values than a flag); its TestOdd contradicts the
// fix.
func TestDiagnoseWider(t *testing.T) {
	const wider, predicate = "github.com/faultloc/faultloc/localize/testdata/wider", "github.com/faultloc/faultloc/localize/testdata/predicate"
	tests := []struct {
		subject, name string
		passing       []string
		oneFix        map[string][]string // line: AlsoReads
	}{
		{"wider", "flag", []string{"TestPass1", "TestPass2"}, map[string][]string{
			"wider.go:17": {wider + ".Inhibit"},
			"wider.go:18": {wider + ".Inhibit"},
		}},
		{"wider", "many values", []string{"TestPass1", "TestPass2", "TestOdd"}, map[string][]string{}},
		{"predicate", "predicate", []string{"TestPass1", "TestPass2", "TestPass3", "TestPass4"}, map[string][]string{
			"predicate.go:18": {predicate + ".Below()"},
			"predicate.go:19": {predicate + ".Below()"},
		}},
		{"predicate", "contradicted", []string{"TestPass1", "TestPass2", "TestPass3", "TestPass4", "TestOdd"}, map[string][]string{}},
	}
	// Each twice: with the passing cases' runs kept, and with none kept
	// (each run again when a diagnosis's lines are among those it
	// executes), which must not change the answers.
	for _, tt := range tests {
		for _, kept := range []int{0, -1} {
			name := tt.name
			if kept < 0 {
				name += ", runs not kept"
			}
			t.Run(name, func(t *testing.T) {
				testDiagnoseWider(t, tt.subject, tt.passing, tt.oneFix, kept)
			})
		}
	}
}

func testDiagnoseWider(t *testing.T, subject string, passingNames []string, oneFix map[string][]string, kept int) {
	ctx, prog, pkg := testutil.LoadTestdata(t, subject)
	var passing []trace.Case
	for _, n := range passingNames {
		passing = append(passing, prog.GoTestCase(pkg, n))
	}
	rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestFail1"), prog.GoTestCase(pkg, "TestFail2")}, &Options{
		Search:     search.Options{MaxSize: 1},
		Consistent: true,
		Passing:    passing,
		keptEvents: kept,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Partial || len(rep.Groups) != 1 || len(rep.Errors) > 0 {
		t.Fatalf("partial %v (%s), %d groups, errors %v", rep.Partial, rep.Reason, len(rep.Groups), rep.Errors)
	}
	got := map[string][]string{}
	verified := 0
	for _, d := range rep.Diagnoses() {
		if d.Verified {
			verified++
		}
		if d.OneFix {
			got[d.Locations[0].String()] = d.AlsoReads
		} else if len(d.AlsoReads) > 0 {
			t.Errorf("%s: not one fix, and reads also %v", d.Locations[0], d.AlsoReads)
		}
	}
	if verified < 2 {
		t.Fatalf("%d verified diagnoses, want the two statements of Climb: %v", verified, testutil.DiagnosisLines(rep))
	}
	if !maps.EqualFunc(got, oneFix, slices.Equal) {
		t.Errorf("one fix (line: also reads) %v, want %v", got, oneFix)
	}
}
