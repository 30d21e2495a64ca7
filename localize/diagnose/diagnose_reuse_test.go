package diagnose

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// countedCase counts its runs.
type countedCase struct {
	trace.Case
	runs *atomic.Int64
}

func (c countedCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	c.runs.Add(1)
	return c.Case.Run(ctx, opts)
}

// TestPassingFromSpectrum checks that the passing cases whose rows the
// failures' spectrum holds (the interpreter's coverage-only runs, as
// pipeline.Run collects them) are not run again for their coverage: the
// same one fixes as when each is run, with one run fewer per case, in
// the cases' runs and in the report's Stats.Runs.
func TestPassingFromSpectrum(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "predicate")
	names := []string{"TestPass1", "TestPass2", "TestPass3", "TestPass4"}
	var cases []trace.Case
	for _, n := range names {
		cases = append(cases, prog.GoTestCase(pkg, n))
	}
	m := spectra.NewMatrix()
	if err := (&spectra.Traces{Program: prog, Cases: cases, Code: true}).Collect(ctx, m); err != nil {
		t.Fatal(err)
	}
	run := func(passing []trace.Case) (map[string][]string, int, int64) {
		t.Helper()
		var runs atomic.Int64
		for i, c := range passing {
			if sc, ok := c.(*spectrumCase); ok {
				own := *sc
				own.Case = countedCase{sc.Case, &runs}
				passing[i] = &own
			} else {
				passing[i] = countedCase{c, &runs}
			}
		}
		rep, err := Run(ctx, prog, []trace.Case{prog.GoTestCase(pkg, "TestFail1"), prog.GoTestCase(pkg, "TestFail2")}, &Options{
			Search:     search.Options{MaxSize: 1},
			Consistent: true,
			Passing:    passing,
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Partial || len(rep.Errors) > 0 {
			t.Fatalf("partial %v (%s), errors %v", rep.Partial, rep.Reason, rep.Errors)
		}
		oneFix := map[string][]string{}
		for _, d := range rep.Diagnoses() {
			if d.OneFix {
				oneFix[d.Locations[0].String()] = d.AlsoReads
			}
		}
		return oneFix, rep.Stats.Runs, runs.Load()
	}
	reused := passingFromSpectrum(prog, pkg, m)
	if len(reused) != len(names) {
		t.Fatalf("%d passing cases from the spectrum, want %d", len(reused), len(names))
	}
	for _, c := range reused {
		if _, ok := c.(*spectrumCase); !ok {
			t.Fatalf("case %s of an interpreted row is a %T, not a spectrumCase", c.Name(), c)
		}
	}
	fixRan, statsRan, casesRan := run(slices.Clone(cases))
	fixReused, statsReused, casesReused := run(reused)
	if len(fixRan) == 0 {
		t.Fatal("no one fix: the check has nothing to compare")
	}
	if !maps.EqualFunc(fixRan, fixReused, slices.Equal) {
		t.Errorf("one fixes with the rows %v, with the runs %v", fixReused, fixRan)
	}
	if got, want := casesRan-casesReused, int64(len(names)); got != want {
		t.Errorf("the passing cases ran %d times with their rows, %d without: %d fewer, want %d", casesReused, casesRan, got, want)
	}
	if got, want := statsRan-statsReused, len(names); got != want {
		t.Errorf("Stats.Runs %d with the rows, %d without: %d fewer, want %d", statsReused, statsRan, got, want)
	}
}

// TestPassingFromNativeRows checks that a row without a step count (a
// native go test run's, which measures other lines) is not taken for
// the interpreter's run: its case runs.
func TestPassingFromNativeRows(t *testing.T) {
	_, prog, pkg := testutil.LoadTestdata(t, "predicate")
	m := spectra.NewMatrix()
	if _, err := m.Add(spectra.TestRun{Name: "TestPass1"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Add(spectra.TestRun{Name: "TestPass2", Steps: 100}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Add(spectra.TestRun{Name: "TestOdd", Failed: true, Steps: 100}, nil); err != nil {
		t.Fatal(err)
	}
	ps := passingFromSpectrum(prog, pkg, m)
	if len(ps) != 2 {
		t.Fatalf("%d passing cases, want TestPass1 and TestPass2", len(ps))
	}
	if _, ok := ps[0].(*spectrumCase); ok {
		t.Errorf("TestPass1, a row without steps, is taken as an interpreted run")
	}
	if _, ok := ps[1].(*spectrumCase); !ok {
		t.Errorf("TestPass2, an interpreted row, is a %T", ps[1])
	}
}

// TestToldLines checks which lines a row's coverage tells: a line of a
// function's body does; a package variable's initializer, which every
// run executes and no row covers, and a function's header do not, so
// that a case whose row lacks them counts as executing them.
func TestToldLines(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "initnoise")
	m := spectra.NewMatrix()
	if err := (&spectra.Traces{Program: prog, Cases: []trace.Case{prog.GoTestCase(pkg, "TestScale")}, Code: true}).Collect(ctx, m); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(testutil.Subject("initnoise"), "initnoise.go")
	ps := passingFromSpectrum(prog, pkg, m)
	if len(ps) != 0 {
		t.Fatalf("TestScale fails, yet %d passing cases", len(ps))
	}
	// TestScale fails: take its row as a passing one's, to ask it.
	cov := m.Covered(nil, 0)
	lines := map[string]bool{}
	for _, e := range cov {
		el := m.Element(e)
		lines[lineName(el.File, el.Line)] = true
	}
	told := &toldLines{prog: prog}
	p := &passCase{lines: lines, told: told}
	// A row like TestScale's without line 27, as a passing case that
	// does not call Scale would have.
	without := maps.Clone(lines)
	delete(without, lineName(file, 27))
	q := &passCase{lines: without, told: told}
	for _, tt := range []struct {
		line           int
		told, executes bool
		of             *passCase
	}{
		{6, false, true, p},  // var table = ...: an initializer
		{9, false, true, p},  // var lo, hi = func() ...: an initializer and a header
		{23, false, true, p}, // Known: no run compiled it, its line has no instructions yet
		{27, true, true, p},  // y := x * 2: covered
		{27, true, false, q}, // the same line, not covered
	} {
		l := lineName(file, tt.line)
		if got := told.tells(l); got != tt.told {
			t.Errorf("line %d told %v, want %v", tt.line, got, tt.told)
		}
		if got := tt.of.executes(map[string]bool{l: true}); got != tt.executes {
			t.Errorf("line %d executed %v, want %v", tt.line, got, tt.executes)
		}
	}
}

// TestSpectrumCaseAsRun: a row stands for runPassing's run only under
// options that a spectrum's run shares.
func TestSpectrumCaseAsRun(t *testing.T) {
	c := &spectrumCase{steps: 1000}
	for _, tt := range []struct {
		name string
		o    trace.RunOptions
		want bool
	}{
		{"default", trace.RunOptions{}, true},
		{"steps enough", trace.RunOptions{MaxSteps: 1000}, true},
		{"steps short", trace.RunOptions{MaxSteps: 999}, false},
		{"depth", trace.RunOptions{MaxDepth: 10}, false},
		{"alloc", trace.RunOptions{MaxAlloc: 1 << 20}, false},
		{"seed", trace.RunOptions{Seed: 2}, false},
		{"no init", trace.RunOptions{NoInit: true}, false},
		{"presets", trace.RunOptions{Presets: map[string]trace.Value{"x": trace.Int(1)}}, false},
	} {
		if got := c.asRun(&tt.o); got != tt.want {
			t.Errorf("%s: asRun %v, want %v", tt.name, got, tt.want)
		}
	}
}
