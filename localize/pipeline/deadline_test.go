package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/ctxtest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
)

// passingDeadline is a technique that, on its first case, checks that
// the case has native evidence when want says it should, passes the
// run's deadline and waits for its context to end.
func passingDeadline(t *testing.T, pass func(), wantNative bool) localize.Technique {
	return techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		if got := f.Native != nil; got != wantNative {
			t.Errorf("%s: native evidence %v when the deadline passes; want %v", f.Case.Name(), got, wantNative)
		}
		pass()
		<-ctx.Done()
		return nil, ctx.Err()
	})
}

// TestRunDeadlineNotReached: a run whose deadline passes while the
// interpreter localizes its first failing case reports that case and
// the one it never reached, each ranked by the native run alone (the
// faulty line in it), partial, its reason saying the deadline passed
// and naming the cause, and Result.CutShort lists both.
func TestRunDeadlineNotReached(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, pkg, gate := loadLateNative(t)
	open(t, gate) // the native stage runs the whole suite at once
	ctx, pass := ctxtest.Deadline(context.Background(), errors.New("deadline of the test"))
	defer pass()
	// The case's bound is far past what the native stage needs: Run
	// waits for it before the first case.
	res, err := Run(ctx, prog, pkg, &Options{Run: "^(TestHigh|TestHigher)$", Timeout: 10 * time.Minute, Technique: passingDeadline(t, pass, true), Refiners: []localize.Refiner{}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the deadline's", err)
	}
	fault := faultLine(t, "testdata/latenative/clamp.go")
	var names []string
	for _, rep := range res.Reports {
		names = append(names, rep.Test)
		if rep.Mode != native.Mode || !rep.Partial || !ranks(rep, fault) || !strings.Contains(rep.Reason, "before the run's deadline passed (deadline of the test)") {
			t.Errorf("%s's report: mode %s, partial %v, reason %q, ranking %v; want it ranked by the native run, the faulty line %d in it, saying the deadline passed", rep.Test, rep.Mode, rep.Partial, rep.Reason, rep.Ranking, fault)
		}
	}
	if want := []string{"TestHigh", "TestHigher"}; !slices.Equal(names, want) || !slices.Equal(res.CutShort, want) {
		t.Errorf("reports of %q, cut short %q; want both %q", names, res.CutShort, want)
	}
}

// TestRunDeadlineNoNative: when the native stage has no evidence of the
// failing cases (its bound ended it before it ran any), a run whose
// deadline passes still reports each failing case it did not localize:
// without a ranking, partial, saying the deadline passed and that the
// native stage had not run it.
func TestRunDeadlineNoNative(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog, pkg, gate := loadLateNative(t)
	open(t, gate)
	ctx, pass := ctxtest.Deadline(context.Background(), errors.New("deadline of the test"))
	defer pass()
	res, err := Run(ctx, prog, pkg, &Options{Run: "^(TestHigh|TestHigher)$", NativeBound: time.Nanosecond, Technique: passingDeadline(t, pass, false), Refiners: []localize.Refiner{}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err %v, want the deadline's", err)
	}
	var names []string
	for _, rep := range res.Reports {
		names = append(names, rep.Test)
		if rep.Mode != native.Mode || !rep.Partial || len(rep.Ranking) != 0 ||
			!strings.Contains(rep.Reason, "before the run's deadline passed (deadline of the test)") ||
			!strings.Contains(rep.Reason, "the native evidence stage had not run it when it ended") {
			t.Errorf("%s's report: mode %s, partial %v, reason %q, %d ranked lines; want no ranking, saying the deadline passed and the native stage had not run it", rep.Test, rep.Mode, rep.Partial, rep.Reason, len(rep.Ranking))
		}
	}
	if want := []string{"TestHigh", "TestHigher"}; !slices.Equal(names, want) || !slices.Equal(res.CutShort, want) {
		t.Errorf("reports of %q, cut short %q; want both %q", names, res.CutShort, want)
	}
}
