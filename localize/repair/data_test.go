package repair_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

// subject is a loaded example with its failing and passing go test cases.
type subject struct {
	prog             *trace.Program
	pkg              string
	failing, passing []trace.Case
}

var (
	subjectsMu sync.Mutex
	subjects   = map[string]*subject{}
)

// loadExample loads examples/name with its tests (tag faultloc) and
// sorts the subtests of test into failing and passing by running them.
func loadExample(t *testing.T, name, test string, cases ...string) *subject {
	t.Helper()
	subjectsMu.Lock()
	defer subjectsMu.Unlock()
	if s, ok := subjects[name]; ok {
		return s
	}
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir(), Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./"+name)
	if err != nil {
		t.Fatal(err)
	}
	s := &subject{prog: prog, pkg: "github.com/faultloc/faultloc/examples/" + name}
	for _, c := range cases {
		tc := prog.GoTestCase(s.pkg, test+"/"+c)
		r, err := tc.Run(ctx, &trace.RunOptions{NoTrace: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Passed() {
			s.passing = append(s.passing, tc)
		} else {
			s.failing = append(s.failing, tc)
		}
	}
	subjects[name] = s
	return s
}

func triangle(t *testing.T) *subject {
	return loadExample(t, "triangle", "TestClassify", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8")
}

func foo(t *testing.T) *subject {
	return loadExample(t, "foo", "TestFoo", "testFoo", "xNotLess", "zeroX")
}

// integers is the search of the tests: a*a is slow for Z3 as 64-bit words.
var integers = agx.Options{Arith: encode.Integer}

// candidateAt returns the verified angelic candidate of s's failing case
// at line (and column, if not 0).
func candidateAt(t *testing.T, s *subject, line, column int) localize.Candidate {
	t.Helper()
	rep, err := angelic.Localize(context.Background(), s.prog, s.failing[0], &angelic.Options{Search: integers})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Candidates {
		if l := c.Locations[0]; l.Line == line && (column == 0 || l.Column == column) {
			return c
		}
	}
	t.Fatalf("no angelic candidate at line %d, column %d among %d", line, column, len(rep.Candidates))
	return localize.Candidate{}
}

func TestCollectErrors(t *testing.T) {
	s := triangle(t)
	good := candidateAt(t, s, 23, 11)
	unverified := good
	unverified.Verified = false
	two := good
	two.Locations = append(two.Locations, good.Locations[0])
	two.Angelic = append(two.Angelic, good.Angelic[0])
	elsewhere := good
	elsewhere.Angelic = []localize.AngelicValue{good.Angelic[0]}
	elsewhere.Angelic[0].Line = 99
	for _, tc := range []struct {
		name    string
		cand    localize.Candidate
		failing []trace.Case
		want    string
		is      error
	}{
		{"no failing case", good, nil, "no failing case", repair.ErrNoFailing},
		{"not verified", unverified, s.failing, "not verified", nil},
		{"two locations", two, s.failing, "2 locations and 2 angelic values", nil},
		{"no such instruction", elsewhere, s.failing, "no instruction", nil},
		{"a passing case as failing", good, append(append([]trace.Case{}, s.failing...), s.passing[1]), "TestClassify/T2 passes: it is not a failing case", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := repair.Collect(context.Background(), s.prog, tc.cand, tc.failing, nil, &repair.CollectOptions{Search: integers})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Collect: error %v, want one saying %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("Collect: error %v is not %v", err, tc.is)
			}
			var se *repair.SiteError
			if strings.Contains(tc.name, "not verified") && !errors.As(err, &se) {
				t.Errorf("Collect: error %T, want *repair.SiteError", err)
			}
		})
	}
}

// TestCollectAssignment reads the data of foo's faulty assignment a = x
// (L3): a rescued failing run whose angelic value is at least y, and the
// passing runs that execute it, kept passing by their own value; the
// rescue's search counted in the data's Stats.
func TestCollectAssignment(t *testing.T) {
	s := foo(t)
	cand := candidateAt(t, s, 14, 0)
	d, err := repair.Collect(context.Background(), s.prog, cand, s.failing, s.passing, &repair.CollectOptions{Search: integers})
	if err != nil {
		t.Fatal(err)
	}
	if d.Site.Kind != repair.AssignmentSite || d.Site.Type != "int" || d.Site.Line != 14 {
		t.Fatalf("site %+v, want the assignment of an int at line 14", d.Site)
	}
	for _, run := range d.Runs {
		for _, in := range run.Instances {
			env := map[string]int64{}
			for _, b := range in.Env {
				env[b.Name] = b.Value.Int()
			}
			if _, ok := env["x"]; !ok {
				t.Errorf("%s, %s: x not in scope: %v", run.Case, in.Name, in.Env)
			}
			switch {
			case run.Failing:
				if !run.Rescued || in.Value.Int() < env["y"] {
					t.Errorf("%s: rescued %v with a = %v, want a >= y = %d", run.Case, run.Rescued, in.Value, env["y"])
				}
				if in.Orig.Int() != env["x"] {
					t.Errorf("%s: orig %v, want x = %d", run.Case, in.Orig, env["x"])
				}
			default:
				if len(in.Keep) == 0 || !trace.Equal(in.Keep[0], in.Value) {
					t.Errorf("%s: keep %v does not start with the run's value %v", run.Case, in.Keep, in.Value)
				}
			}
		}
	}
	// The rescue searched for the angelic value: its work is in the
	// data's, counts of constraints included (localize.Stats.Add).
	if d.Stats.MCSes == 0 || d.Stats.Constraints == 0 || d.Stats.SolverCalls == 0 {
		t.Errorf("stats %+v: the search's correction sets, constraints or solver calls are not counted", d.Stats)
	}
	js, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"kind":"assignment"`) || !strings.Contains(string(js), `"keep":[`) || !strings.Contains(string(js), `"key":{"static":`) {
		t.Errorf("JSON lacks the kind, the kept values or an instance's key in lowerCamelCase: %s", js)
	}
}

// TestCollectSteeredLoad collects the data of testdata/rate's loads of
// a variable that every iteration of a loop reads at the site: Total's
// of the package-level Rate, Cost's of its local cost. In the rescued
// failing runs, whose angelic values stand for the loads', every
// instance's environment holds the variable's value in memory (2), at
// the instance and after a steered one, the angelic value only as the
// instance's Value. A synthesizer given the angelic value as the
// variable's would find the variable itself, which changes nothing.
func TestCollectSteeredLoad(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "rate")
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/localize/repair/testdata/rate"
	for _, tc := range []struct {
		test         string
		line, column int
		name         string
	}{
		{"TestTotal", 15, 12, "Rate"},
		{"TestCost", 26, 12, "cost"},
	} {
		t.Run(tc.test, func(t *testing.T) {
			s := &subject{prog: prog, pkg: pkg}
			for _, name := range []string{"two", "one", "none", "zero"} {
				c := prog.GoTestCase(pkg, tc.test+"/"+name)
				r, err := c.Run(ctx, &trace.RunOptions{NoTrace: true})
				if err != nil {
					t.Fatal(err)
				}
				if r.Passed() {
					s.passing = append(s.passing, c)
				} else {
					s.failing = append(s.failing, c)
				}
			}
			if len(s.failing) != 2 || len(s.passing) != 2 {
				t.Fatalf("%d failing and %d passing cases, want 2 and 2", len(s.failing), len(s.passing))
			}
			cand := candidateAt(t, s, tc.line, tc.column)
			d, err := repair.Collect(ctx, prog, cand, s.failing, s.passing, &repair.CollectOptions{Search: integers})
			if err != nil {
				t.Fatal(err)
			}
			if d.Site.Replaced != tc.name {
				t.Fatalf("site %+v, want the load of %s", d.Site, tc.name)
			}
			steered := 0
			for _, run := range d.Runs {
				if run.Failing && !run.Rescued {
					t.Errorf("%s: not rescued", run.Case)
				}
				for _, in := range run.Instances {
					i := slices.IndexFunc(in.Env, func(b repair.Binding) bool { return b.Name == tc.name })
					if i < 0 {
						t.Errorf("%s, %s: %s not in the environment %v", run.Case, in.Name, tc.name, in.Env)
						continue
					}
					if got := in.Env[i].Value.Int(); got != 2 {
						t.Errorf("%s, %s: %s = %d in the environment (the value at the site %v), want 2, the value in memory", run.Case, in.Name, tc.name, got, in.Value)
					}
					if run.Failing && in.Value.Int() != 2 {
						steered++
					}
				}
			}
			if steered < len(s.failing) {
				t.Errorf("%d instances of the failing runs with an angelic value other than %s's, want at least one a run", steered, tc.name)
			}
		})
	}
}
