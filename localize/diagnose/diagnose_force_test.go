package diagnose

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/maxsat"

	"github.com/faultloc/faultloc/trace"
)

// TestDiagnoseForce diagnoses testdata/flip's faults, each with its two
// failing tests and its line checked first, once with the solver and once
// with every solver check bounded by a millisecond, so that no case's
// formula answers: the faulty line is a verified diagnosis that is one
// fix either way, found by forcing its values (forceAlone). The angelic
// values show how (the one-fix check may list unchanged values too:
// those its table gives), checked by the row's changed. The comparison
// of Label is a branch; TestLabels passes with Label(10)'s decision
// forced, the second of its three (the last, Label(12)'s, forced alone
// fails). Positive's is the Boolean it returns; TestCount passes with
// Positive(0)'s forced. Ratio's result is replaced with NaN at every
// instance; Last's with one less; Triple's with what each row's check
// expected (expected), which no one value gives.
func TestDiagnoseForce(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	onePredicate := func(as []localize.AngelicValue) string {
		changed := 0
		for _, a := range as {
			if !a.Branch && a.Value != "true" && a.Value != "false" {
				return "not a predicate"
			}
			if a.Value != a.Orig {
				changed++
			}
		}
		if changed != 1 {
			return "not one predicate forced"
		}
		return ""
	}
	replaced := func(want func(orig string) string) func([]localize.AngelicValue) string {
		return func(as []localize.AngelicValue) string {
			changed := 0
			for _, a := range as {
				if a.Value != a.Orig {
					changed++
					if a.Branch || a.Value != want(a.Orig) {
						return "not the value wanted"
					}
				}
			}
			if changed == 0 {
				return "no value changed"
			}
			return ""
		}
	}
	for _, tt := range []struct {
		name             string
		failing, passing []string
		line             int
		changed          func([]localize.AngelicValue) string // "" if the case's values are as expected, else what is wrong
	}{
		{"branch", []string{"TestTen", "TestLabels"}, []string{"TestNine", "TestEleven"}, 11, onePredicate},
		{"returned", []string{"TestZero", "TestCount"}, []string{"TestPositive"}, 28, onePredicate},
		{"NaN", []string{"TestRatioZero", "TestRatiosZero"}, []string{"TestRatio"}, 45, replaced(func(string) string { return "NaN" })},
		{"one less", []string{"TestLastOne", "TestLastThree"}, nil, 50, replaced(func(orig string) string {
			n, err := strconv.Atoi(orig)
			if err != nil {
				return "not a number: " + orig
			}
			return strconv.Itoa(n - 1)
		})},
		{"expected", []string{"TestTriples", "TestMoreTriples"}, nil, 55, replaced(func(orig string) string {
			n, err := strconv.Atoi(orig)
			if err != nil {
				return "not a number: " + orig
			}
			return strconv.Itoa(n / 2 * 3)
		})},
	} {
		var failing, passing []trace.Case
		for _, n := range tt.failing {
			failing = append(failing, prog.GoTestCase(pkg, n))
		}
		for _, n := range tt.passing {
			passing = append(passing, prog.GoTestCase(pkg, n))
		}
		for _, timeout := range []time.Duration{0, time.Millisecond} {
			name := tt.name
			if timeout > 0 {
				name += ", no answer"
			}
			t.Run(name, func(t *testing.T) {
				rep, err := Run(ctx, prog, failing, &Options{
					Search:     search.Options{MaxSize: 1, SolverTimeout: timeout},
					First:      []trace.Line{{File: file, Line: tt.line}},
					Consistent: true,
					Passing:    passing,
				})
				if err != nil {
					t.Fatal(err)
				}
				ds := rep.Diagnoses()
				if len(ds) == 0 {
					t.Fatalf("no diagnosis (%s)", rep.Reason)
				}
				d := ds[0]
				if d.Locations[0].Line != tt.line || !d.Verified || !d.OneFix || len(d.Explains) != 2 {
					t.Fatalf("first diagnosis %v: verified %v, one fix %v (%s), explains %v", d.Locations, d.Verified, d.OneFix, d.Rejected, d.Explains)
				}
				for _, c := range d.Cases {
					if why := tt.changed(c.Angelic); why != "" {
						t.Errorf("%s: angelic %+v: %s", c.Case, c.Angelic, why)
					}
				}
			})
		}
	}
}

// TestDiagnoseForceOrigin: of two diagnoses forcing finds, the line that
// computes the value comes before the line that passes it on, though the
// lines checked first had them the other way.
func TestDiagnoseForceOrigin(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestTripled")}, &Options{
		Search: search.Options{MaxSize: 1, SolverTimeout: time.Millisecond},
		First:  []trace.Line{{File: file, Line: 60}, {File: file, Line: 55}}, // return Triple(n), then the fault
	})
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, d := range rep.Diagnoses() {
		if d.Verified {
			lines = append(lines, d.Locations[0].Line)
		}
	}
	if len(lines) < 2 || lines[0] != 55 || lines[1] != 60 {
		t.Errorf("verified diagnoses on lines %v, want 55 then 60 first", lines)
	}
}

// TestDiagnosePassingFails: a case given as passing that fails is left
// out of the one-fix check and named in the report's errors, with how it
// failed; the diagnosis goes on with the others.
func TestDiagnosePassingFails(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "flip")
	rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestZero")}, &Options{
		Search:     search.Options{MaxSize: 1},
		Consistent: true,
		Passing:    []trace.Case{prog.GoTestCase(pkg, "TestPositive"), prog.GoTestCase(pkg, "TestCount")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || rep.Errors[0].Case != "TestCount" || !strings.Contains(rep.Errors[0].Failure, "given as passing, it fails: flip_test.go:") || !strings.Contains(rep.Errors[0].Failure, "CountPositive = 2, want 1") {
		t.Errorf("errors %+v, want TestCount's failure", rep.Errors)
	}
	if len(rep.Diagnoses()) == 0 {
		t.Errorf("no diagnosis")
	}
}

// TestDiagnoseForceFirst: the lines checked first are forced before any
// case's formula holds its run. With every case's encoding of its run
// failing at once (an encoder whose Done is closed: "encode:
// interrupted"), so that no case has a formula, testdata/flip's branch
// fault is still a verified diagnosis that is one fix, found by forcing
// alone; each case's formula is named in the report's errors.
func TestDiagnoseForceFirst(t *testing.T) {
	ctx, prog, pkg, file := testutil.LoadFlip(t)
	stop := make(chan struct{})
	close(stop)
	hook := func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
		eo.Done = stop
		if first.Test != nil {
			return encode.New(prog, s, *first.Test, eo)
		}
		return encode.NewAssertions(prog, s, eo), nil
	}
	rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestTen"), prog.GoTestCase(pkg, "TestLabels")}, &Options{
		Search:     search.Options{MaxSize: 1},
		First:      []trace.Line{{File: file, Line: 11}},
		Consistent: true,
		Passing:    []trace.Case{prog.GoTestCase(pkg, "TestNine"), prog.GoTestCase(pkg, "TestEleven")},
		newEncoder: hook,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 2 || !strings.Contains(rep.Errors[0].Failure, "interrupted") {
		t.Errorf("errors %+v, want both cases' encodings interrupted", rep.Errors)
	}
	ds := rep.Diagnoses()
	if len(ds) == 0 {
		t.Fatalf("no diagnosis (%s)", rep.Reason)
	}
	if d := ds[0]; d.Locations[0].Line != 11 || !d.Verified || !d.OneFix || len(d.Explains) != 2 {
		t.Errorf("first diagnosis %v: verified %v, one fix %v (%s), explains %v", d.Locations, d.Verified, d.OneFix, d.Rejected, d.Explains)
	}
}
