package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// loadLateNative loads testdata/latenative with the path of its gate
// file, not there yet: its native TestGated waits for it.
func loadLateNative(t *testing.T) (prog *trace.Program, pkg, gate string) {
	t.Helper()
	return loadGated(t, "testdata/latenative")
}

// loadGated loads the subject in dir with the path of its gate file,
// not there yet, in $FAULTLOC_LATENATIVE_GATE. The tests on such a subject run
// in parallel with each other, each on a program of its own, whose
// native stage's hooks (hearNative, shareOnFirst) are its own too.
// Those whose selected cases are done before the native stage's share
// of the first case's bound passes (TestNativeLate,
// TestNativeLateCutShort, TestNativeLateRefused, TestNativeLateHeld,
// TestNativeLateWaitToBound) end that share once those cases are done
// (shareOnFirst) rather than wait ten seconds for it.
func loadGated(t *testing.T, dir string) (prog *trace.Program, pkg, gate string) {
	t.Helper()
	gate = filepath.Join(t.TempDir(), "gate")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true, Env: append(os.Environ(), "FAULTLOC_LATENATIVE_GATE="+gate)}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if pkg, err = prog.TargetPackage(); err != nil {
		t.Fatal(err)
	}
	return prog, pkg, gate
}

// hearNative sets the native stage's test hook of prog (testHooksNative)
// for the test and returns the events.
func hearNative(t *testing.T, prog *trace.Program) <-chan string {
	events := make(chan string, 4)
	testHooksNative.Store(prog, func(e string) { events <- e })
	t.Cleanup(func() { testHooksNative.Delete(prog) })
	return events
}

// shareOnFirst ends the native stage's share of the first case's bound,
// on prog, once the selected cases' native runs are done
// (testShareOnFirst), for the test: the point the share's end reaches,
// with a bound that leaves those runs time even on a busy machine, only
// after seconds of waiting.
func shareOnFirst(t *testing.T, prog *trace.Program) {
	testShareOnFirst.Store(prog, true)
	t.Cleanup(func() { testShareOnFirst.Delete(prog) })
}

// waitEvent waits, a minute at most, for event among events.
func waitEvent(t *testing.T, events <-chan string, event string) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case e := <-events:
			if e == event {
				return
			}
		case <-timeout:
			t.Errorf("the native stage did not say %q within a minute", event)
			return
		}
	}
}

// open creates the gate file.
func open(t *testing.T, gate string) {
	if err := os.WriteFile(gate, nil, 0o666); err != nil {
		t.Error(err)
	}
}

// TestNativeLate: Run stops waiting for the native stage at its share
// of the first case's bound, but the stage, whose selected cases are
// done, goes on. The first case is localized with the selected cases'
// evidence, and its report, once the stage is done, fused again with
// the whole run (TestNativeLateRefused checks the ranking); the case
// localized after the stage is done gets the whole run. The rest of the
// suite waits for the gate the first case's technique opens; the bound
// leaves the selected cases' runs time even on a busy machine.
func TestNativeLate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// In parallel with the other tests on a gated subject (see loadGated).
	t.Parallel()
	prog, pkg, gate := loadLateNative(t)
	shareOnFirst(t, prog)
	events := hearNative(t, prog)
	var mu sync.Mutex
	natives := map[string]*native.Run{}
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		name := f.Case.Name()
		n, _ := f.Native.(*native.Run)
		mu.Lock()
		natives[name] = n
		mu.Unlock()
		if name == "TestHigh" {
			// Past the native stage's share: let it end.
			open(t, gate)
			waitEvent(t, events, "done")
		}
		return localize.NewReport(name, "stand-in", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^(TestHigh|TestHigher)$", Timeout: 15 * time.Second, Technique: tech, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	reports := map[string]*localize.Report{}
	for _, rep := range res.Reports {
		reports[rep.Test] = rep
	}
	if n := natives["TestHigh"]; n == nil || n.Spectrum.NumTests() != 2 {
		t.Errorf("TestHigh got native evidence %v; want the two selected cases'", n)
	}
	if rep := reports["TestHigh"]; rep == nil || rep.Partial || strings.Contains(rep.Reason, "native evidence partial") || !strings.Contains(rep.Reason, refusedNote) {
		t.Errorf("TestHigh's report %+v; want it whole, saying that its native evidence was fused again", rep)
	}
	n := natives["TestHigher"]
	if n == nil || n != res.Native {
		t.Fatalf("TestHigher got native evidence %v, the result %v; want the stage's whole run in both", n, res.Native)
	}
	if i, ok := n.Spectrum.TestIndex("TestGated"); !ok || !n.Spectrum.Test(i).Failed {
		t.Errorf("the whole run has TestGated %v; want it, failing", ok)
	}
	if rep := reports["TestHigher"]; rep == nil || strings.Contains(rep.Reason, "native evidence") {
		t.Errorf("TestHigher's report %+v; want one that does not say its native evidence was cut", rep)
	}
}

// ranks reports whether rep ranks line.
func ranks(rep *localize.Report, line int) bool {
	return slices.ContainsFunc(rep.Ranking, func(rl localize.RankedLine) bool { return rl.Line == line })
}

// TestNativeLateCutShort: a run stopped after Run stopped waiting for
// the native stage, which never ends, still ranks each selected failing
// case by the selected cases' native evidence.
func TestNativeLateCutShort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// In parallel with the other tests on a gated subject (see loadGated).
	t.Parallel()
	prog, pkg, _ := loadLateNative(t) // the gate stays closed: the stage never ends
	shareOnFirst(t, prog)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	stop := errors.New("stopped by the test")
	stopping := techniqueFunc(func(context.Context, *localize.Failure) (*localize.Report, error) {
		cancel(stop)
		return nil, stop
	})
	res, err := Run(ctx, prog, pkg, &Options{Run: "^(TestHigh|TestHigher)$", Timeout: 15 * time.Second, Technique: stopping})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the context's", err)
	}
	fault := faultLine(t, "testdata/latenative/clamp.go")
	var names []string
	for _, rep := range res.Reports {
		names = append(names, rep.Test)
		if rep.Mode != native.Mode || !ranks(rep, fault) || !strings.Contains(rep.Reason, "stopped by the test") {
			t.Errorf("%s's report %+v; want it ranked by the native run, the faulty line %d in it, naming why it stopped", rep.Test, rep, fault)
		}
	}
	if !slices.Equal(names, []string{"TestHigh", "TestHigher"}) {
		t.Errorf("reports of %q; want TestHigh's and TestHigher's", names)
	}
}

// TestEarlyPreliminary: the first failing case's preliminary ranking
// comes from the selected cases' runs as soon as they ran, without
// waiting for the native stage: here the stage cannot end before the
// test opens its gate, which it does only once it has that ranking, so
// without the early ranking the first update would come only when Run
// stops waiting for the stage (two thirds of the case's bound).
func TestEarlyPreliminary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, pkg, gate := loadLateNative(t)
	const timeout = 45 * time.Second
	start := time.Now()
	var updates []Update
	var firstAfter time.Duration
	updatesFunc := func(u Update) {
		if len(updates) == 0 {
			firstAfter = time.Since(start)
			open(t, gate)
		}
		updates = append(updates, u)
	}
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestHigh$", Timeout: timeout, Start: start, Technique: tech, Refiners: []localize.Refiner{}, Updates: updatesFunc})
	if err != nil {
		t.Fatal(err)
	}
	if len(updates) < 2 {
		t.Fatalf("%d updates; want the preliminary ranking and the final report at least", len(updates))
	}
	first, last := updates[0], updates[len(updates)-1]
	if first.Kind != UpdatePreliminary || first.Case != "TestHigh" || len(first.Report.Ranking) == 0 || !strings.Contains(first.Report.Reason, "selected cases' runs alone") {
		t.Errorf("first update %v of %s, reason %q, %d lines; want TestHigh's preliminary ranking from the selected cases' runs", first.Kind, first.Case, first.Report.Reason, len(first.Report.Ranking))
	}
	if share := timeout * nativeNum / nativeDen; firstAfter >= share {
		t.Errorf("the first update came %v after the start; want it before Run stops waiting for the native stage (%v)", firstAfter, share)
	}
	for _, u := range updates[1 : len(updates)-1] {
		if u.Kind != UpdatePreliminary && u.Kind != UpdateRevised {
			t.Errorf("update %v between the first and the last", u.Kind)
		}
	}
	if last.Kind != UpdateFinal || len(res.Reports) != 1 || last.Report != res.Reports[0] {
		t.Fatalf("last update %v; want the final report, the result's own", last.Kind)
	}
	// The report says how long the first answer took, from the start.
	if p := res.Reports[0].Stats.Preliminary; p <= 0 || p > firstAfter {
		t.Errorf("Stats.Preliminary %v; want the early ranking's time, after the start and by the first update (%v)", p, firstAfter)
	}
}

// overBound returns how long after start plus bound Run returned (now),
// and fails t, or on a busy machine logs (loadgate), when that is more
// than the measure: 10% of the bound or 2 s, whichever is more.
func overBound(t *testing.T, start time.Time, bound time.Duration) time.Duration {
	t.Helper()
	elapsed := time.Since(start)
	over := elapsed - bound
	t.Logf("Run returned %v after its start: %v past the first case's bound of %v", elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	if over > max(bound/10, 2*time.Second) {
		loadgate.Errorf(t, "Run returned %v after its start, %v past the first case's bound of %v", elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	}
	return over
}

// heardCut reports whether events (hearNative's) had "cut": Run took
// the native run's cases done at the end of the first case's bound.
func heardCut(events <-chan string) bool {
	for {
		select {
		case e := <-events:
			if e == "cut" {
				return true
			}
		default:
			return false
		}
	}
}

// TestNativeCutRanks: when only the native run can rank the selected
// case (the interpreter refuses TestBig) and the run is not done by the
// end of the first case's bound (TestGated holds it: its gate never
// opens), Run does not wait for it: at the bound it ranks TestBig from
// the cases the run has done (TestBig, run first, and TestSmall, a
// passing case, which tells the faulty line apart: alone, TestBig's run
// ties every line of Scale), within the bound and a small grace. The
// report is partial and says how many of the run's cases it had, as
// its JSON does; Result.Cuts names the native stage.
func TestNativeCutRanks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// Waits most of its time, in parallel (see loadGated).
	t.Parallel()
	prog, pkg, gate := loadGated(t, "testdata/latewhole")
	t.Cleanup(func() { open(t, gate) }) // a run Run left behind ends
	events := hearNative(t, prog)
	// The bound leaves the go test build and the two cases' runs time on
	// a busy machine.
	const bound = 20 * time.Second
	start := time.Now()
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestBig$", Timeout: bound, Start: start, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	overBound(t, start, bound)
	if !heardCut(events) {
		t.Errorf("Run did not cut the native stage at the bound (errors %v)", res.Errors)
	}
	if len(res.Reports) != 1 || res.Reports[0].Test != "TestBig" || res.Reports[0].Mode != native.Mode {
		t.Fatalf("%d reports (failing %q, errors %v); want TestBig's, ranked natively", len(res.Reports), res.Failing, res.Errors)
	}
	rep := res.Reports[0]
	if !rep.Partial || !strings.Contains(rep.Reason, "unsafe.Pointer") {
		t.Errorf("report partial %v, reason %q; want it partial, with the interpreter's refusal", rep.Partial, rep.Reason)
	}
	if !slices.ContainsFunc(res.Cuts, func(c Cut) bool { return c.Stage == StageNative }) {
		t.Errorf("cuts %v; want the native stage's", res.Cuts)
	}
	const want = "native evidence cut at the first failing case's bound of 20s (pipeline.Options.Timeout): ranked from "
	if !strings.Contains(rep.Reason, want) {
		t.Fatalf("reason %q; want it to say %q", rep.Reason, want)
	}
	if !strings.Contains(rep.Reason, "ranked from 2 of at least 3 cases of the native run") {
		// TestSmall not done by the bound: TestBig's run alone ties
		// the lines of Scale.
		loadgate.Errorf(t, "reason %q; want TestBig's and TestSmall's runs of at least 3 cases (TestGated's not listed yet)", rep.Reason)
		return
	}
	var js bytes.Buffer
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), want) {
		t.Errorf("the JSON does not say %q", want)
	}
	fault := faultLine(t, "testdata/latewhole/scale.go")
	if len(rep.Ranking) == 0 || rep.Ranking[0].Line != fault || rep.Ranking[0].Rank != 1 {
		t.Errorf("ranking %v; want the faulty line %d first, alone", rep.Ranking, fault)
	}
}

// TestNativeCutNotRun: when only the native run could rank the selected
// case (the interpreter refuses TestGated) and the run has not run it by
// the end of the first case's bound (it waits for a gate that never
// opens), Run returns at the bound with a report that says so: partial,
// nothing ranked, TestGated in Result.NotRun, not among the failing
// cases, and not a pass.
func TestNativeCutNotRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel() // see loadGated
	prog, pkg, gate := loadLateNative(t)
	t.Cleanup(func() { open(t, gate) })
	events := hearNative(t, prog)
	const bound = 4 * time.Second
	start := time.Now()
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestGated$", Timeout: bound, Start: start, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	overBound(t, start, bound)
	if !heardCut(events) {
		t.Errorf("Run did not cut the native stage at the bound (errors %v)", res.Errors)
	}
	if len(res.Failing) != 0 || !slices.Equal(res.NotRun, []string{"TestGated"}) {
		t.Errorf("failing %q, not run %q; want no failing case, TestGated not run", res.Failing, res.NotRun)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports (errors %v); want TestGated's", len(res.Reports), res.Errors)
	}
	rep := res.Reports[0]
	if rep.Test != "TestGated" || rep.Mode != native.Mode || !rep.Partial || len(rep.Ranking) != 0 {
		t.Errorf("report of %s, mode %q, partial %v, %d lines ranked; want TestGated's, native, partial, nothing ranked", rep.Test, rep.Mode, rep.Partial, len(rep.Ranking))
	}
	for _, want := range []string{"not ranked: the interpreter could not run it", "unsafe.Pointer", "cut at the first failing case's bound of 4s", "had not run it"} {
		if !strings.Contains(rep.Reason, want) {
			t.Errorf("reason %q; want it to say %q", rep.Reason, want)
		}
	}
}

// TestNativeLateWaitToBound: the case, ranked before the native stage
// is done, ends before its bound; Run waits for the stage until that
// bound and fuses the report again with the whole run, rather than
// returning it as ranked. The gate that holds the stage opens only once
// the report is ranked and held (Options.Progress hears it), so without
// the wait the report would never be fused again. On a machine so busy
// that the rest of the suite outlasts the bound, the miss is logged
// (loadgate), not failed.
func TestNativeLateWaitToBound(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// In parallel with the other tests on a gated subject (see loadGated).
	t.Parallel()
	prog, pkg, gate := loadLateNative(t)
	shareOnFirst(t, prog)
	var mu sync.Mutex
	var doneAt time.Time // when the stage was done
	testHooksNative.Store(prog, func(e string) {
		if e == "done" {
			mu.Lock()
			doneAt = time.Now()
			mu.Unlock()
		}
	})
	t.Cleanup(func() { testHooksNative.Delete(prog) })
	var once sync.Once
	const bound = 15 * time.Second
	start := time.Now()
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestHigh$", Timeout: bound, Start: start, Technique: techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
	}), Refiners: []localize.Refiner{},
		Progress: func(*localize.Report) { once.Do(func() { open(t, gate) }) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports; want TestHigh's", len(res.Reports))
	}
	if rep := res.Reports[0]; !strings.Contains(rep.Reason, refusedNote) {
		mu.Lock()
		defer mu.Unlock()
		if doneAt.IsZero() || doneAt.Before(start.Add(bound)) {
			t.Errorf("TestHigh's report %q; want it fused again with the native stage's whole run, done before the case's bound", rep.Reason)
		} else {
			loadgate.Errorf(t, "the native stage was done after the case's bound; report %q", rep.Reason)
		}
	}
}

// TestNativeStartsFirst: the native stage starts before Run lists and
// runs the cases under the interpreter (Options.Status hears
// StageSpectrum first thing before that), so that its go test build has
// the CPU first.
func TestNativeStartsFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel()
	prog, pkg, gate := loadLateNative(t)
	open(t, gate)
	var mu sync.Mutex
	var order []string
	testHooksNative.Store(prog, func(e string) {
		mu.Lock()
		defer mu.Unlock()
		order = append(order, "native "+e)
	})
	t.Cleanup(func() { testHooksNative.Delete(prog) })
	_, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestHigh$", Timeout: 20 * time.Second, Refiners: []localize.Refiner{},
		Technique: techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
			return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
		}),
		Status: func(s Status) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, "status "+s.Stage)
		}})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(order) == 0 || order[0] != "native started" {
		t.Errorf("events %q; want the native stage started before any stage of the interpreter", order)
	}
}

// TestFloorAfterRefiners: a refiner's promotion of a line that nearly
// every passing case runs (Scale's first line, weak under native
// Ochiai) does not stand above the native floor: the final ranking is
// floored again (native.FloorReport), the faulty line, which only the
// failing case runs, first, the promoted line at its Ochiai rank.
func TestFloorAfterRefiners(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel()
	prog, pkg, gate := loadGated(t, "testdata/laterefuse")
	open(t, gate)
	fault := faultLine(t, "testdata/laterefuse/scale.go")
	first := fault - 2 // y := x * 2
	refiner := refinerFunc(func(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
		for _, rl := range rep.Ranking {
			if rl.Line == first {
				rep.Promote([]trace.Line{rl.SourceLine()}, localize.EvidenceVerified)
			}
		}
		return nil
	})
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestScale$", Timeout: time.Minute, NativeBound: -1, EvidenceBound: -1, Refiners: []localize.Refiner{refiner},
		Technique: techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
			return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
		})})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports; want TestScale's", len(res.Reports))
	}
	rep := res.Reports[0]
	if strings.Contains(rep.Reason, "native evidence") {
		t.Fatalf("reason %q: the native run was not whole", rep.Reason)
	}
	pos := map[int]int{}
	for i, rl := range rep.Ranking {
		if _, ok := pos[rl.Line]; !ok {
			pos[rl.Line] = i + 1
		}
	}
	if pos[fault] != 1 || pos[first] <= pos[fault] {
		t.Errorf("ranking %v; want the faulty line %d first, the promoted line %d after it", rep.Ranking, fault, first)
	}
}

// caseSetFunc is a CaseSetRefiner of a function.
type caseSetFunc func(ctx context.Context, reps []*localize.Report) error

func (c caseSetFunc) RefineAll(ctx context.Context, reps []*localize.Report) error {
	return c(ctx, reps)
}

// TestFloorAfterCaseSet: a case-set refiner's promotion of a weak line
// (Scale's first line, which every passing case runs) in each report
// does not stand above the native floor either: each report changed is
// floored again, the faulty line first.
func TestFloorAfterCaseSet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/caseset", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	fault := faultLine(t, "testdata/caseset/scale.go")
	first := fault - 2 // y := x * 2
	promote := caseSetFunc(func(ctx context.Context, reps []*localize.Report) error {
		for _, rep := range reps {
			for _, rl := range rep.Ranking {
				if rl.Line == first {
					rep.Promote([]trace.Line{rl.SourceLine()}, localize.EvidenceVerified)
				}
			}
		}
		return nil
	})
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestBig", Timeout: time.Minute, NativeBound: -1, EvidenceBound: -1, Refiners: []localize.Refiner{},
		CaseSetRefiners: []localize.CaseSetRefiner{promote},
		Technique: techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
			return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
		})})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 2 {
		t.Fatalf("%d reports; want TestBig's and TestBigger's", len(res.Reports))
	}
	for _, rep := range res.Reports {
		if len(rep.Ranking) == 0 || rep.Ranking[0].Line != fault {
			t.Errorf("%s: ranking %v; want the faulty line %d first, the promoted line %d after it", rep.Test, rep.Ranking, fault, first)
		}
	}
}
