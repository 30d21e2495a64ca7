package pipeline

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestNativeEvidence: with Options.Evidence NativeEvidence the cases -run
// leaves out come into the spectrum from the native stage's go test run
// (no step count), with the verdicts and the lines the interpreter gives
// them; the selected failing case is interpreted either way. Without the
// native stage, they are interpreted, and every report says why.
func TestNativeEvidence(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/tax"
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	run := func(ev EvidenceSource, noNative bool) *Result {
		t.Helper()
		res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestTax$", Technique: none, Refiners: []localize.Refiner{}, Evidence: ev, NoNative: noNative})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Reports) != 1 || res.Reports[0].Test != "TestTax" {
			t.Fatalf("%v: reports %v, want TestTax's", ev, res.Reports)
		}
		return res
	}
	interp, nat := run(InterpretedEvidence, false).Spectrum, run(NativeEvidence, false).Spectrum
	for _, name := range []string{"TestTax", "TestNet", "TestZero"} {
		i, iok := interp.TestIndex(name)
		n, nok := nat.TestIndex(name)
		if !iok || !nok {
			t.Fatalf("%s: in the interpreted evidence's spectrum %v, in the native's %v", name, iok, nok)
		}
		it, nt := interp.Test(i), nat.Test(n)
		if it.Failed != nt.Failed {
			t.Errorf("%s: failed %v interpreted, %v natively", name, it.Failed, nt.Failed)
		}
		if native := name != "TestTax"; native != (nt.Steps == 0) || it.Steps == 0 {
			t.Errorf("%s: %d steps with native evidence, %d interpreted; want 0 exactly for the cases -run leaves out", name, nt.Steps, it.Steps)
		}
		if a, b := lines(interp, i), lines(nat, n); len(a) == 0 || !slices.Equal(a, b) {
			t.Errorf("%s: lines %v interpreted, %v with native evidence", name, a, b)
		}
	}
	res := run(NativeEvidence, true)
	if i, ok := res.Spectrum.TestIndex("TestZero"); !ok || res.Spectrum.Test(i).Steps == 0 {
		t.Errorf("without the native stage, TestZero is not interpreted")
	}
	if r := res.Reports[0].Reason; !strings.Contains(r, "evidence interpreted: the native evidence stage did not run") {
		t.Errorf("reason %q does not say why the evidence was interpreted", r)
	}
}

// lines returns the lines of the package's own files that test t of m
// covers, as file base name:line.
func lines(m *spectra.Matrix, t int) []string {
	var out []string
	for _, e := range m.Covered(nil, t) {
		el := m.Element(e)
		if strings.HasSuffix(el.File, "/tax.go") {
			out = append(out, el.String()[strings.LastIndex(el.File, "/")+1:])
		}
	}
	slices.Sort(out)
	return out
}

// TestEvidenceCompleted: when a bound cuts the interpreted evidence, the
// cases it did not reach come from the native run (no step count), and
// every report says so.
func TestEvidenceCompleted(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, taxPkg, &Options{Run: "^TestTax$", Technique: none, Refiners: []localize.Refiner{}, EvidenceBound: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 {
		t.Fatalf("reports %v, want TestTax's", res.Reports)
	}
	for _, name := range []string{"TestNet", "TestZero"} {
		i, ok := res.Spectrum.TestIndex(name)
		if !ok {
			t.Fatalf("%s is not in the spectrum", name)
		}
		if tr := res.Spectrum.Test(i); tr.Steps != 0 || len(lines(res.Spectrum, i)) == 0 {
			t.Errorf("%s: %d steps, lines %v; want the native run's coverage", name, tr.Steps, lines(res.Spectrum, i))
		}
	}
	if r := res.Reports[0].Reason; !strings.Contains(r, "spectrum partial") || !strings.Contains(r, "the interpreter did not reach taken from the native run") {
		t.Errorf("reason %q does not say the evidence was completed natively", r)
	}
}
