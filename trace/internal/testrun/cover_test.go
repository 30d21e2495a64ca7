package testrun

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// coverCount counts coverage-only runs by how they ended: complete from
// the fast form's marks, or repeated recorded.
type coverCount struct{ fast, again int }

// checkCovered compares a coverage-only result with the statics of a
// recorded run of the same thing.
func checkCovered(t *testing.T, name string, cov, rec *interp.Result) {
	t.Helper()
	if cov.Trace != nil {
		t.Errorf("%s: a coverage-only run returned a trace", name)
	}
	if rec.Trace == nil {
		t.Fatalf("%s: the recorded run has no trace", name)
	}
	want := coveredByTrace(rec.Trace)
	if !slices.Equal(cov.Covered, want) {
		t.Errorf("%s: covered %d statics, the trace names %d:\nonly covered: %v\nonly traced: %v", name,
			len(cov.Covered), len(want), missing(cov.Covered, want, rec.Trace), missing(want, cov.Covered, rec.Trace))
	}
	if cov.Outcome != rec.Outcome || cov.Steps != rec.Steps {
		t.Errorf("%s: coverage-only run %v in %d steps, recorded %v in %d", name, cov.Outcome, cov.Steps, rec.Outcome, rec.Steps)
	}
}

// coveredByTrace returns the statics a trace names, in order.
func coveredByTrace(tr *interp.Trace) []interp.StaticID {
	seen := make([]bool, tr.NumStatics())
	for e := range tr.Len() {
		seen[tr.Static(interp.EventID(e))] = true
	}
	var out []interp.StaticID
	for s, ok := range seen {
		if ok {
			out = append(out, interp.StaticID(s))
		}
	}
	return out
}

// missing describes the statics of a not in b.
func missing(a, b []interp.StaticID, tr *interp.Trace) []string {
	var out []string
	for _, s := range a {
		if _, ok := slices.BinarySearch(b, s); !ok {
			st := tr.StaticInfo(s)
			what := "param"
			if st.Instr != nil {
				what = st.Instr.String()
			} else if st.Value != nil {
				what = "param " + st.Value.Name()
			}
			out = append(out, st.Position.String()+" "+what)
		}
	}
	return out
}

// runs makes the three runs the coverage tests compare: a coverage-only
// run without its repetition (counted by the way it went), one with it,
// and a recorded one; it stops the test at an error.
func (n *coverCount) runs(t *testing.T, name string, once, cover, record func() (*interp.Result, error)) (cov, rec *interp.Result) {
	t.Helper()
	results := make([]*interp.Result, 3)
	for i, run := range []func() (*interp.Result, error){once, cover, record} {
		res, err := run()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		results[i] = res
	}
	if _, again := interp.CoverAgain(results[0], &interp.RunOptions{CoverOnly: true}); again {
		n.again++
	} else {
		n.fast++
	}
	return results[1], results[2]
}

// report logs how the coverage-only runs of what went and fails the test
// unless both ways were taken.
func (n *coverCount) report(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d covered from the fast form, %d repeated recorded", what, n.fast, n.again)
	if n.fast == 0 || n.again == 0 {
		t.Errorf("both paths should be taken: %+v", *n)
	}
}

// TestCoverOnlyGoTests checks, for every case of the go test packages of
// TestGoTestMatchesGoTest (t.Fatal, t.Skip, subtests, panics, TestMain,
// examples, fuzz seeds), that a coverage-only run through RunGoTest names
// exactly the statics of a recorded run's trace, with the same outcome,
// steps, verdict and log, through both of its paths (the fast form's
// marks, the case repeated recorded).
func TestCoverOnlyGoTests(t *testing.T) {
	p := loadGoTests(t)
	var n coverCount
	cases := 0
	for _, pattern := range goTestPkgs {
		pkg := modPath + strings.TrimPrefix(pattern, "./")
		names, err := p.ListTests(bgContext, pkg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			var cov, rec *interp.CaseResult
			goTest := func(run func(context.Context, string, string, *interp.RunOptions) (*interp.CaseResult, error), opts *interp.RunOptions, into **interp.CaseResult) func() (*interp.Result, error) {
				return func() (*interp.Result, error) {
					gr, err := run(bgContext, pkg, name, opts)
					if err != nil {
						return nil, err
					}
					if into != nil {
						*into = gr
					}
					return gr.Result, nil
				}
			}
			once := func(ctx context.Context, pkg, name string, opts *interp.RunOptions) (*interp.CaseResult, error) {
				gr, _, err := runGoTestCase(ctx, p, pkg, name, nil, opts)
				return gr, err
			}
			n.runs(t, name, goTest(once, &interp.RunOptions{CoverOnly: true}, nil),
				goTest(p.RunGoTest, &interp.RunOptions{CoverOnly: true}, &cov), goTest(p.RunGoTest, nil, &rec))
			if cov.Failed != rec.Failed || cov.Skipped != rec.Skipped || cov.Log != rec.Log {
				t.Errorf("%s: coverage-only failed %v skipped %v, recorded %v %v; logs\n%s\n%s", name, cov.Failed, cov.Skipped, rec.Failed, rec.Skipped, cov.Log, rec.Log)
			}
			checkCovered(t, pkg+" "+name, cov.Result, rec.Result)
			rec.Trace.Release()
			cases++
		}
	}
	n.report(t, fmt.Sprintf("%d cases", cases))
}
