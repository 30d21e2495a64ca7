package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestPackageRun: Package selects cases as go test -run does: foo's
// failing case is the subtest TestFoo/testFoo, which '^TestFoo$' selects
// (its level is free), as 'TestFoo/^testFoo$' does, and which
// 'TestFoo/^zero' leaves out; a pattern that selects nothing is a
// *NoCasesError.
func TestPackageRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	// A technique that finds nothing and no refiner keep these runs
	// short: what is checked is the selection and the scorers' ranking.
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	for _, tt := range []struct {
		run     string
		cases   int
		failing []string
	}{
		{"", 4, []string{"TestFoo/testFoo"}},
		{"^TestFoo$", 3, []string{"TestFoo/testFoo"}},
		{"TestFoo/^testFoo$", 1, []string{"TestFoo/testFoo"}},
		{"TestFoo/^zero", 1, nil},
	} {
		res, err := Run(ctx, prog, pkg, &Options{Run: tt.run, Technique: none, Refiners: []localize.Refiner{}})
		if err != nil {
			t.Fatalf("-run %q: %v", tt.run, err)
		}
		if len(res.Cases) != tt.cases || len(res.Failing) != len(tt.failing) || len(res.Reports) != len(tt.failing) {
			t.Errorf("-run %q: %d cases, failing %q, %d reports; want %d, %q", tt.run, len(res.Cases), res.Failing, len(res.Reports), tt.cases, tt.failing)
			continue
		}
		for i, name := range tt.failing {
			if res.Failing[i] != name {
				t.Errorf("-run %q: failing %q, want %q", tt.run, res.Failing, tt.failing)
			}
			// No candidate, yet a ranking, from the slice and the
			// spectra (the native Ochiai floor may lead it).
			rk := res.Reports[i].Ranking
			if !slices.ContainsFunc(rk, func(rl localize.RankedLine) bool { return rl.Evidence == localize.EvidenceSlice }) ||
				slices.ContainsFunc(rk, func(rl localize.RankedLine) bool {
					return rl.Evidence == localize.EvidenceVerified || rl.Evidence == localize.EvidenceMutation
				}) {
				t.Errorf("-run %q: ranking %+v, want the failure's slice in it and no candidate's line", tt.run, rk)
			}
		}
	}
	_, err = Run(ctx, prog, pkg, &Options{Run: "^TestNothing$", Technique: none})
	var nc *localize.NoCasesError
	if !errors.As(err, &nc) || nc.Listed != 0 || nc.Run != "^TestNothing$" {
		t.Errorf("-run '^TestNothing$': err = %v, want a *NoCasesError", err)
	}
}

// techniqueFunc is a Technique from a function.
type techniqueFunc func(ctx context.Context, f *localize.Failure) (*localize.Report, error)

func (t techniqueFunc) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	return t(ctx, f)
}

// TestPackageTechniqueError: a failing case the technique cannot explain
// is still reported, with the technique's error as its reason and the
// other evidence's ranking, and its error is in the result's Errors; its
// Stats.Total is the time the technique took.
func TestPackageTechniqueError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	fail := techniqueFunc(func(context.Context, *localize.Failure) (*localize.Report, error) {
		time.Sleep(time.Millisecond)
		return nil, boom
	})
	res, err := Run(ctx, prog, "github.com/faultloc/faultloc/examples/foo", &Options{Technique: fail})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 || len(res.Errors) != 1 || !errors.Is(res.Errors[0], boom) || res.Errors[0].Case != "TestFoo/testFoo" {
		t.Fatalf("reports %d, errors %v; want one of each, the error boom", len(res.Reports), res.Errors)
	}
	rep := res.Reports[0]
	if !rep.Partial || rep.Reason != "boom" || len(rep.Ranking) == 0 || rep.Failure == "" || rep.Stats.Total < time.Millisecond {
		t.Errorf("report %+v: want partial, reason boom, a failure, a ranking and the technique's time", rep)
	}
}

// endlessBudget sets the step budget of prog under which
// testdata/crash's TestEvens, a loop that does not end, stops: with -tags long (.ci/run) the interpreter's default one (ten
// million steps, grown while the case runs under GrowTime, five seconds
// of a CPU each time the case runs, as a localized case or as
// evidence); by default an exact bound of a million steps, as faultloc
// localize -max-steps sets it, which spares that growth and nine
// million steps recorded, and takes the same path. The bound is prog's
// own (Program.SetMaxSteps): the tests that set it run in parallel with
// the others.
func endlessBudget(prog *trace.Program) {
	if longtest.Enabled {
		return
	}
	prog.SetMaxSteps(1_000_000)
}

// TestPackageCrashes: failing cases that fail by a slice-bounds panic, an
// index out of range, a nil dereference in a method, a loop that does
// not end (its step skips its bound; localized over its first steps:
// endlessBudget) and an os.Exit each get a candidate on the faulty line.
// The bounds panics and the exit get it verified, first in their
// ranking; the nil dereference's fix reads another pointer, and
// pointers have no angelic values; the endless loop's angelic exit from
// the loop is refined without reaching a re-run that passes: these two
// unverified candidates' lines are ranked by the other evidence, within
// the first three lines.
//
// The loop runs out of its step budget (endlessBudget), and the search
// localizes over the loop's first steps either way.
func TestPackageCrashes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, faults := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	byLine := map[int]bool{}
	for _, f := range faults {
		byLine[f.Line] = true
	}
	agx := &agx.Technique{Options: agx.Options{MaxSize: 1}}
	// NoNative: natively, TestEvens loops until go test's timeout.
	res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), &Options{Technique: agx, Timeout: time.Minute, NoNative: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"TestWindow", "TestSum", "TestEvens", "TestDigits", "TestAt"}
	if len(res.Failing) != len(want) || len(res.Reports) != len(want) {
		t.Fatalf("failing %q, %d reports, errors %v; want %q", res.Failing, len(res.Reports), res.Errors, want)
	}
	for i, rep := range res.Reports {
		verified, onFault := false, false
		for _, c := range rep.Candidates {
			if len(c.Locations) == 1 && byLine[c.Locations[0].Line] {
				onFault = true
				verified = verified || c.Verified
			}
		}
		mustVerify := want[i] == "TestWindow" || want[i] == "TestDigits" || want[i] == "TestAt"
		// A verified candidate leads the ranking; an unverified one is
		// ranked by the other evidence (Report.Fuse), here the
		// proximity to the panic or to the last step of the loop.
		within := 1
		if !mustVerify {
			within = 3
		}
		placed := false
		for _, rl := range rep.Ranking {
			placed = placed || rl.Rank <= within && byLine[rl.Line]
		}
		if !onFault || !placed || (!verified && mustVerify) {
			t.Errorf("%s (%s): want a candidate on its faulty line (verified: %v), within the first %d of the ranking:\n%s", want[i], rep.Failure, mustVerify, within, testutil.Summary(rep))
		}
	}
}

// TestPackageFailsAlone: the cases of trace/testdata/gotestorder that
// fail when they start from a fresh package state but pass under go test,
// after the tests before them, are not localized: each is an
// ErrFailsAlone in Errors, and the spectrum leaves them out. With a -run
// that selects TestB alone, go test fails it too, and so does Package.
func TestPackageFailsAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../trace/testdata/gotestorder", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	res, err := Run(ctx, prog, pkg, &Options{Technique: none})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) != 0 || len(res.Reports) != 0 {
		t.Errorf("failing %q, %d reports; want none: every case passes under go test", res.Failing, len(res.Reports))
	}
	var alone []string
	for _, e := range res.Errors {
		if errors.Is(e, ErrFailsAlone) {
			alone = append(alone, e.Case)
		}
	}
	if !slices.Contains(alone, "TestB") {
		t.Errorf("cases that fail alone %q, want TestB among them (errors %v)", alone, res.Errors)
	}
	for i := range res.Spectrum.NumTests() {
		if tr := res.Spectrum.Test(i); slices.Contains(alone, tr.Name) || tr.Failed {
			t.Errorf("spectrum row %s (failed %v): want the cases that fail alone left out", tr.Name, tr.Failed)
		}
	}
	// go test -run '^TestB$' runs TestB without TestA before it: there
	// TestB fails, and so it does here.
	res, err = Run(ctx, prog, pkg, &Options{Run: "^TestB$", Technique: none})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) != 1 || res.Failing[0] != "TestB" {
		t.Errorf("-run ^TestB$: failing %q, want [TestB] (errors %v)", res.Failing, res.Errors)
	}
}

// TestPackageEvidenceTimeout: with -run, the cases Run leaves out only add
// evidence to the spectrum, each bounded by EvidenceTimeout: bounded to
// nothing, every one is left out with its error, and the selected case is
// still localized.
func TestPackageEvidenceTimeout(t *testing.T) {
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), &Options{Run: "^TestWindow$", Technique: none, EvidenceTimeout: time.Nanosecond, NoNative: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) != 1 || res.Failing[0] != "TestWindow" {
		t.Fatalf("failing %q, want [TestWindow]", res.Failing)
	}
	bounded := 0
	for _, e := range res.Errors {
		if strings.Contains(e.Error(), "EvidenceTimeout") {
			bounded++
		}
	}
	if bounded == 0 || res.Spectrum.NumTests() != 1 {
		t.Errorf("%d cases bounded out, spectrum of %d cases; want the others out, TestWindow alone in (errors %v)", bounded, res.Spectrum.NumTests(), res.Errors)
	}
}

// TestPackageEvidenceBound: a bound of the evidence stage as a whole that
// passes at once cuts the stage: the spectrum keeps the selected case
// (collected before the stage), the result has an *EvidenceCutError and
// the report's reason says that its spectrum is partial. A generous bound
// cuts nothing and gives the same spectrum as no bound.
func TestPackageEvidenceBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	run := func(bound time.Duration) *Result {
		res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), &Options{Run: "^TestWindow$", Technique: none, EvidenceBound: bound, NoNative: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Reports) != 1 {
			t.Fatalf("%d reports, want 1", len(res.Reports))
		}
		return res
	}
	cutErr := func(res *Result) *EvidenceCutError {
		for _, e := range res.Errors {
			var c *EvidenceCutError
			if errors.As(e, &c) {
				return c
			}
		}
		return nil
	}
	res := run(time.Nanosecond)
	if c := cutErr(res); c == nil || res.Spectrum.NumTests() != 1 || !strings.Contains(res.Reports[0].Reason, "spectrum partial") {
		t.Errorf("cut %v, spectrum of %d cases, reason %q; want a cut, TestWindow alone, the reason saying so", c, res.Spectrum.NumTests(), res.Reports[0].Reason)
	}
	whole, unbounded := run(time.Hour), run(-1)
	if c := cutErr(whole); c != nil || whole.Reports[0].Reason != "" {
		t.Errorf("an hour's bound: cut %v, reason %q", c, whole.Reports[0].Reason)
	}
	if g, w := dumpMatrix(whole.Spectrum), dumpMatrix(unbounded.Spectrum); g != w || whole.Spectrum.NumTests() < 2 {
		t.Errorf("spectrum within an hour\n%s\nwant, unbounded\n%s", g, w)
	}
}

// TestPackageStagePanics: a technique, a scorer or a refiner that panics
// costs its own evidence, not the report: the panic comes back as a
// *localize.StagePanicError naming the stage, in Result.Errors for the
// technique and in the report's Reason for the others, and the report
// keeps the other stages' ranking.
func TestPackageStagePanics(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	panics := techniqueFunc(func(context.Context, *localize.Failure) (*localize.Report, error) {
		var m map[string]int
		m["x"]++ // a nil map: the stage's bug
		return nil, nil
	})
	badScorer := scorerFunc(func(context.Context, *localize.Failure) (localize.LineScores, error) { panic("scorer bug") })
	badRefiner := refinerFunc(func(context.Context, *localize.Report, *localize.Failure) error { panic("refiner bug") })
	for _, tt := range []struct {
		name   string
		opts   Options
		stage  string // in the report's Reason
		errors int    // in Result.Errors
	}{
		{"technique", Options{Technique: panics, Refiners: []localize.Refiner{}}, "assignment to entry in nil map", 1},
		{"scorer", Options{Technique: none, Scorers: append([]localize.Scorer{badScorer}, localize.DefaultScorers()...), Refiners: []localize.Refiner{}}, "scorer bug", 0},
		{"refiner", Options{Technique: none, Refiners: []localize.Refiner{badRefiner}}, "refiner bug", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			res, err := Run(ctx, prog, "github.com/faultloc/faultloc/examples/foo", &opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Reports) != 1 || len(res.Errors) != tt.errors {
				t.Fatalf("%d reports, errors %v; want 1 report and %d errors", len(res.Reports), res.Errors, tt.errors)
			}
			var pe *localize.StagePanicError
			if tt.errors > 0 && !errors.As(res.Errors[0], &pe) {
				t.Errorf("error %v is not a *localize.StagePanicError", res.Errors[0])
			}
			rep := res.Reports[0]
			if !strings.Contains(rep.Reason, "panicked") || !strings.Contains(rep.Reason, tt.stage) || len(rep.Ranking) == 0 {
				t.Errorf("reason %q, %d ranked lines; want the panic (%s) and a ranking", rep.Reason, len(rep.Ranking), tt.stage)
			}
		})
	}
}

// TestPackageShard: with Options.Shard, only the failing cases it
// accepts are localized and reported, Failing still lists them all, and
// the case-set refiners, which need every report, do not run.
func TestPackageShard(t *testing.T) {
	ctx := context.Background()
	prog := testutil.LoadTax(t)
	var localized []string
	tech := techniqueFunc(func(_ context.Context, f *localize.Failure) (*localize.Report, error) {
		localized = append(localized, f.Case.Name())
		return &localize.Report{Test: f.Case.Name(), Candidates: []localize.Candidate{}}, nil
	})
	setRefined := false
	set := caseSetRefinerFunc(func(context.Context, []*localize.Report) error { setRefined = true; return nil })
	res, err := Run(ctx, prog, taxPkg, &Options{Technique: tech, Refiners: []localize.Refiner{}, CaseSetRefiners: []localize.CaseSetRefiner{set}, NoNative: true,
		Shard: func(name string) bool { return name == "TestTax" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) != 2 || !slices.Contains(res.Failing, "TestNet") || !slices.Equal(localized, []string{"TestTax"}) || len(res.Reports) != 1 || res.Reports[0].Test != "TestTax" {
		t.Errorf("failing %v, localized %v, %d reports; want both failing, TestTax alone localized and reported", res.Failing, localized, len(res.Reports))
	}
	if setRefined {
		t.Error("the case-set refiners ran on a shard's reports")
	}
}

// TestPreliminary: Options.Preliminary gets each failing case's ranking
// while the technique runs (the technique here records when it is
// called) and before the case's report: on the words subject's three
// failing subtests, in the order of the cases, numbered 1..3 of 3, no
// candidate, marked partial and preliminary. The technique here finds
// nothing, so each final report's ranking is the scorers' alone: the
// preliminary one, line for line.
func TestPreliminary(t *testing.T) {
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, testutil.Subject("words"), true, 1)
	var mu sync.Mutex // the technique and the callbacks run on their own goroutines
	var events []string
	event := func(e string) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
	}
	early := map[string][]localize.RankedLine{}
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		event("technique " + f.Case.Name())
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	opts := &Options{Technique: tech, Refiners: []localize.Refiner{}, NoNative: true,
		Preliminary: func(i, n int, rep *localize.Report) {
			event(fmt.Sprintf("preliminary %d/%d %s", i, n, rep.Test))
			if rep.Mode != PreliminaryMode || !rep.Partial || len(rep.Candidates) != 0 || !strings.HasPrefix(rep.Reason, "preliminary") || len(rep.Ranking) == 0 {
				t.Errorf("%s: mode %q, partial %v, %d candidates, reason %q, %d lines ranked; want a partial preliminary ranking without candidates", rep.Test, rep.Mode, rep.Partial, len(rep.Candidates), rep.Reason, len(rep.Ranking))
			}
			early[rep.Test] = rep.Ranking
		},
		Progress: func(rep *localize.Report) { event("report " + rep.Test) }}
	res, err := Run(ctx, prog, testutil.SubjectPkg("words"), opts)
	if err != nil {
		t.Fatal(err)
	}
	// Each case's preliminary ranking and technique (in either order)
	// come before its report, and the reports in the order of the cases.
	cases := []string{"TestCount/two_words", "TestCount/_lead", "TestCount/a_b_c"}
	var got, want []string
	for _, e := range events {
		if !strings.HasPrefix(e, "technique ") {
			got = append(got, e)
		}
	}
	for i, c := range cases {
		want = append(want, fmt.Sprintf("preliminary %d/3 %s", i+1, c), "report "+c)
		tech, report := slices.Index(events, "technique "+c), slices.Index(events, "report "+c)
		if tech < 0 || tech > report || (i > 0 && tech < slices.Index(events, "report "+cases[i-1])) {
			t.Errorf("%s: the technique ran at event %d, its report at %d; want it after the earlier case's report, before its own", c, tech, report)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("events:\n%s\nwant (the technique's aside):\n%s", strings.Join(events, "\n"), strings.Join(want, "\n"))
	}
	for _, rep := range res.Reports {
		if !slices.Equal(rep.Ranking, early[rep.Test]) {
			t.Errorf("%s: final ranking %v, preliminary %v; want the same (no candidate)", rep.Test, rep.Ranking, early[rep.Test])
		}
	}
}

// TestFound: Options.Found receives the technique's candidates as it
// finds them, each once, named by its case, before the report: on the
// floor subject (AgxFaults, two candidates, no refiner), the report's
// candidates (which the ranking orders by position among ties). The
// search is in integers by default, in words with the build tag long
// (testutil.QuickArith), as in TestParallelCases, TestUpdates and
// TestPreliminaryLeavesTechniqueOut.
func TestFound(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("localizes with the solver")
	}
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, testutil.Subject("floor"), true, 1)
	var found []localize.Candidate
	reported := false
	opts := &Options{Technique: &agx.Technique{Options: agx.Options{MaxSize: 1, MaxCandidates: 2, Arith: testutil.QuickArith()}}, Refiners: []localize.Refiner{}, NoNative: true,
		Found: func(name string, c localize.Candidate, elapsed time.Duration) {
			if name != "TestFloor" || reported || elapsed <= 0 {
				t.Errorf("Found(%q, %v, %v) after the report: %v", name, c.Locations, elapsed, reported)
			}
			found = append(found, c)
		},
		Report: func(*localize.Report) { reported = true },
	}
	res, err := Run(ctx, prog, testutil.SubjectPkg("floor"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports, want 1", len(res.Reports))
	}
	cands := res.Reports[0].Candidates
	if len(found) != len(cands) || len(cands) == 0 {
		t.Fatalf("found %d candidates, the report has %d; want the same, at least one", len(found), len(cands))
	}
	key := func(cs []localize.Candidate) []string {
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprint(c.Locations, c.Verified))
		}
		slices.Sort(out)
		return out
	}
	if f, r := key(found), key(cands); !slices.Equal(f, r) {
		t.Errorf("found %v, reported %v; want the same candidates", f, r)
	}
}

// TestParallelCases: with Parallel 2 the three failing subtests of the
// words subject get the reports they get one after another (AgxFaults
// within its candidate bound, no time bound reached), in the same order,
// each delivered to Report once. The search is in integers by default
// (testutil.QuickArith): the words' bit arithmetic took Z3 most of the
// test's time.
func TestParallelCases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, testutil.Subject("words"), true, 1)
	summary := func(parallel int) []string {
		var reported []string
		// A time bound no run reaches: under load the default one (20 s)
		// stopped one of the two runs early and not the other.
		opts := &Options{Technique: &agx.Technique{Options: agx.Options{MaxSize: 1, MaxCandidates: 3, Arith: testutil.QuickArith()}}, NoNative: true, Parallel: parallel, Timeout: time.Hour,
			Report: func(rep *localize.Report) { reported = append(reported, rep.Test) }}
		res, err := Run(ctx, prog, testutil.SubjectPkg("words"), opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, rep := range res.Reports {
			out = append(out, testutil.Summary(rep))
		}
		if !slices.Equal(reported, res.Failing) {
			t.Errorf("parallel %d: reported %v, want %v", parallel, reported, res.Failing)
		}
		return out
	}
	one, two := summary(1), summary(2)
	if len(one) != 3 || !slices.Equal(one, two) {
		t.Errorf("one at a time:\n%s\ntwo at once:\n%s", strings.Join(one, "\n"), strings.Join(two, "\n"))
	}
}
