package interp

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
	"golang.org/x/tools/go/ssa"
)

// coverCount counts coverage-only runs by how they ended: complete from
// the fast form's marks, or repeated recorded.
type coverCount struct{ fast, again int }

// checkCovered compares a coverage-only result with the statics of a
// recorded run of the same thing.
func checkCovered(t *testing.T, name string, p *Program, cov, rec *Result) {
	t.Helper()
	if rec.Trace == nil {
		t.Fatalf("%s: the recorded run has no trace", name)
	}
	checkCoveredStatics(t, name, p, cov, rec, coveredByTrace(rec.Trace))
}

// checkCoveredStatics is checkCovered given the statics the recorded
// run's trace names (want), the trace itself gone.
func checkCoveredStatics(t *testing.T, name string, p *Program, cov, rec *Result, want []StaticID) {
	t.Helper()
	if cov.Trace != nil {
		t.Errorf("%s: a coverage-only run returned a trace", name)
	}
	if !slices.Equal(cov.Covered, want) {
		t.Errorf("%s: covered %d statics, the trace names %d:\nonly covered: %v\nonly traced: %v", name,
			len(cov.Covered), len(want), missing(cov.Covered, want, p), missing(want, cov.Covered, p))
	}
	if cov.Outcome != rec.Outcome || cov.Steps != rec.Steps {
		t.Errorf("%s: coverage-only run %v in %d steps, recorded %v in %d", name, cov.Outcome, cov.Steps, rec.Outcome, rec.Steps)
	}
}

// missing describes the statics of a not in b, of program p.
func missing(a, b []StaticID, p *Program) []string {
	var out []string
	for _, s := range a {
		if _, ok := slices.BinarySearch(b, s); !ok {
			st, _ := p.StaticInfo(s)
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
func (n *coverCount) runs(t *testing.T, name string, once, cover, record func() (*Result, error)) (cov, rec *Result) {
	t.Helper()
	results := make([]*Result, 3)
	for i, run := range []func() (*Result, error){once, cover, record} {
		res, err := run()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		results[i] = res
	}
	n.add(results[0])
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

// add counts a coverage-only run made without its repetition (runOnce).
func (n *coverCount) add(res *Result) {
	if res.coverAgain {
		n.again++
	} else {
		n.fast++
	}
}

// TestCoverOnlyCorpus checks, on every program of the differential corpus
// (goroutines, panics, recover, Goexit, timers, closures, maps...), that a
// coverage-only run names exactly the statics of a recorded run's trace,
// with the same outcome and steps, through both of its paths. It runs in
// parallel with the other tests on the corpus.
func TestCoverOnlyCorpus(t *testing.T) {
	t.Parallel()
	p := load(t, "./trace/internal/corpus")
	names := slices.Sorted(maps.Keys(corpus.Programs))
	var n coverCount
	for _, name := range names {
		if realTimed[name] {
			continue
		}
		fn := p.Func(corpusPkg, name)
		// The recorded run is the one TestCorpusDifferential and
		// TestTraceInvariants check too (recordedCorpus).
		r := recordedCorpus(p, name)
		cov, rec := n.runs(t, name,
			func() (*Result, error) { return p.runOnce(bgContext, fn, nil, &RunOptions{CoverOnly: true}) },
			func() (*Result, error) { return p.Run(bgContext, fn, nil, &RunOptions{CoverOnly: true}) },
			func() (*Result, error) { return r.res, r.err })
		if !r.traced {
			t.Fatalf("%s: the recorded run has no trace", name)
		}
		checkCoveredStatics(t, name, p, cov, rec, r.covered)
	}
	n.report(t, fmt.Sprintf("%d programs", len(names)))
}

// hexAddr matches the addresses programs print (%p), which differ between
// any two runs.
var hexAddr = regexp.MustCompile(`0x[0-9a-f]{6,}`)

// TestCoverOnlyConformance does the same for every program of the
// conformance corpus that runs (see TestConformance), comparing also what
// they print. Skipped with -short.
func TestCoverOnlyConformance(t *testing.T) {
	progs, pkgs, loaded, loadErrs := loadedConformance(t)
	var n coverCount
	for _, p := range progs {
		if p.skip != "" || loadErrs[p] != nil {
			continue
		}
		prog := loaded[p]
		fn := prog.Func(pkgs[p], "main")
		if fn == nil {
			continue
		}
		var o1, o2, o3 bytes.Buffer
		first, err := prog.runOnce(bgContext, fn, nil, &RunOptions{MaxSteps: conformanceSteps, Stdout: &o1, CoverOnly: true})
		if err != nil {
			continue // a bridge error (see conformance.golden): no outcome to compare
		}
		n.add(first)
		cov, err := prog.Run(bgContext, fn, nil, &RunOptions{MaxSteps: conformanceSteps, Stdout: &o2, CoverOnly: true})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		rec, err := prog.Run(bgContext, fn, nil, &RunOptions{MaxSteps: conformanceSteps, Stdout: &o3})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		checkCovered(t, p.name, prog, cov, rec)
		if got, want := hexAddr.ReplaceAllString(o2.String(), "0x…"), hexAddr.ReplaceAllString(o3.String(), "0x…"); got != want {
			t.Errorf("%s: coverage-only run printed\n%s\nrecorded run\n%s", p.name, tail(got), tail(want))
		}
		rec.Trace.Release()
	}
	n.report(t, "conformance programs")
}

const coverSrc = `package cov

func Plain(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			s += i
		}
	}
	return s
}

func Recovered() (r int) {
	defer func() {
		recover()
		r = 7
	}()
	var a []int
	x := a[3]
	r = x + 1
	return r
}

func Spin() int {
	n := 0
	for {
		n++
	}
}

func Split(n int) int {
	if n > 0 {
		return 1
	}
	return -1
}
`

// TestCoverOnlyPaths checks which way a coverage-only run goes, and its
// result, case by case.
func TestCoverOnlyPaths(t *testing.T) {
	p := loadSource(t, "cov", coverSrc)
	split := p.Func("cov", "Split")
	var ifKey InstanceKey
	{
		res, err := p.Run(bgContext, split, []Value{Int(5)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for e := range res.Trace.Len() {
			if _, ok := res.Trace.Instr(EventID(e)).(*ssa.If); ok {
				ifKey = res.Trace.Key(EventID(e))
			}
		}
		res.Trace.Release()
	}
	for _, tc := range []struct {
		name    string
		fn      string
		args    []Value
		opts    RunOptions
		again   bool // the first run leaves a block midway
		outcome Outcome
	}{
		{name: "loop", fn: "Plain", args: []Value{Int(10)}, outcome: Returned},
		{name: "no iteration", fn: "Plain", args: []Value{Int(0)}, outcome: Returned},
		{name: "recovered panic", fn: "Recovered", again: true, outcome: Returned},
		{name: "budget", fn: "Spin", opts: RunOptions{MaxSteps: 1000}, again: true, outcome: BudgetExceeded},
		{name: "hooks: recorded", fn: "Split", args: []Value{Int(5)}, opts: RunOptions{Hooks: &Hooks{Branches: map[InstanceKey]bool{ifKey: false}}}, outcome: Returned},
		{name: "NoTrace implied", fn: "Split", args: []Value{Int(5)}, opts: RunOptions{NoTrace: true}, outcome: Returned},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn := p.Func("cov", tc.fn)
			o := tc.opts
			o.CoverOnly = true
			first, err := p.runOnce(bgContext, fn, tc.args, &o)
			if err != nil {
				t.Fatal(err)
			}
			if first.coverAgain != tc.again {
				t.Errorf("first run asks for a recorded one: %v, want %v", first.coverAgain, tc.again)
			}
			cov, err := p.Run(bgContext, fn, tc.args, &o)
			if err != nil {
				t.Fatal(err)
			}
			if cov.Outcome != tc.outcome || len(cov.Covered) == 0 {
				t.Errorf("outcome %v with %d statics covered, want %v with some", cov.Outcome, len(cov.Covered), tc.outcome)
			}
			ro := tc.opts
			ro.NoTrace = false
			rec, err := p.Run(bgContext, fn, tc.args, &ro)
			if err != nil {
				t.Fatal(err)
			}
			checkCovered(t, tc.name, p, cov, rec)
			rec.Trace.Release()
		})
	}
}
