package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
)

// deadlineCtx is a context whose deadline passes when a test says so
// (pass): Err is then context.DeadlineExceeded and Cause the cause
// given, as for a context.WithDeadlineCause whose time came, without a
// timed wait. Its Done differs from its inner context's, so that the
// contexts derived from it take its Err.
type deadlineCtx struct {
	context.Context // cancelled with the cause as the deadline passes
	done            chan struct{}
}

func (c *deadlineCtx) Done() <-chan struct{} { return c.done }

func (c *deadlineCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// newDeadlineCtx returns a deadlineCtx and the function that passes its
// deadline (once) with cause.
func newDeadlineCtx(cause error) (*deadlineCtx, func()) {
	inner, cancel := context.WithCancelCause(context.Background())
	c := &deadlineCtx{Context: inner, done: make(chan struct{})}
	var once sync.Once
	return c, func() {
		once.Do(func() {
			cancel(cause)
			close(c.done)
		})
	}
}

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
	ctx, pass := newDeadlineCtx(errors.New("deadline of the test"))
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
	ctx, pass := newDeadlineCtx(errors.New("deadline of the test"))
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
