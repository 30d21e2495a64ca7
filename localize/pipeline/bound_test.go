package pipeline

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// stalls records, per failing case, when its stand-in stages began and
// the deadlines they were given: a technique and a refiner that each run
// until their context ends, so that every case uses its whole bound.
type stalls struct {
	mu                  sync.Mutex
	began, search, done map[string]time.Time
}

func newStalls() *stalls {
	return &stalls{began: map[string]time.Time{}, search: map[string]time.Time{}, done: map[string]time.Time{}}
}

func (s *stalls) technique() localize.Technique {
	return techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		d, _ := ctx.Deadline()
		s.mu.Lock()
		s.began[f.Case.Name()], s.search[f.Case.Name()] = time.Now(), d
		s.mu.Unlock()
		<-ctx.Done()
		rep := localize.NewReport(f.Case.Name(), "stall", "failed", nil)
		rep.Partial, rep.Reason = true, "stalled: "+ctx.Err().Error()
		return rep, nil
	})
}

func (s *stalls) refiner() localize.Refiner {
	return refinerFunc(func(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
		d, _ := ctx.Deadline()
		s.mu.Lock()
		s.done[f.Case.Name()] = d
		s.mu.Unlock()
		<-ctx.Done()
		return fmt.Errorf("stalled refiner: %w", ctx.Err())
	})
}

// within fails t unless elapsed is within bound by the measure:
// 10% of it or 2 s, whichever is more.
func within(t *testing.T, what string, elapsed, bound time.Duration) {
	t.Helper()
	if over := elapsed - bound; over > max(bound/10, 2*time.Second) {
		t.Errorf("%s returned %v after its start, %v past its bound of %v", what, elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	}
}

// cutsOf lists the cuts as "case stage" strings, with shared those of
// the stages the cases share (the evidence and native stages), else
// without them (crash's TestEvens, which loops, may hold the evidence
// stage past a small bound's share).
func cutsOf(res *Result, shared bool) []string {
	var out []string
	for _, c := range res.Cuts {
		if !shared && (c.Stage == StageEvidence || c.Stage == StageNative) {
			continue
		}
		out = append(out, strings.TrimSpace(c.Case+" "+c.Stage))
	}
	return out
}

// TestCaseBound: Options.Timeout bounds each failing case's
// localization as a whole. Two failing cases whose search and refiner
// would never end: each report is out within its bound, the first
// case's counted from Run's start, the second's from its own start;
// the search ends at its share, leaving the refiners the rest; each
// report is ranked, partial, and names the stages cut, as Result.Cuts
// does.
func TestCaseBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	const bound = 3 * time.Second
	st := newStalls()
	start := time.Now()
	res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), &Options{Run: "^(TestWindow|TestSum)$", Technique: st.technique(),
		Refiners: []localize.Refiner{st.refiner()}, Timeout: bound, NoNative: true, CaseSetRefiners: []localize.CaseSetRefiner{}})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	within(t, "Run of two cases", elapsed, 2*bound)
	if len(res.Reports) != 2 {
		t.Fatalf("%d reports, want 2 (failing %q, errors %v)", len(res.Reports), res.Failing, res.Errors)
	}
	var want []string
	for i, rep := range res.Reports {
		name := rep.Test
		if !rep.Partial || len(rep.Ranking) == 0 || !strings.Contains(rep.Reason, fmt.Sprintf("timeout %v: search cut at ", bound)) || !strings.Contains(rep.Reason, "refine (") {
			t.Errorf("%s: partial %v, %d ranked lines, reason %q; want partial, ranked, the search and the refiner cut", name, rep.Partial, len(rep.Ranking), rep.Reason)
		}
		want = append(want, name+" "+StageSearch, name+" "+StageRefine)
		from := st.began[name] // the second case's clock starts with it
		if i == 0 {
			from = start
		}
		due := st.done[name]
		if d := due.Sub(from); d > bound+time.Second || d < bound-2*time.Second {
			t.Errorf("%s: refiner's deadline %v after the case's start, want its bound %v", name, d, bound)
		}
		if !st.search[name].Before(due) {
			t.Errorf("%s: search due %v, refiners' %v: want the search to leave the refiners time", name, st.search[name], due)
		}
	}
	if got := cutsOf(res, false); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("cuts %q, want %q", got, want)
	}
}

// TestSharedStagesCut: the first case's bound covers the stages the
// cases share. On slowshared, whose evidence (TestSpin interpreted) and
// native go test run (TestSleep sleeps a minute) outlast their shares
// of it (a half, two thirds), both are cut there (the native run
// keeping what it finished): the report still comes within the bound,
// ranked by the spectrum of what ran, partial, its reason saying what
// was left out, and Result.Cuts lists the evidence and native stages
// before the case's own.
func TestSharedStagesCut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs go test")
	}
	// It waits for its bounds, the evidence stage spinning on one core:
	// in parallel with the other tests.
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/slowshared", true, 1)
	const bound = 3 * time.Second
	st := newStalls()
	start := time.Now()
	res, err := Run(ctx, prog, testutil.SubjectPkg("slowshared"), &Options{Run: "^TestAbs$", Technique: st.technique(),
		Refiners: []localize.Refiner{st.refiner()}, Timeout: bound})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	within(t, "Run", elapsed, bound)
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports, want 1 (failing %q, errors %v)", len(res.Reports), res.Failing, res.Errors)
	}
	rep := res.Reports[0]
	for _, want := range []string{"spectrum partial", "its share of the first failing case's bound", "the native evidence stage was not done", fmt.Sprintf("timeout %v: search cut at", bound)} {
		if !strings.Contains(rep.Reason, want) {
			t.Errorf("reason %q lacks %q", rep.Reason, want)
		}
	}
	if !rep.Partial || len(rep.Ranking) == 0 {
		t.Errorf("partial %v, %d ranked lines; want a partial, ranked report", rep.Partial, len(rep.Ranking))
	}
	want := []string{StageEvidence, StageNative, "TestAbs " + StageSearch, "TestAbs " + StageRefine}
	if got := cutsOf(res, true); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("cuts %q, want %q", got, want)
	}
	if res.Native != nil {
		// What the stopped run had finished (TestAbs runs first), not
		// TestSleep, still sleeping.
		if _, ok := res.Native.Spectrum.TestIndex("TestSleep"); ok {
			t.Errorf("the native run holds TestSleep; want it cut at its share")
		}
	}
	// The case's clock starts after Run's setup, which a loaded machine
	// slows: the deadline may come late by within's tolerance.
	if d := st.done["TestAbs"].Sub(start); d > bound+max(bound/10, 2*time.Second) || d < bound-time.Second {
		t.Errorf("refiner's deadline %v after Run's start, want the bound %v", d, bound)
	}
	for i, share := range []time.Duration{bound / sharedShare, bound * nativeNum / nativeDen} {
		if c := res.Cuts[i]; c.After < share || c.After > share+time.Second {
			t.Errorf("%s cut %v into the first case's clock, want at its share, %v", c.Stage, c.After, share)
		}
	}
	// Given a bound of their own, the shared stages are not charged to
	// the first case: its clock starts after them.
	st = newStalls()
	start = time.Now()
	res, err = Run(ctx, prog, testutil.SubjectPkg("slowshared"), &Options{Run: "^TestAbs$", Technique: st.technique(),
		Refiners: []localize.Refiner{st.refiner()}, Timeout: time.Second, EvidenceBound: 1500 * time.Millisecond, NoNative: true})
	if err != nil {
		t.Fatal(err)
	}
	if d := st.done["TestAbs"].Sub(start); d < 2500*time.Millisecond {
		t.Errorf("with EvidenceBound 1.5s and Timeout 1s the case is due %v after the start, want at least the two", d)
	}
	if got := cutsOf(res, true); strings.Join(got, ",") != "TestAbs search,TestAbs refine" {
		t.Errorf("cuts %q, want the case's own only (the evidence's is EvidenceBound's)", got)
	}
}

// TestDiagnosisBound: a Diagnoser's Timeout bounds the diagnosis with
// the stages before it: a Diagnoser that would never end returns within
// the bound, partial, the cut named.
func TestDiagnosisBound(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	const bound = 3 * time.Second
	d := diagnoserFunc(func(ctx context.Context, fs []*localize.Failure) (*localize.DiagnosisReport, error) {
		<-ctx.Done()
		return &localize.DiagnosisReport{Partial: true, Reason: ctx.Err().Error()}, nil
	})
	start := time.Now()
	res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), &Options{Run: "^(TestWindow|TestSum)$", Diagnoser: d, Timeout: bound})
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	within(t, "Run with a Diagnoser", elapsed, bound)
	if res.Diagnosis == nil || !res.Diagnosis.Partial || !strings.Contains(res.Diagnosis.Reason, fmt.Sprintf("timeout %v: search cut at", bound)) {
		t.Fatalf("diagnosis %+v; want partial, the search cut", res.Diagnosis)
	}
	if got := cutsOf(res, false); strings.Join(got, ",") != StageSearch {
		t.Errorf("cuts %q, want [search]", got)
	}
}

// diagnoserFunc is a Diagnoser made of a function.
type diagnoserFunc func(ctx context.Context, fs []*localize.Failure) (*localize.DiagnosisReport, error)

func (d diagnoserFunc) Diagnose(ctx context.Context, fs []*localize.Failure) (*localize.DiagnosisReport, error) {
	return d(ctx, fs)
}

// TestSearchCutBeforeReport: a technique whose share of the case's bound
// ends before it has a report (its first run of the case not done, say)
// and that returns the context's error is cut, not failed: the report is
// ranked, partial, names the search cut and the technique's error, and
// Result.Errors is empty. A technique's other error is still the case's.
func TestSearchCutBeforeReport(t *testing.T) {
	t.Parallel()
	prog := loadFoo(t)
	cutShort := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		<-ctx.Done()
		return nil, fmt.Errorf("localize: running %s: %w", f.Case.Name(), ctx.Err())
	})
	failing := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return nil, fmt.Errorf("localize: broken")
	})
	for _, tt := range []struct {
		name      string
		tech      localize.Technique
		wantError bool
		reason    string
	}{
		{"cut", cutShort, false, "search cut at "},
		{"failed", failing, true, "localize: broken"},
	} {
		res, err := Run(context.Background(), prog, "github.com/faultloc/faultloc/examples/foo", &Options{Technique: tt.tech, Refiners: []localize.Refiner{}, Timeout: 2 * time.Second, NoNative: true})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(res.Reports) != 1 {
			t.Fatalf("%s: %d reports, want 1", tt.name, len(res.Reports))
		}
		rep := res.Reports[0]
		if !rep.Partial || len(rep.Ranking) == 0 || !strings.Contains(rep.Reason, tt.reason) {
			t.Errorf("%s: partial %v, %d ranked lines, reason %q; want partial, ranked, the reason saying %q", tt.name, rep.Partial, len(rep.Ranking), rep.Reason, tt.reason)
		}
		if got := len(res.Errors) > 0; got != tt.wantError {
			t.Errorf("%s: errors %v, want some: %v", tt.name, res.Errors, tt.wantError)
		}
	}
}
