package mutation

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"

	"github.com/faultloc/faultloc/trace"
)

const mutPkg = "github.com/faultloc/faultloc/localize/testdata/mutation"

// mutationSubject loads testdata/mutation, returning how it was loaded
// (Mutation loads its schema the same way) and the program.
func mutationSubject(t *testing.T) (trace.Config, *trace.Program) {
	t.Helper()
	cfg := trace.Config{Dir: testutil.Subject("mutation")}
	prog, err := trace.Load(context.Background(), &cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	return cfg, prog
}

// TestMutation localizes a failing test of testdata/mutation, whose fault
// is a relational operator, then scores its candidates' lines by mutation
// analysis over all the subject's tests: under Metallaxis and MUSE the
// faulty line comes first, while the candidates alone tie.
func TestMutation(t *testing.T) {
	ctx := context.Background()
	cfg, prog := mutationSubject(t)
	fn := prog.Func(mutPkg, "Classify")
	test := func(x, y, want int) trace.Test {
		return trace.Test{Name: "classify", Func: fn, Args: []trace.Value{trace.Int(int64(x)), trace.Int(int64(y))},
			Want: []trace.Value{trace.Int(int64(want))}}
	}
	tests := []trace.Test{test(11, 11, 2), test(5, 5, 0), test(11, 5, 1), test(5, 11, 1), test(11, 10, 1), test(5, 10, 0), test(12, 9, 1)}
	rep, err := search.Localize(ctx, prog, prog.TestCase(tests[4]), nil)
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("mutation"), "mut.go"))
	if err != nil {
		t.Fatal(err)
	}
	const faulty = 12
	var lines []int
	for _, c := range rep.Candidates {
		if c.Verified && len(c.Locations) == 1 {
			lines = append(lines, c.Locations[0].Line)
		}
	}
	if !slices.Contains(lines, faulty) || len(lines) < 3 {
		t.Fatalf("size-1 verified candidates on lines %v; want the faulty line %d among several", lines, faulty)
	}
	for _, par := range []int{1, 3} {
		a, err := Analyze(ctx, rep.Candidates, &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests), Parallel: par})
		if err != nil {
			t.Fatal(err)
		}
		if a.Failing != 2 || a.Passing != 5 {
			t.Errorf("%d failing, %d passing tests; want 2, 5", a.Failing, a.Passing)
		}
		if len(a.Mutants) == 0 || a.Dropped != 0 {
			t.Fatalf("%d mutants, %d dropped", len(a.Mutants), a.Dropped)
		}
		// The mutant y > 10 fixes the program: it makes both failing
		// tests pass and no passing test fail.
		fix := slices.IndexFunc(a.Mutants, func(m localize.MutantResult) bool { return m.Line == faulty && m.Repl == "y > 10" })
		if fix < 0 {
			t.Fatalf("no mutant y > 10 among %v", a.Mutants)
		}
		if m := a.Mutants[fix]; m.FailKilled != 2 || m.FailToPass != 2 || m.PassKilled != 0 || m.PassToFail != 0 {
			t.Errorf("fixing mutant: %+v", m)
		}
		for name, s := range map[string]localize.Suspiciousness{"metallaxis": a.Metallaxis(rep.Candidates), "muse": a.MUSE(rep.Candidates)} {
			top := s(file, faulty)
			for _, l := range lines {
				if l != faulty && s(file, l) >= top {
					t.Errorf("parallel %d, %s: line %d scores %v, the faulty line %v", par, name, l, s(file, l), top)
				}
			}
			if !math.IsInf(s(file, 1), -1) {
				t.Errorf("%s: a line without mutants scores %v", name, s(file, 1))
			}
			r := *rep
			r.Candidates = slices.Clone(rep.Candidates)
			r.Rerank(s)
			if r.Ranking[0].Line != faulty {
				t.Errorf("%s: reranked, line %d comes first", name, r.Ranking[0].Line)
			}
		}
		if par == 1 {
			r := *rep
			r.Candidates = slices.Clone(rep.Candidates)
			r.Rerank(nil)
			t.Logf("position order: %v; %d mutants, %d runs", r.Ranking, len(a.Mutants), a.Stats.Runs)
		}
	}
}

// TestMutationFixes: with Repair, the plausible fixes of each failing test
// of testdata/mutation are the mutants under which it passes and every
// passing test still passes; the real fix, y > 10, fixes both failing
// tests and comes before the mutants that fix one.
func TestMutationFixes(t *testing.T) {
	ctx := context.Background()
	cfg, prog := mutationSubject(t)
	tests, file := classifyTests(t, prog)
	var cands []localize.Candidate
	for line := 8; line <= 15; line++ {
		cands = append(cands, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: file, Line: line}}}})
	}
	a, err := Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests), Repair: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(a.Mutants, func(m localize.MutantResult) bool { return m.Op == "VRP" }) ||
		!slices.ContainsFunc(a.Mutants, func(m localize.MutantResult) bool { return m.Op == "OBO" }) {
		t.Errorf("Repair made no VRP or no OBO mutant: %v", a.Mutants)
	}
	for _, failing := range []string{"t5", "t6"} {
		fixes := a.Fixes(failing)
		if len(fixes) == 0 || fixes[0].Line != 12 || fixes[0].Repl != "y > 10" || fixes[0].FailToPass != 2 {
			t.Fatalf("%s: fixes %+v; want y > 10 on line 12 first", failing, fixes)
		}
		fixed := func(m localize.MutantResult) []string { return a.Fixed(slices.Index(a.Mutants, m)) }
		for i, m := range fixes {
			if m.PassToFail != 0 || !slices.Contains(fixed(m), failing) {
				t.Errorf("%s: %+v is no plausible fix", failing, m)
			}
			if i > 0 && m.FailToPass > fixes[i-1].FailToPass {
				t.Errorf("%s: fix %d fixes more tests than the one before it", failing, i)
			}
		}
		// Every mutant left out breaks a passing test or leaves the
		// failing one failing.
		for _, m := range a.Mutants {
			if !slices.Contains(fixes, m) && m.PassToFail == 0 && slices.Contains(fixed(m), failing) {
				t.Errorf("%s: plausible fix %+v left out", failing, m)
			}
		}
	}
	if fixes := a.Fixes("t1"); len(fixes) != 0 {
		t.Errorf("a passing test has fixes: %v", fixes)
	}
}

// TestMutationErrors: bad options are errors, not panics.
func TestMutationErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := Analyze(ctx, nil, nil); err == nil {
		t.Error("nil options: no error")
	}
	cfg := trace.Config{Dir: testutil.Subject("mutation")}
	cands := []localize.Candidate{{Locations: []localize.Location{{Position: localize.Position{File: "nosuch.go", Line: 3}}}}}
	a, err := Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}})
	if err != nil || len(a.Mutants) != 0 {
		t.Errorf("no line to mutate: %v, error %v", a, err)
	}
	_, prog := mutationSubject(t)
	var re *trace.RebindError
	if _, err := Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases([]trace.Test{{Name: "nofunc"}})}); !errors.As(err, &re) || re.Case != "nofunc" {
		t.Errorf("a test without a function: error %v, want a *trace.RebindError", err)
	}
	if _, err := Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}, Cases: []trace.Case{ownCase{}}}); !errors.As(err, &re) || re.Case != "own" {
		t.Errorf("a caller's own case: error %v, want a *trace.RebindError", err)
	}
	if _, err := Analyze(ctx, cands, &Options{Load: trace.Config{Dir: testutil.Subject("nosuch")}, Patterns: []string{"."}}); err == nil {
		t.Error("missing directory: no error")
	}
}

// ownCase is a caller's own harness, which mutation analysis cannot run
// on the mutants.
type ownCase struct{}

func (ownCase) Name() string { return "own" }
func (ownCase) Run(context.Context, *trace.RunOptions) (*trace.CaseResult, error) {
	return &trace.CaseResult{Result: &trace.Result{}, Name: "own", Ran: true}, nil
}

// BenchmarkMutation measures mutation analysis on testdata/mutation with
// 2000 seeded random tests (oracle: the fixed program), so that test runs
// on mutants dominate the schema's load; it reports the cost of one test
// run on a mutant (runs/op is the number of runs).
func BenchmarkMutation(b *testing.B) {
	ctx := context.Background()
	cfg := trace.Config{Dir: testutil.Subject("mutation")}
	prog, err := trace.Load(ctx, &cfg, ".")
	if err != nil {
		b.Fatal(err)
	}
	cands, tests := mutationBenchSubject(b, prog, 2000)
	var runs int
	var runTime time.Duration
	for b.Loop() {
		a, err := Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests)})
		if err != nil {
			b.Fatal(err)
		}
		runs += a.Stats.Runs
		runTime += a.Stats.Total
	}
	b.ReportMetric(float64(runs)/float64(b.N), "runs/op")
	b.ReportMetric(float64(runTime.Nanoseconds())/float64(runs), "ns/run")
}

// TestMutationPresetsMatchHooks: mutant runs that select their mutant by
// presetting the selector (the default, on the interpreter's fast form)
// kill exactly what runs selecting it by hook kill, mutant by mutant, on
// testdata/mutation with seeded random tests like BenchmarkMutation's.
func TestMutationPresetsMatchHooks(t *testing.T) {
	ctx := context.Background()
	cfg := trace.Config{Dir: testutil.Subject("mutation")}
	prog, err := trace.Load(ctx, &cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	cands, tests := mutationBenchSubject(t, prog, 300)
	var got [2]*Analysis
	for i, hooked := range []bool{false, true} {
		got[i], err = Analyze(ctx, cands, &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests), Parallel: 2, hooked: hooked})
		if err != nil {
			t.Fatal(err)
		}
	}
	p, h := got[0], got[1]
	if len(p.Mutants) == 0 || p.Stats.Runs != h.Stats.Runs || p.Passing != h.Passing || p.Failing != h.Failing {
		t.Fatalf("presets: %d mutants, %d runs, %d passing, %d failing; hooks: %d, %d, %d, %d",
			len(p.Mutants), p.Stats.Runs, p.Passing, p.Failing, len(h.Mutants), h.Stats.Runs, h.Passing, h.Failing)
	}
	kinds := map[localize.MutantResult]bool{}
	for i := range p.Mutants {
		if p.Mutants[i] != h.Mutants[i] {
			t.Errorf("mutant %d: presets %+v, hooks %+v", i, p.Mutants[i], h.Mutants[i])
		}
		m := p.Mutants[i]
		kinds[localize.MutantResult{PassKilled: m.PassKilled, FailKilled: m.FailKilled, PassToFail: m.PassToFail, FailToPass: m.FailToPass}] = true
	}
	if len(kinds) < 3 {
		t.Errorf("only %d distinct kill counts among %d mutants: the comparison tells little", len(kinds), len(p.Mutants))
	}
	t.Logf("%d mutants, %d distinct kill counts, %d runs", len(p.Mutants), len(kinds), p.Stats.Runs)
}

// mutationBenchSubject returns candidates on every line of
// testdata/mutation's Classify and n seeded random tests (oracle: the
// fixed program).
func mutationBenchSubject(t testing.TB, prog *trace.Program, n int) ([]localize.Candidate, []trace.Test) {
	fn := prog.Func(mutPkg, "Classify")
	r := rand.New(rand.NewPCG(8, 1))
	var tests []trace.Test
	for range n {
		x, y := r.IntN(21), r.IntN(21)
		want := 0
		if x > 10 {
			want++
		}
		if y > 10 {
			want++
		}
		tests = append(tests, trace.Test{Name: "random", Func: fn, Args: []trace.Value{trace.Int(int64(x)), trace.Int(int64(y))},
			Want: []trace.Value{trace.Int(int64(want))}})
	}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("mutation"), "mut.go"))
	if err != nil {
		t.Fatal(err)
	}
	var cands []localize.Candidate
	for l := 8; l <= 15; l++ {
		cands = append(cands, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: file, Line: l}}}, Verified: true})
	}
	return cands, tests
}

// classifyTests returns the seven tests of testdata/mutation's Classify
// (t1..t7, given as data) and the absolute path of its source file.
func classifyTests(t *testing.T, prog *trace.Program) ([]trace.Test, string) {
	t.Helper()
	fn := prog.Func(mutPkg, "Classify")
	var tests []trace.Test
	for i, c := range [][3]int{{11, 11, 2}, {5, 5, 0}, {11, 5, 1}, {5, 11, 1}, {11, 10, 1}, {5, 10, 0}, {12, 9, 1}} {
		tests = append(tests, trace.Test{Name: fmt.Sprintf("t%d", i+1), Func: fn,
			Args: []trace.Value{trace.Int(int64(c[0])), trace.Int(int64(c[1]))}, Want: []trace.Value{trace.Int(int64(c[2]))}})
	}
	file, err := filepath.Abs(filepath.Join(testutil.Subject("mutation"), "mut.go"))
	if err != nil {
		t.Fatal(err)
	}
	return tests, file
}

// TestAnalyzeCut checks the bound of mutation analysis on
// testdata/slowmutation, whose Slow line has mutants that run for
// seconds: cancelled while one of them runs, or at a deadline, Analyze
// returns soon after with the context's error and a partial analysis
// whose mutants are those every case ran on, each with the results the
// whole analysis gives it; cancelled at the first run of a Slow mutant,
// it keeps every mutant of Fast, which ran before, and not all of
// Slow's.
func TestAnalyzeCut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mutants to their step budget")
	}
	dir := testutil.Subject("slowmutation")
	cfg := trace.Config{Dir: dir}
	prog, err := trace.Load(context.Background(), &cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg := testutil.SubjectPkg("slowmutation")
	fast, slow := prog.Func(pkg, "Fast"), prog.Func(pkg, "Slow")
	tests := []trace.Test{
		{Name: "fast5", Func: fast, Args: []trace.Value{trace.Int(5)}, Want: []trace.Value{trace.Bool(false)}},
		{Name: "fast11", Func: fast, Args: []trace.Value{trace.Int(11)}, Want: []trace.Value{trace.Bool(true)}},
		{Name: "fast10", Func: fast, Args: []trace.Value{trace.Int(10)}, Want: []trace.Value{trace.Bool(true)}}, // fails: Fast is off by one
		{Name: "slow", Func: slow, Args: []trace.Value{trace.Int(1_000_000_000)}, Want: []trace.Value{trace.Int(499_999_500_000)}},
	}
	file, err := filepath.Abs(filepath.Join(dir, "slow.go"))
	if err != nil {
		t.Fatal(err)
	}
	const fastLine, slowLine = 9, 14
	cands := []localize.Candidate{
		{Locations: []localize.Location{{Position: localize.Position{File: file, Line: fastLine}}}},
		{Locations: []localize.Location{{Position: localize.Position{File: file, Line: slowLine}}}},
	}
	opts := func() *Options {
		return &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests), Repair: true}
	}
	start := time.Now()
	whole, err := Analyze(context.Background(), cands, opts())
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	t.Logf("whole analysis: %d mutants, %d runs in %v", len(whole.Mutants), whole.Stats.Runs, took)
	type result struct {
		m     localize.MutantResult
		fixed []string
	}
	want := map[string]result{}
	key := func(m localize.MutantResult) string {
		return fmt.Sprintf("%d:%d %s %s -> %s", m.Line, m.Column, m.Op, m.Orig, m.Repl)
	}
	nSlow := 0
	for i, m := range whole.Mutants {
		want[key(m)] = result{m, whole.Fixed(i)}
		if m.Line == slowLine {
			nSlow++
		}
	}
	if nSlow == 0 || len(whole.Mutants) == nSlow {
		t.Fatalf("%d mutants, %d of Slow's line: want some of each line", len(whole.Mutants), nSlow)
	}
	// check compares a partial analysis with the whole one.
	check := func(t *testing.T, a *Analysis) (fastKept, slowKept int) {
		t.Helper()
		if !a.Partial {
			t.Errorf("not partial")
		}
		for i, m := range a.Mutants {
			w, ok := want[key(m)]
			if !ok {
				t.Errorf("mutant %s not in the whole analysis", key(m))
				continue
			}
			if m != w.m || !slices.Equal(a.Fixed(i), w.fixed) {
				t.Errorf("mutant %s: %+v fixing %v, want the whole analysis' %+v fixing %v", key(m), m, a.Fixed(i), w.m, w.fixed)
			}
			if m.Line == slowLine {
				slowKept++
			} else {
				fastKept++
			}
		}
		return fastKept, slowKept
	}
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var once sync.Once
		var cancelled time.Time
		var mu sync.Mutex
		o := opts()
		o.beforeJob = func(line int) {
			if line == slowLine {
				once.Do(func() {
					time.AfterFunc(100*time.Millisecond, func() {
						mu.Lock()
						cancelled = time.Now()
						mu.Unlock()
						cancel()
					})
				})
			}
		}
		a, err := Analyze(ctx, cands, o)
		mu.Lock()
		over := time.Since(cancelled)
		mu.Unlock()
		if !errors.Is(err, context.Canceled) || a == nil {
			t.Fatalf("analysis %v, error %v: want a partial analysis and context.Canceled", a, err)
		}
		fastKept, slowKept := check(t, a)
		t.Logf("returned %v after the cancel: %d of Fast's mutants, %d of Slow's", over, fastKept, slowKept)
		if fastKept != len(whole.Mutants)-nSlow || slowKept == nSlow {
			t.Errorf("kept %d of Fast's %d mutants and %d of Slow's %d: want all of Fast's, not all of Slow's", fastKept, len(whole.Mutants)-nSlow, slowKept, nSlow)
		}
		if over > 2*time.Second {
			t.Errorf("returned %v after the cancel", over)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		// The second deadline falls inside the analysis: a third of the
		// whole one's time (which a fast machine makes short; a later
		// analysis reuses the first's builds and runs no slower).
		for _, after := range []time.Duration{50 * time.Millisecond, min(2*time.Second, took/3)} {
			ctx, cancel := context.WithTimeout(context.Background(), after)
			start := time.Now()
			a, err := Analyze(ctx, cands, opts())
			over := time.Since(start) - after
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) || a == nil {
				t.Fatalf("deadline %v: analysis %v, error %v: want a partial analysis and context.DeadlineExceeded", after, a, err)
			}
			fastKept, slowKept := check(t, a)
			t.Logf("deadline %v: returned %v after it: %d of Fast's mutants, %d of Slow's", after, over, fastKept, slowKept)
			if over > 2*time.Second {
				t.Errorf("deadline %v: returned %v after it", after, over)
			}
		}
	})
}
