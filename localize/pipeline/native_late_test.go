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

// TestNativePastDue: when the interpreter ranks none of the selected
// cases (it refuses TestGated) and the native stage has not run them by
// the end of the first case's bound, Run waits for the stage past that
// bound instead of stopping it. With the gate opened once Run waits
// past the bound (so whatever the load, the evidence comes after it),
// TestGated gets the native ranking, its Reason (and so its JSON)
// saying that Run waited; with the gate never opened, the stage's own
// bound ends the wait, and there is no report, the error naming that
// bound.
func TestNativePastDue(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// Waits most of its time, in parallel (see loadGated).
	t.Parallel()
	for _, tt := range []struct {
		name        string
		open        bool          // open the gate once Run waits past the bound
		nativeBound time.Duration // Options.NativeBound
	}{
		{"evidence after the bound", true, 0},
		{"stage bound ends the wait", false, 5 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each on a program of its own (see loadGated)
			prog, pkg, gate := loadLateNative(t)
			events := hearNative(t, prog)
			heard := make(chan bool, 1) // whether Run waited past the bound
			stop := make(chan struct{})
			go func() {
				for {
					select {
					case e := <-events:
						if e != "past due" {
							continue
						}
						if tt.open {
							os.WriteFile(gate, nil, 0o666)
						}
						heard <- true
						return
					case <-stop:
						heard <- false
						return
					}
				}
			}()
			res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestGated$", Timeout: 2 * time.Second, NativeBound: tt.nativeBound, Refiners: []localize.Refiner{}})
			close(stop)
			if err != nil {
				t.Fatal(err)
			}
			if !<-heard {
				t.Fatalf("Run did not wait for the native stage past the first case's bound (errors %v)", res.Errors)
			}
			if !tt.open {
				if len(res.Reports) != 0 || !slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool { return strings.Contains(e.Error(), "NativeBound") }) {
					t.Errorf("%d reports, errors %v; want none, and the native stage's bound named", len(res.Reports), res.Errors)
				}
				return
			}
			if len(res.Reports) != 1 {
				t.Fatalf("%d reports (failing %q, errors %v); want TestGated's", len(res.Reports), res.Failing, res.Errors)
			}
			rep := res.Reports[0]
			fault := faultLine(t, "testdata/latenative/clamp.go")
			if rep.Test != "TestGated" || rep.Mode != native.Mode || !ranks(rep, fault) || !strings.Contains(rep.Reason, "unsafe.Pointer") {
				t.Errorf("report %s, mode %q, reason %q; want TestGated's, ranked natively (the faulty line %d in it), with the interpreter's refusal", rep.Test, rep.Mode, rep.Reason, fault)
			}
			var js bytes.Buffer
			if err := res.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			if want := "native evidence waited for past the first failing case's bound of 2s"; !strings.Contains(rep.Reason, want) || !strings.Contains(js.String(), want) {
				t.Errorf("reason %q; want it, and the JSON, to say %q", rep.Reason, want)
			}
		})
	}
}

// TestNativePastDueWhole: when only the native run can rank the selected
// case (the interpreter refuses TestBig) and the stage has run it by the
// end of the first case's bound but not the rest of the suite, Run waits
// on for the whole run: TestBig's run alone ties every line of Scale
// under Ochiai, the whole run puts the faulty line first, alone. The
// rest of the suite waits for the gate, opened only once Run waits past
// the bound, so whatever the load the whole run comes after it.
func TestNativePastDueWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Parallel()
	prog, pkg, gate := loadGated(t, "testdata/latewhole")
	events := hearNative(t, prog)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case e := <-events:
				if e == "past due" {
					os.WriteFile(gate, nil, 0o666)
				}
			case <-stop:
				return
			}
		}
	}()
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestBig$", Timeout: 2 * time.Second, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Native == nil {
		t.Fatalf("no native run (errors %v)", res.Errors)
	}
	if _, ok := res.Native.Spectrum.TestIndex("TestGated"); !ok {
		t.Errorf("the native run has %d cases, not TestGated: Run did not wait for the whole run (errors %v)", res.Native.Spectrum.NumTests(), res.Errors)
	}
	if len(res.Reports) != 1 || res.Reports[0].Mode != native.Mode {
		t.Fatalf("%d reports; want TestBig's, ranked natively", len(res.Reports))
	}
	rep := res.Reports[0]
	fault := faultLine(t, "testdata/latewhole/scale.go")
	if len(rep.Ranking) == 0 || rep.Ranking[0].Line != fault || rep.Ranking[0].Rank != 1 {
		t.Errorf("ranking %v; want the faulty line %d first, alone", rep.Ranking, fault)
	}
	if !strings.Contains(rep.Reason, "native evidence waited for past") {
		t.Errorf("reason %q; want it to say that Run waited past the bound", rep.Reason)
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
