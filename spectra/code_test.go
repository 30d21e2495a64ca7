package spectra

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestCodeElements checks CodeElements against TraceElements on a traced
// go test: the same elements in the same order, less exactly those of
// _test.go files (the trace has some, so the filter is exercised); and
// CoveredCodeElements of a coverage-only run of the same case against it.
func TestCodeElements(t *testing.T) {
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{Dir: "..", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./examples/triangle")
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.RunGoTest(ctx, "github.com/faultloc/faultloc/examples/triangle", "TestClassify/T8", nil)
	if err != nil {
		t.Fatal(err)
	}
	all := TraceElements(res.Trace, Line)
	var want []Element
	tests := 0
	for _, e := range all {
		if strings.HasSuffix(e.File, "_test.go") {
			tests++
			continue
		}
		want = append(want, e)
	}
	if tests == 0 || len(want) == 0 {
		t.Fatalf("trace has %d test-file and %d other elements; want some of each", tests, len(want))
	}
	got := CodeElements(res.Trace, Line)
	if len(got) != len(want) {
		t.Fatalf("CodeElements: %d elements, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("element %d = %v, want %v", i, got[i], want[i])
		}
		if filepath.Base(got[i].File) != "triangle.go" {
			t.Errorf("element %d in %s, want triangle.go", i, got[i].File)
		}
	}
	// The same from a coverage-only run of the case.
	cov, err := p.RunGoTest(ctx, "github.com/faultloc/faultloc/examples/triangle", "TestClassify/T8", &trace.RunOptions{CoverOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if cg := CoveredCodeElements(p, cov.Covered, Line); !slices.Equal(cg, got) {
		t.Errorf("CoveredCodeElements: %v, want %v", cg, got)
	}
}

// TestCoveredElements checks CoveredElements against TraceElements, for
// both kinds, on every case of the example subjects.
func TestCoveredElements(t *testing.T) {
	ctx := context.Background()
	p, tests := exampleTraceTests(t)
	for _, tc := range tests {
		rec, err := p.RunTest(ctx, tc, &trace.RunOptions{MaxSteps: 100_000})
		if err != nil {
			t.Fatal(err)
		}
		cov, err := p.RunTest(ctx, tc, &trace.RunOptions{MaxSteps: 100_000, CoverOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []Kind{Line, Instruction} {
			want := TraceElements(rec.Trace, kind)
			got := CoveredElements(p, cov.Covered, kind)
			if !slices.Equal(got, want) || len(got) == 0 {
				t.Errorf("%s, %v: %d elements covered, %d traced", tc.Name, kind, len(got), len(want))
			}
		}
		rec.Trace.Release()
	}
}
