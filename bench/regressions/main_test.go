package main

import (
	"strings"
	"testing"
	"time"
)

const testSrc = `package lib

import (
	"strings"
	"testing"
)

// Config is a fixture.
type Config struct{ Name string }

func (c *Config) Upper() string { return strings.ToUpper(c.Name) }

var table = []int{1, 2}

func TestOld(t *testing.T) {
	if len(table) != 2 {
		t.Fatal("table")
	}
}

func TestNew(t *testing.T) {
	c := &Config{Name: "x"}
	if c.Upper() != "X" {
		t.Fatal("upper")
	}
}
`

func TestExtract(t *testing.T) {
	tests := []struct {
		name      string
		tf        testFile
		want, not []string
		err       string
	}{
		{"all", testFile{}, []string{"TestOld", "TestNew", "type Config"}, nil, ""},
		{"drop", testFile{drop: []string{"TestOld", "table"}}, []string{"TestNew", "func (c *Config) Upper"}, []string{"TestOld", "table"}, ""},
		{"keep with methods, renamed", testFile{keep: []string{"Config", "TestNew"}, rename: map[string]string{"Config": "regressConfig", "TestNew": "TestRegressNew"}},
			[]string{"type regressConfig struct", "func (c *regressConfig) Upper", "func TestRegressNew", `"strings"`}, []string{"TestOld", "table", "type Config"}, ""},
		{"unused import removed", testFile{keep: []string{"TestOld", "table"}}, []string{"func TestOld", `"testing"`}, []string{`"strings"`, "Config"}, ""},
		{"missing declaration", testFile{keep: []string{"TestGone"}}, nil, nil, "no top-level declaration TestGone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := extract("lib_test.go", []byte(testSrc), tt.tf)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(out), n) {
					t.Errorf("output still has %q:\n%s", n, out)
				}
			}
		})
	}
}

func TestHoldsRef(t *testing.T) {
	rep := &regressReport{}
	add := func(id, file, parent string, from, to int) {
		c := change{ID: id, File: file, Parent: parent}
		c.New.StartLine, c.New.EndLine = from, to
		rep.Changes = append(rep.Changes, c)
	}
	add("c1", "a.go", "", 10, 12)
	add("c2", "b.go", "", 20, 20)
	add("c3", "b.go", "", 30, 0)    // a removal: no lines in bad
	add("c4", "b.go", "", 40, 60)   // an added function
	add("c5", "b.go", "c4", 45, 50) // its if
	add("c6", "b.go", "c5", 46, 46) // the if's statement
	add("c7", "b.go", "", 70, 83)   // a modified statement: no nested changes
	add("c8", "c.go", "", 5, 5)     // a field of a type in another file of the fix
	add("c9", "c.go", "", 20, 20)
	res := result{r: regression{refs: []ref{{"b.go", []int{20, 30, 46, 80}}, {"c.go", []int{5}}}}, rep: rep}
	tests := []struct {
		ids  []string
		want int // refSpan
	}{
		{[]string{"c1"}, 0}, // another file
		{[]string{"c2"}, 1},
		{[]string{"c3"}, 1}, // at the line where it was
		{[]string{"c4"}, 0}, // line 46 is its statement's, nested twice
		{[]string{"c5"}, 0},
		{[]string{"c6"}, 1},
		{[]string{"c7"}, 14},
		{[]string{"c7", "c2"}, 1}, // the narrowest
		{[]string{"c8"}, 1},       // a reference line of the second file
		{[]string{"c9"}, 0},       // a line of the second file that is none
		{nil, 0},
	}
	for _, tt := range tests {
		if got := res.refSpan(tt.ids); got != tt.want {
			t.Errorf("refSpan(%v) = %d, want %d", tt.ids, got, tt.want)
		}
		if got := res.holdsRef(tt.ids); got != (tt.want > 0) {
			t.Errorf("holdsRef(%v) = %v, want %v", tt.ids, got, tt.want > 0)
		}
	}
}

func TestReport(t *testing.T) {
	ok := result{r: regressions[0], wall: 2 * time.Minute, rep: &regressReport{
		Root: []string{"c2"}, Verified: true, Trials: "native", AnalysisError: "not run: x",
		Effort: effort{Probes: 4, Runs: 4, Time: time.Minute},
		Baselines: []baseline{{Name: "dd over all changes", Diff: []string{"c2"}, Effort: effort{Probes: 9, Runs: 9}},
			{Name: "bisection over all changes", Diff: []string{"c1", "c2"}, Err: "stopped before it ended: -deadline 5m0s passed", Effort: effort{Probes: 2}}},
	}}
	failed := result{r: regressions[1], err: "invalid: the test does not fail"}
	got := report([]result{ok, failed}, 3, false)
	for _, want := range []string{
		"**Partial: 2 of 3 regressions run so far.**",
		"- regressions: 2; faultloc regress reported on 1",
		"- explained (a root cause, verified by a run of its version, before the deadline): 1; with AFTER's own time (its semantic analysis and trials, baselines not counted) within 5 minutes: 1",
		"- AFTER with fewer test runs than dd over all changes: 1 of the 1 where",
		"- explained with a root cause holding a reference line (which change broke it): 0 of 2 (0%)",
		"| native* | c2 | no | yes | none | 4/4, 1m0s / 2m0s | c2 | no | 9/9 | not run |",
		"| c1 c2 (stopped before it ended: -deadline 5m0s passed) | no | 2/0 |",
		"- explained with a reference line in the root cause or, where the root cause replaced code, in the first fix site (where to fix it): 0 of 2 (0%); in the first 3 fix sites: 0 (0%)",
		"invalid: the test does not fail",
		"- " + regressions[0].name + ": not run: x",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}

func TestIDs(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, "none"},
		{[]string{"c1", "c2"}, "c1 c2"},
		{[]string{"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"}, "c1 c2 c3 … c9 (9 changes)"},
	}
	for _, tt := range tests {
		if got := ids(tt.in); got != tt.want {
			t.Errorf("ids(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFixRef(t *testing.T) {
	site := func(rank int, id string, lines ...int) fixSite {
		s := fixSite{Rank: rank, Change: id}
		for _, l := range lines {
			s.Lines = append(s.Lines, struct {
				Line int `json:"line"`
			}{l})
		}
		return s
	}
	rep := &regressReport{}
	for _, c := range []struct {
		id, file string
		from, to int
	}{{"c1", "a.go", 20, 20}, {"c2", "b.go", 5, 6}, {"c3", "b.go", 18, 25}} {
		ch := change{ID: c.id, File: c.file}
		ch.New.StartLine, ch.New.EndLine = c.from, c.to
		rep.Changes = append(rep.Changes, ch)
	}
	r := regression{refs: []ref{{"b.go", []int{20, 21}}}}
	tests := []struct {
		name  string
		sites []fixSite
		want  int
	}{
		{"none", nil, 0},
		{"second", []fixSite{site(1, "c2", 5, 6), site(2, "c3", 18)}, 2}, // an if header whose block holds line 20
		{"another file's line 20", []fixSite{site(1, "c1", 20)}, 0},
	}
	for _, tt := range tests {
		rep.FixSites = tt.sites
		if got := (result{r: r, rep: rep}).fixRef(); got != tt.want {
			t.Errorf("%s: fixRef() = %d, want %d", tt.name, got, tt.want)
		}
	}
}
