package diagnose

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/trace"
)

// TestOnLinesFirst checks the order in which singles checks statements:
// those on the lines first, in the lines' order (a line's statements by
// expression too), then the others in their order; with only, the first
// alone.
func TestOnLinesFirst(t *testing.T) {
	names := []string{"a.go:3", "a.go:5:2", "a.go:5:9", "a.go:50", "b.go:5"}
	lines := []trace.Line{{File: "b.go", Line: 5}, {File: "a.go", Line: 5}, {File: "c.go", Line: 1}}
	tests := []struct {
		name  string
		first []trace.Line
		only  bool
		want  []string
	}{
		{"no lines", nil, false, names},
		{"no lines, only", nil, true, nil},
		{"first", lines, false, []string{"b.go:5", "a.go:5:2", "a.go:5:9", "a.go:3", "a.go:50"}},
		{"only", lines, true, []string{"b.go:5", "a.go:5:2", "a.go:5:9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := onLinesFirst(slices.Clone(names), tt.first, tt.only); !slices.Equal(got, tt.want) {
				t.Errorf("onLinesFirst = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestKeyOf checks how values count as inputs of an execution.
func TestKeyOf(t *testing.T) {
	long := make([]trace.Value, 65)
	for i := range long {
		long[i] = trace.Int(int64(i))
	}
	tests := []struct {
		name string
		v    trace.Value
		key  string
		ok   bool
	}{
		{"int", trace.Int(-3), "-3", true},
		{"string", trace.String("ab"), `"ab"`, true},
		{"struct", trace.Struct(trace.Int(1), trace.Bool(true)), "{1 true}", true},
		{"empty slice", trace.Slice(), "{}", true},
		{"slice", trace.Slice(trace.Int(1), trace.Int(2)), "{1 2}", true},
		{"long slice", trace.Slice(long...), "", false},
		{"invalid", trace.Value{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, ok := keyOf(tt.v, 0)
			if ok != tt.ok || (ok && key != tt.key) {
				t.Errorf("keyOf(%v) = %q, %v; want %q, %v", tt.v, key, ok, tt.key, tt.ok)
			}
		})
	}
}

// TestDiagnoseFirst diagnoses testdata/consistent's failing tests with
// lines to check first: the diagnoses are those of the joint search
// alone, once each, those on the lines first in the lines' order.
func TestDiagnoseFirst(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "consistent")
	failing := []trace.Case{prog.GoTestCase(pkg, "TestA92"), prog.GoTestCase(pkg, "TestA90")}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("consistent"), "grade.go"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(first []trace.Line) []string {
		rep, err := Run(ctx, prog, failing, &Options{Search: search.Options{MaxSize: 1}, First: first})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Partial {
			t.Fatalf("partial: %s", rep.Reason)
		}
		return testutil.DiagnosisLines(rep)
	}
	alone := run(nil)
	got := run([]trace.Line{{File: file, Line: 13}, {File: file, Line: 99}, {File: file, Line: 8}})
	if len(got) < 3 || got[0] != "grade.go:13*" || got[1] != "grade.go:8*" {
		t.Fatalf("diagnoses %v, want grade.go:13* and grade.go:8* first", got)
	}
	slices.Sort(alone)
	sorted := slices.Sorted(slices.Values(got))
	if !slices.Equal(sorted, alone) {
		t.Errorf("diagnoses with lines first %v, without %v", got, alone)
	}
	if strings.Count(strings.Join(got, ","), "grade.go:13*") != 1 {
		t.Errorf("grade.go:13 twice: %v", got)
	}
}

// TestDiagnoseRefs diagnoses testdata/refs, whose faulty line reads its
// receiver through a pointer: the receiver counts by whether it is nil,
// so TestLoose, with TestLonger's n and r.N and the other result,
// rejects the line as one fix (a pointer read once made the execution
// constrain nothing, and the line passed).
func TestDiagnoseRefs(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "refs")
	tests := []struct {
		name    string
		passing []string
		oneFix  bool
	}{
		{"exact only", []string{"TestExact"}, true},
		{"loose too", []string{"TestExact", "TestLoose"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var passing []trace.Case
			for _, n := range tt.passing {
				passing = append(passing, prog.GoTestCase(pkg, n))
			}
			rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestLonger")}, &Options{
				Search:     search.Options{MaxSize: 1},
				Consistent: true,
				Passing:    passing,
			})
			if err != nil {
				t.Fatal(err)
			}
			var match *localize.Diagnosis
			for _, d := range rep.Diagnoses() {
				if d.Locations[0].String() == "refs.go:15" {
					match = &d
				}
			}
			if match == nil || !match.Verified {
				t.Fatalf("no verified diagnosis at refs.go:15: %v", testutil.DiagnosisLines(rep))
			}
			if match.OneFix != tt.oneFix || (!tt.oneFix && !strings.Contains(match.Rejected, "TestLoose")) {
				t.Errorf("refs.go:15: one fix %v (%s), want %v", match.OneFix, match.Rejected, tt.oneFix)
			}
		})
	}
}
