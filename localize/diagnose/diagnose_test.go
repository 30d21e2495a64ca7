package diagnose

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/trace"
)

const taxPkg = "github.com/faultloc/faultloc/examples/tax"

// candidateLines returns the lines (file base:line) of a report's
// verified candidates, sorted.
func candidateLines(rep *localize.Report) []string {
	var out []string
	for _, c := range rep.Candidates {
		if !c.Verified {
			continue
		}
		var ls []string
		for _, l := range c.Locations {
			ls = append(ls, l.String())
		}
		out = append(out, strings.Join(ls, "+"))
	}
	slices.Sort(out)
	return out
}

// TestDiagnoseTax is the golden test of multi-test diagnosis: the two
// failing tests of examples/tax each have their own one-statement fix
// candidates (AgxFaults), which differ, and the one diagnosis that
// explains both at once is the fault, rate's return; the text and JSON
// reports are golden files (-update rewrites them).
func TestDiagnoseTax(t *testing.T) {
	ctx := context.Background()
	prog := testutil.LoadTax(t)
	var cases []trace.Case
	var alone [][]string
	for _, name := range []string{"TestTax", "TestNet"} {
		c := prog.GoTestCase(taxPkg, name)
		cases = append(cases, c)
		rep, err := search.Localize(ctx, prog, c, &search.Options{MaxSize: 1, Sanity: true})
		if err != nil {
			t.Fatal(err)
		}
		alone = append(alone, candidateLines(rep))
	}
	if slices.Equal(alone[0], alone[1]) {
		t.Fatalf("the premise: the tests' candidates differ, both are %v", alone[0])
	}
	for i, name := range []string{"TestTax", "TestNet"} {
		if !slices.Contains(alone[i], "tax.go:11") || len(alone[i]) < 2 {
			t.Fatalf("the premise: %s alone has the fault and another candidate; it has %v", name, alone[i])
		}
	}
	rep, err := Run(ctx, prog, cases, &Options{Search: search.Options{Sanity: true}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := testutil.DiagnosisLines(rep), []string{"tax.go:11*"}; !slices.Equal(got, want) {
		t.Errorf("diagnoses %v, want %v", got, want)
	}
	if rep.Grouping != GroupingJoint || len(rep.Groups) != 1 || rep.Partial || len(rep.Errors) > 0 {
		t.Errorf("grouping %s, %d groups, partial %v (%s), errors %v", rep.Grouping, len(rep.Groups), rep.Partial, rep.Reason, rep.Errors)
	}
	if d := rep.Diagnoses(); len(d) == 1 {
		if !slices.Equal(d[0].Explains, []string{"TestTax", "TestNet"}) || len(d[0].Cases) != 2 {
			t.Errorf("the diagnosis explains %v, %d cases' values", d[0].Explains, len(d[0].Cases))
		}
		// Each case has its own angelic value: Tax(100) is 20 only
		// with rate 20, Net(120) is 100 with rate 19 or 20.
		want := map[string][]string{"TestTax": {"20"}, "TestNet": {"19", "20"}}
		for _, cv := range d[0].Cases {
			if len(cv.Angelic) != 1 || !slices.Contains(want[cv.Case], cv.Angelic[0].Value) || !cv.Passed {
				t.Errorf("%s: angelic values %+v, passed %v; want rate's return in %v", cv.Case, cv.Angelic, cv.Passed, want[cv.Case])
			}
		}
	}
	rep.Stats = localize.Stats{} // times and counts vary
	rep.RelativeTo(testutil.Root())
	var text, js bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for i := range rep.Groups {
		rep.Groups[i].Stats = localize.Stats{}
	}
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back localize.DiagnosisReport
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Diagnoses()) != 1 {
		t.Errorf("the JSON report does not read back: %v, %d diagnoses", err, len(back.Diagnoses()))
	}
	testutil.Golden(t, "tax.txt", text.String())
	testutil.Golden(t, "tax.json", js.String())
}

// TestDiagnoseGroups diagnoses the failing test of examples/tax with a
// failing test of another fault (examples/foo's) loaded in the same
// program: no one statement explains both, so the cases are grouped and
// each group gets its own diagnoses; and it checks partition's rule on
// made-up enumerations.
func TestDiagnoseGroups(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		cases    []string
		explains [][]string
		failures map[string]string
		want     [][]string
		how      string
	}{
		{"by diagnosis", []string{"a", "b", "c"}, [][]string{{"a"}, {"b", "c"}}, nil, [][]string{{"b", "c"}, {"a"}}, GroupingByDiagnosis},
		{"left over by assertion", []string{"a", "b", "c"}, [][]string{{"a"}}, map[string]string{"b": "x.go:3: bad", "c": "x.go:3: worse"}, [][]string{{"a"}, {"b", "c"}}, GroupingByDiagnosis},
		{"by assertion", []string{"a", "b", "c"}, nil, map[string]string{"a": "x.go:3: bad", "b": "x.go:4: bad", "c": "x.go:3: worse"}, [][]string{{"a", "c"}, {"b"}}, GroupingByAssertion},
	}
	for _, tt := range tests {
		g := &groupResult{DiagnosisGroup: localize.DiagnosisGroup{Cases: tt.cases}, failures: tt.failures}
		for _, e := range tt.explains {
			g.Diagnoses = append(g.Diagnoses, localize.Diagnosis{Explains: e})
		}
		got, how := partition(g)
		if how != tt.how || !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("%s: partition = %v, %s; want %v, %s", tt.name, got, how, tt.want, tt.how)
		}
	}

	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir(), Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./tax", "./triangle")
	if err != nil {
		t.Fatal(err)
	}
	cases := []trace.Case{prog.GoTestCase(taxPkg, "TestTax"), prog.GoTestCase(testutil.ExamplesPkg+"triangle", "TestClassify/T8")}
	rep, err := Run(ctx, prog, cases, &Options{Search: search.Options{MaxSize: 1, Arith: testutil.QuickArith()}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Grouping == GroupingJoint || len(rep.Groups) != 2 {
		t.Fatalf("grouping %s into %d groups; want each case alone", rep.Grouping, len(rep.Groups))
	}
	for _, g := range rep.Groups {
		if len(g.Cases) != 1 || len(g.Diagnoses) == 0 || !g.Diagnoses[0].Verified {
			t.Errorf("group %v: %d diagnoses", g.Cases, len(g.Diagnoses))
		}
	}
	if joint := rep.Stats.Runs; joint == 0 {
		t.Error("no runs counted")
	}
}

// TestDiagnoseConsistent diagnoses the two failing tests of
// testdata/consistent, whose fault is the constant bound of an A. Each
// of four statements explains both tests with values of its own per test
// (the bound, the branch on it, the assignment of a B, the return), so
// all four are verified. Read as one fix (DiagnoseOptions.Consistent),
// the assignment of a B and the return are none: the value each needs
// for the failing tests' inputs differs from the one a passing test (a
// B, TestB85) needs for the same inputs. The bound is one fix, with one
// new constant for both tests that keeps TestB85 passing (the first the
// solver proposed broke it, and TestB85's failing run joined the
// formula), and so is the branch.
func TestDiagnoseConsistent(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "consistent")
	var failing, passing []trace.Case
	for _, n := range []string{"TestA92", "TestA90"} {
		failing = append(failing, prog.GoTestCase(pkg, n))
	}
	for _, n := range []string{"TestB85", "TestC70", "TestA99"} {
		passing = append(passing, prog.GoTestCase(pkg, n))
	}
	all := []string{"grade.go:8*", "grade.go:10*", "grade.go:13*", "grade.go:15*"}
	tests := []struct {
		name       string
		consistent bool
		oneFix     []string // the lines of the diagnoses that are one fix
		challenged []string // those a passing case challenged
		rejected   []string // the lines of those TestB85 rejects
	}{
		{"per case", false, nil, nil, nil},
		// Line 10's table holds the failing scores alone, which no
		// passing case has: one fix, which no passing case challenges.
		{"one fix", true, []string{"grade.go:8", "grade.go:10"}, []string{"grade.go:8"}, []string{"grade.go:13", "grade.go:15"}},
	}
	byLine := func(a, b string) int { return cmp.Compare(lineOf(a), lineOf(b)) }
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Run(ctx, prog, failing, &Options{
				Search:     search.Options{MaxSize: 1},
				Consistent: tt.consistent,
				Passing:    passing,
			})
			if err != nil {
				t.Fatal(err)
			}
			got := testutil.DiagnosisLines(rep)
			slices.SortFunc(got, byLine)
			if !slices.Equal(got, all) || rep.Partial || len(rep.Groups) != 1 {
				t.Fatalf("diagnoses %v (partial %v: %s), want %v", got, rep.Partial, rep.Reason, all)
			}
			var oneFix, rejected []string
			for _, d := range rep.Diagnoses() {
				l := d.Locations[0].String()
				switch {
				case d.OneFix && d.Rejected == "":
					oneFix = append(oneFix, l)
					if ch := slices.Contains(tt.challenged, l); ch != (d.Challenged > 0) {
						t.Errorf("%s: challenged by %d passing cases, want challenged %v", l, d.Challenged, ch)
					}
				case d.Rejected != "":
					if d.OneFix || !strings.Contains(d.Rejected, "TestB85") {
						t.Errorf("%s: one fix %v, rejected: %s", l, d.OneFix, d.Rejected)
					}
					rejected = append(rejected, l)
				}
			}
			slices.SortFunc(oneFix, byLine)
			slices.SortFunc(rejected, byLine)
			if !slices.Equal(oneFix, tt.oneFix) || !slices.Equal(rejected, tt.rejected) {
				t.Errorf("one fix %v, rejected %v; want %v, %v", oneFix, rejected, tt.oneFix, tt.rejected)
			}
			var best []string
			for _, d := range rep.Groups[0].Best() {
				best = append(best, d.Locations[0].String())
			}
			slices.SortFunc(best, byLine)
			want := tt.oneFix // Best
			if want == nil {
				want = []string{"grade.go:8", "grade.go:10", "grade.go:13", "grade.go:15"} // the verified
			}
			if !slices.Equal(best, want) {
				t.Errorf("Best %v, want %v", best, want)
			}
			if tt.consistent {
				for _, d := range rep.Diagnoses() {
					if l := d.Locations[0].String(); l == "grade.go:8" {
						// One constant for both tests (encode.Options.Shared),
						// that keeps 85 a B.
						var vals []string
						for _, cv := range d.Cases {
							if len(cv.Angelic) != 1 {
								t.Fatalf("%s: angelic values %v", cv.Case, cv.Angelic)
							}
							vals = append(vals, cv.Angelic[0].Value)
						}
						if n, err := strconv.Atoi(vals[0]); err != nil || n < 86 || n > 90 || len(slices.Compact(vals)) != 1 {
							t.Errorf("the bound is %v, want one value in 86..90", vals)
						}
					}
				}
			}
		})
	}
}

// lineOf returns the line of "file:line" (with an optional "*").
func lineOf(s string) int {
	_, l, _ := strings.Cut(strings.TrimSuffix(s, "*"), ":")
	n, _ := strconv.Atoi(l)
	return n
}

// TestDiagnoseAgree diagnoses failing tests of testdata/agree that call
// Bias(600), whose constant is wrong, each needing the result past a
// threshold of its own: each case's formula alone gives Bias's return the
// value nearest the original that passes (651 for one, 681 for another),
// so the values the cases chose differ for the same input. Read as one
// fix, the diagnosis is one only once they agree: in the joint search
// (two cases) the checks ask for equal values, and with more cases than
// the joint formula takes (checked case by case) one of the chosen values
// is given to all and replayed. TestNot, passing, keeps the value at 700
// at most; with the 35 cases of TestMany (thresholds up to 699) the
// value is exactly the fix's.
func TestDiagnoseAgree(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "agree")
	many := []string{}
	for down := 631; down < 700; down += 2 {
		many = append(many, "TestMany/"+strconv.Itoa(down))
	}
	tests := []struct {
		name  string
		cases []string
		lo    int // the least value all cases may share
	}{
		{"joint", []string{"TestFew", "TestFew2"}, 681},
		{"case by case", many, 700},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var failing []trace.Case
			for _, n := range tt.cases {
				failing = append(failing, prog.GoTestCase(pkg, n))
			}
			rep, err := Run(ctx, prog, failing, &Options{
				Search:     search.Options{MaxSize: 1},
				Consistent: true,
				Passing:    []trace.Case{prog.GoTestCase(pkg, "TestNot")},
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Partial || len(rep.Groups) != 1 || len(rep.Errors) > 0 {
				t.Fatalf("partial %v (%s), %d groups, errors %v", rep.Partial, rep.Reason, len(rep.Groups), rep.Errors)
			}
			var bias *localize.Diagnosis
			for _, d := range rep.Diagnoses() {
				if len(d.Locations) == 1 && d.Locations[0].String() == "agree.go:8" {
					bias = &d
				}
			}
			if bias == nil {
				t.Fatalf("no diagnosis at Bias's return: %v", testutil.DiagnosisLines(rep))
			}
			if !bias.OneFix || bias.Rejected != "" || len(bias.Explains) != len(tt.cases) {
				for _, cv := range bias.Cases {
					t.Logf("%s: %+v", cv.Case, cv.Angelic)
				}
				t.Fatalf("Bias's return: one fix %v (%s), explains %d of %d", bias.OneFix, bias.Rejected, len(bias.Explains), len(tt.cases))
			}
			// The value each case's replay returned from Bias.
			var vals []string
			for _, cv := range bias.Cases {
				v := ""
				for _, a := range cv.Angelic {
					if a.Value != a.Orig {
						v = a.Value
					}
				}
				vals = append(vals, v)
			}
			n, err := strconv.Atoi(vals[0])
			if len(slices.Compact(slices.Clone(vals))) != 1 || err != nil || n < tt.lo || n > 700 {
				t.Errorf("Bias(600) is %v in the cases, want one value in %d..700", vals, tt.lo)
			}
			if !slices.ContainsFunc(rep.Groups[0].Best(), func(d localize.Diagnosis) bool { return d.Locations[0].String() == "agree.go:8" }) {
				t.Errorf("Bias's return is not among the best diagnoses")
			}
		})
	}
}

// TestJoinDistinct: the errors of cases checked in parallel are joined
// on one line, each message once, and each stays visible to errors.Is.
func TestJoinDistinct(t *testing.T) {
	enc := errors.New("localize: encode: interrupted")
	for _, tt := range []struct {
		name string
		errs []error
		want string
	}{
		{"none", []error{nil, nil}, ""},
		{"one", []error{nil, context.DeadlineExceeded}, "context deadline exceeded"},
		{"same twice", []error{context.DeadlineExceeded, nil, context.DeadlineExceeded}, "context deadline exceeded"},
		{"two", []error{enc, context.DeadlineExceeded, enc}, "localize: encode: interrupted; context deadline exceeded"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := joinDistinct(tt.errs)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			for _, e := range tt.errs {
				if e != nil && !errors.Is(err, e) {
					t.Errorf("errors.Is(%v, %v) = false", err, e)
				}
			}
		})
	}
}
