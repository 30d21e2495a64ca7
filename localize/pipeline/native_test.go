package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestPackageNativeOnly checks that a failing case the interpreter cannot
// run gets the native ranking, marked as such, with the interpreter's
// reason, in text and JSON (golden files), and that the fault, an entry
// of a package-level table, is ranked as package data.
func TestPackageNativeOnly(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, pkg := loadNativeOnly(t)
	res, err := Run(context.Background(), prog, pkg, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Failing, []string{"TestDistance"}) || len(res.Reports) != 1 {
		t.Fatalf("failing %q, %d reports; want TestDistance's only (errors %v)", res.Failing, len(res.Reports), res.Errors)
	}
	rep := res.Reports[0]
	if rep.Mode != native.Mode || !strings.Contains(rep.Reason, "unsafe.Pointer") {
		t.Errorf("mode %q, reason %q; want %q and the interpreter's refusal", rep.Mode, rep.Reason, native.Mode)
	}
	fault := faultLine(t, "../native/testdata/nativeonly/size.go")
	var evidence localize.Evidence
	for _, rl := range rep.Ranking {
		if rl.Line == fault {
			evidence = rl.Evidence
		}
	}
	if evidence != native.EvidencePackageData {
		t.Errorf("the faulty table entry (line %d) has evidence %q, want %q", fault, evidence, native.EvidencePackageData)
	}
	dir, err := filepath.Abs("../native/testdata/nativeonly")
	if err != nil {
		t.Fatal(err)
	}
	rep.Stats = localize.Stats{} // times vary
	rep.Reason = strings.ReplaceAll(rep.Reason, dir+string(filepath.Separator), "")
	var text bytes.Buffer
	rep.Output.Dir = dir
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "nativeonly.txt", text.String())
	rep.RelativeTo(dir)
	var js bytes.Buffer
	if err := (&Result{Reports: []*localize.Report{rep}}).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "nativeonly.json", js.String())
}

// TestPackageDataRead: where the interpreter records the failing run, the
// package data ranked is the entry of the table that the failure depends
// on (its dynamic slice reaches back into the package's initialization),
// with the variable's declaration, not the table's other entries.
func TestPackageDataRead(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	const dir = "../native/testdata/table"
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, "github.com/faultloc/faultloc/localize/native/testdata/table", &Options{Technique: none, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports, want TestThree's (errors %v)", len(res.Reports), res.Errors)
	}
	fault := faultLine(t, dir+"/table.go")
	var data []int
	for _, rl := range res.Reports[0].Ranking {
		if rl.Evidence == native.EvidencePackageData {
			data = append(data, rl.Line)
		}
	}
	slices.Sort(data)
	if want := []int{6, fault}; !slices.Equal(data, want) {
		t.Errorf("package data lines %v, want %v: the declaration and the entry read", data, want)
	}
}

// TestPackageNativeFused: where the interpreter runs the failing case,
// its report's ranking holds the native ranking's lines too, and the
// result holds the native evidence.
func TestPackageNativeFused(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog := loadFoo(t)
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, "github.com/faultloc/faultloc/examples/foo", &Options{Technique: none, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Native == nil || len(res.Reports) != 1 || res.Reports[0].Mode != "none" {
		t.Fatalf("native %v, %d reports; want the native evidence and the interpreter's one report", res.Native, len(res.Reports))
	}
	rep := res.Reports[0]
	f := &localize.Failure{Case: prog.GoTestCase("github.com/faultloc/faultloc/examples/foo", rep.Test), Native: res.Native}
	nat, err := native.SpectrumScorer{}.Score(context.Background(), f)
	if err != nil || len(nat) == 0 {
		t.Fatalf("native scores %v, %v", nat, err)
	}
	for l := range nat {
		if !slices.ContainsFunc(rep.Ranking, func(rl localize.RankedLine) bool { return rl.File == l.File && rl.Line == l.Line }) {
			t.Errorf("%v, which the case executed natively, is not ranked", l)
		}
	}
}

// TestPackageNativeCutShort: a pipeline stopped before the interpreter
// localized a failing case still reports it, ranked by the native run.
func TestPackageNativeCutShort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog := loadFoo(t)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	stop := errors.New("stopped by the test")
	stopping := techniqueFunc(func(context.Context, *localize.Failure) (*localize.Report, error) {
		cancel(stop)
		return nil, stop
	})
	res, err := Run(ctx, prog, "github.com/faultloc/faultloc/examples/foo", &Options{Technique: stopping})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the context's", err)
	}
	if len(res.Reports) != 1 || res.Reports[0].Mode != native.Mode || len(res.Reports[0].Ranking) == 0 || !strings.Contains(res.Reports[0].Reason, "stopped by the test") {
		t.Fatalf("reports %+v; want one, native, ranked, naming why it stopped", res.Reports)
	}
}

// loadNativeOnly loads testdata/nativeonly, whose failing test calls
// what the interpreter refuses.
func loadNativeOnly(t *testing.T) (*trace.Program, string) {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../native/testdata/nativeonly", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	return prog, pkg
}

// faultLine returns the line of file marked //fault:.
func faultLine(t *testing.T, file string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "//fault:") {
			return i + 1
		}
	}
	t.Fatalf("%s has no //fault: line", file)
	return 0
}

// loadFoo loads examples/foo, whose TestFoo/testFoo fails.
func loadFoo(t *testing.T) *trace.Program {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// TestPackageNativeFirst: the native stage runs the selected cases
// before the rest of the suite, so a failing case is ranked natively
// even when a slow passing case that go test runs before it keeps the
// rest of the suite from ending within the stage's bound. The bound is
// set from the time of one quick collection of the same suite (its
// slow test not sleeping), and that test then sleeps far longer.
func TestPackageNativeFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// It waits most of its time, for the native stage's bound, using
	// the CPU for about a second: in parallel with the other tests that
	// wait (see loadGated). Its bound is measured here, under whatever
	// load they add.
	t.Parallel()
	const dir = "../native/testdata/slowsuite"
	start := time.Now()
	if err := (&spectra.GoTest{Patterns: []string{"."}, Dir: dir, Run: "^TestNegative$"}).Collect(context.Background(), spectra.NewMatrix()); err != nil {
		t.Fatal(err)
	}
	bound := 2*time.Since(start) + 5*time.Second
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true, Env: append(os.Environ(), "SLOWSUITE_SLEEP=1h")}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	// The case's own bound well past the stage's, which a loaded
	// machine stretches past DefaultTimeout: the stage's ends first.
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestNegative$", NativeBound: bound, Timeout: 3 * bound, Refiners: []localize.Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool { return strings.Contains(e.Error(), "NativeBound") }) {
		t.Errorf("errors %v; want the native stage's bound (%v) to have stopped the slow test", res.Errors, bound)
	}
	if len(res.Reports) != 1 || res.Reports[0].Mode != native.Mode {
		t.Fatalf("failing %q, %d reports (errors %v); want TestNegative's, ranked natively", res.Failing, len(res.Reports), res.Errors)
	}
	fault := faultLine(t, dir+"/sign.go")
	if !slices.ContainsFunc(res.Reports[0].Ranking, func(rl localize.RankedLine) bool { return rl.Line == fault }) {
		t.Errorf("the faulty line %d is not ranked: %v", fault, res.Reports[0].Ranking)
	}
}
