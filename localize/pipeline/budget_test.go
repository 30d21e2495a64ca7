package pipeline

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestRerunOverBudget checks what Run does with the native evidence
// stage's times (budget.go) on trace/testdata/gotestbudget: each case
// that passed natively gets its time in the Program, and a case the
// interpreter failed by budget that passed natively runs again and, now
// passing, becomes a passing row of the spectrum; a case that failed
// natively, or failed interpreted otherwise, does not run again.
func TestRerunOverBudget(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestbudget"
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../..", Tests: true}, "./trace/testdata/gotestbudget")
	if err != nil {
		t.Fatal(err)
	}
	add := func(m *spectra.Matrix, r spectra.TestRun) {
		if _, err := m.Add(r, nil); err != nil {
			t.Fatal(err)
		}
	}
	interp := spectra.NewMatrix()
	add(interp, spectra.TestRun{Name: "TestLong", Failed: true, Message: "budget exceeded: 10000000 steps executed"})
	add(interp, spectra.TestRun{Name: "TestForever", Failed: true, Message: "budget exceeded: 10000000 steps executed"})
	add(interp, spectra.TestRun{Name: "TestOther", Failed: true, Message: "assertion failed: other"})
	nat := spectra.NewMatrix()
	add(nat, spectra.TestRun{Name: "TestLong", Duration: 3 * time.Millisecond})
	add(nat, spectra.TestRun{Name: "TestForever", Failed: true, Message: "did not run: test timed out"})
	add(nat, spectra.TestRun{Name: "TestOther"})
	n := &native.Run{Spectrum: nat}

	nativeTimes(prog, pkg, n)
	for name, want := range map[string]time.Duration{"TestLong": 3 * time.Millisecond, "TestForever": 0, "TestOther": time.Millisecond} {
		if got := prog.NativeTime(pkg, name); got != want {
			t.Errorf("NativeTime(%s) = %v, want %v", name, got, want)
		}
	}
	out, passed := rerunOverBudget(context.Background(), prog, pkg, interp, n, time.Minute)
	if !slices.Equal(passed, []string{"TestLong"}) {
		t.Fatalf("passed again %q, want TestLong only", passed)
	}
	if out.NumTests() != 3 || out.Failed() != 2 {
		t.Errorf("%d rows, %d failed; want 3 rows, TestForever and TestOther failing", out.NumTests(), out.Failed())
	}
	i, ok := out.TestIndex("TestLong")
	if !ok {
		t.Fatal("TestLong has no row")
	}
	if out.Test(i).Failed || len(out.Covered(nil, i)) == 0 {
		t.Errorf("TestLong's row %+v covers %d elements: want a passing run with its coverage", out.Test(i), len(out.Covered(nil, i)))
	}
}
