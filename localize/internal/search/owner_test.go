package search

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// stuckFor is how long a step of these tests stays in its stand-in for a
// long Z3 call unless the test lets it go: far past any margin, so that a
// call that waited for it misses its bound on any machine.
const stuckFor = 20 * time.Second

// givenUpMargin is how far past its deadline a call whose step is given
// up may return on a quiet machine: the caller does nothing but return.
const givenUpMargin = 500 * time.Millisecond

// waitLeftBehind waits until every step given up has ended and every
// solver handed to the closer is closed.
func waitLeftBehind(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		steps, solvers := Behind()
		if steps == 0 && solvers == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a minute, %d steps given up still run and %d solvers are not closed", steps, solvers)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// fooVerdict runs the AgxFaults paper's example foo into a verdict with a
// trace.
func fooVerdict(t *testing.T) *Verdict {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	sub := &Subject{Prog: p, Case: p.TestCase(test)}
	v, err := sub.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestOwnerStepGivenUp: a step still running when its context ends is
// given up at once, with an error that says so; the call may release
// the verdict the step reads without harm; once the step returns, its
// goroutine releases that trace and the solvers held are closed. Run
// with -race, it also shows that nothing of the caller's touches what
// the goroutine left behind owns.
func TestOwnerStepGivenUp(t *testing.T) {
	v := fooVerdict(t)
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	own := NewOwner(ctx)
	own.Hold(s)
	let := make(chan struct{})
	var ended atomic.Bool
	start := time.Now()
	err = own.Step(func() error {
		// The stand-in for a Z3 call that does not look at the context:
		// it uses the solver and the trace until it is let go.
		if err := s.AddHard(maxsat.True()); err != nil {
			return err
		}
		select {
		case <-let:
		case <-time.After(stuckFor):
		}
		_ = v.Res.Trace.Len()
		ended.Store(true)
		return s.AddHard(maxsat.True())
	}, v)
	elapsed := time.Since(start)
	if ended.Load() {
		t.Fatalf("Step returned after its step ended (%v), not when its context did", elapsed)
	}
	if !errors.Is(err, ErrGivenUp) || !errors.Is(err, encode.ErrInterrupted) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Step: %v, want an error wrapping ErrGivenUp, encode.ErrInterrupted and the deadline", err)
	}
	if over := elapsed - 100*time.Millisecond; over > givenUpMargin {
		loadgate.Errorf(t, "Step returned %v past its deadline", over)
	}
	if !own.GivenUp() {
		t.Error("GivenUp = false after a step was given up")
	}
	// Nothing runs after a step was given up.
	ran := false
	if err := own.Step(func() error { ran = true; return nil }); !errors.Is(err, ErrGivenUp) || ran {
		t.Errorf("a step after one given up: ran %v, error %v; want not run, ErrGivenUp", ran, err)
	}
	v.Release() // the step still reads the trace: left to it
	own.Close()
	close(let)
	waitLeftBehind(t)
	if !ended.Load() {
		t.Error("the step given up did not end")
	}
	if err := s.AddHard(maxsat.True()); !errors.Is(err, maxsat.ErrClosed) {
		t.Errorf("the solver held after the step ended: AddHard = %v, want maxsat.ErrClosed", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the trace the step read was not released")
			}
		}()
		v.Res.Trace.Len() // panics once released
	}()
}

// TestOwnerStepDone: a step that ends within its context returns its own
// error, and Close closes the solvers held at once.
func TestOwnerStepDone(t *testing.T) {
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	own := NewOwner(ctx)
	own.Hold(s)
	want := errors.New("the step's own error")
	if err := own.Step(func() error { return s.AddHard(maxsat.True()) }); err != nil {
		t.Fatal(err)
	}
	if err := own.Step(func() error { return want }); err != want {
		t.Errorf("Step = %v, want the step's error", err)
	}
	if own.GivenUp() {
		t.Error("GivenUp = true, no step was given up")
	}
	own.Close()
	if err := s.AddHard(maxsat.True()); !errors.Is(err, maxsat.ErrClosed) {
		t.Errorf("after Close: AddHard = %v, want maxsat.ErrClosed", err)
	}
}

// TestOwnerStepPanics: a step's panic is raised again in the caller's
// goroutine, where a stage's recovery sees its value and the stack of
// the step's goroutine.
func TestOwnerStepPanics(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	own := NewOwner(ctx)
	defer own.Close()
	err := localize.Guard("step", func() error {
		return own.Step(func() error { panic("the step's bug") })
	})
	pe, ok := errors.AsType[*localize.StagePanicError](err)
	if !ok || pe.Value != "the step's bug" || !strings.Contains(pe.Stack, "TestOwnerStepPanics.func") {
		t.Errorf("Guard = %v; want the step's panic, with the stack of its goroutine", err)
	}
}

// TestSearchGivesUpEncoding: AgxFaults on foo under a deadline, its
// failing run's encoding stuck in one call past the deadline (a blame
// filter that blocks, in place of a Z3 call that makes a term for
// seconds), returns at the deadline with a partial report while the
// encoding still runs; the encoding's goroutine then ends and its solver
// is closed.
func TestSearchGivesUpEncoding(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	let := make(chan struct{})
	var stuck, ended atomic.Bool
	var solver *maxsat.Solver
	hooks := &Hooks{NewEncoder: func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
		solver = s
		eo.Blamable = func(trace.InstanceKey) bool {
			if stuck.CompareAndSwap(false, true) {
				select {
				case <-let:
				case <-time.After(stuckFor):
				}
				ended.Store(true)
			}
			return true
		}
		return encode.New(p, s, *first.Test, eo)
	}}
	const bound = 500 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	start := time.Now()
	rep, err := Localize(ctx, p, p.TestCase(test), &Options{Hooks: hooks})
	elapsed := time.Since(start)
	stillRunning := !ended.Load()
	close(let)
	if err != nil {
		t.Fatal(err)
	}
	if !stuck.Load() {
		t.Fatal("the encoding never reached its blame filter")
	}
	checkGivenUp(t, rep, elapsed, bound, stillRunning, solver, "its encoding")
}

// TestSearchGivesUpEncoder: AgxFaults on foo, the making of its encoder
// stuck in one call when the context ends (an encoder hook that ends the
// context and blocks, in place of a Z3 call that makes the expected
// results' terms for seconds), returns a moment after the end with a
// partial report while the encoder is still being made; the hook's
// goroutine then ends and its solver is closed.
func TestSearchGivesUpEncoder(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	let := make(chan struct{})
	var stuck, ended atomic.Bool
	var ctxEnd atomic.Int64 // when the hook ended the context, in UnixNano
	var solver *maxsat.Solver
	hooks := &Hooks{NewEncoder: func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
		solver = s
		stuck.Store(true)
		ctxEnd.Store(time.Now().UnixNano())
		cancel()
		select {
		case <-let:
		case <-time.After(stuckFor):
		}
		ended.Store(true)
		return encode.New(p, s, *first.Test, eo)
	}}
	rep, err := Localize(ctx, p, p.TestCase(test), &Options{Hooks: hooks})
	returned := time.Now()
	stillRunning := !ended.Load()
	close(let)
	if err != nil {
		t.Fatal(err)
	}
	if !stuck.Load() {
		t.Fatal("the encoder hook was never called")
	}
	checkGivenUp(t, rep, returned.Sub(time.Unix(0, ctxEnd.Load())), giveUpAfter, stillRunning, solver, "the making of its encoder")
}

// armingCase is a case that arms a blame filter once it is re-run with
// forced branch decisions: a path of PF's exploration after the failing
// run.
type armingCase struct {
	trace.Case
	armed *atomic.Bool
}

func (c armingCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	if opts != nil && opts.Hooks != nil && len(opts.Hooks.Branches) > 0 {
		c.armed.Store(true)
	}
	return c.Case.Run(ctx, opts)
}

// TestPFGivesUpEncoding: PF on foo, the encoding of a path it explores
// stuck in one call when the context ends (a blame filter that ends the
// context and blocks), returns a moment after the end with a partial
// report while the encoding still runs; the encoding's goroutine then
// ends and its solver is closed.
func TestPFGivesUpEncoding(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	let := make(chan struct{})
	var armed, stuck, ended atomic.Bool
	var ctxEnd atomic.Int64 // when the filter ended the context, in UnixNano
	var solver *maxsat.Solver
	hooks := &Hooks{NewEncoder: func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
		solver = s
		eo.Blamable = func(trace.InstanceKey) bool {
			if armed.Load() && stuck.CompareAndSwap(false, true) {
				ctxEnd.Store(time.Now().UnixNano())
				cancel()
				select {
				case <-let:
				case <-time.After(stuckFor):
				}
				ended.Store(true)
			}
			return true
		}
		return encode.New(p, s, *first.Test, eo)
	}}
	rep, err := Localize(ctx, p, armingCase{p.TestCase(test), &armed}, &Options{Mode: encode.PF, Hooks: hooks})
	returned := time.Now()
	stillRunning := !ended.Load()
	close(let)
	if err != nil {
		t.Fatal(err)
	}
	if !stuck.Load() {
		t.Fatal("no explored path's encoding reached its blame filter")
	}
	checkGivenUp(t, rep, returned.Sub(time.Unix(0, ctxEnd.Load())), giveUpAfter, stillRunning, solver, "its encoding")
}

// checkGivenUp checks a report Localize returned elapsed after its
// start (its deadline allowed) or after its context ended (the moment
// allowed given to the step), while the step it gave up (what) was
// stillRunning: the report partial, saying "given up", within
// givenUpMargin of allowed, and the step's solver closed once it ended.
func checkGivenUp(t *testing.T, rep *localize.Report, elapsed, allowed time.Duration, stillRunning bool, solver *maxsat.Solver, what string) {
	t.Helper()
	if !stillRunning {
		t.Errorf("Localize returned after %v, once %s ended, not at the end", elapsed, what)
	}
	if !rep.Partial || !strings.Contains(rep.Reason, "given up") {
		t.Errorf("report partial %v (%s), want partial, %s given up", rep.Partial, rep.Reason, what)
	}
	if over := elapsed - allowed; over > givenUpMargin {
		loadgate.Errorf(t, "Localize returned %v past the %v allowed", over, allowed)
	}
	t.Logf("returned %v, %v allowed: %s", elapsed.Round(time.Millisecond), allowed, rep.Reason)
	waitLeftBehind(t)
	if err := solver.AddHard(maxsat.True()); !errors.Is(err, maxsat.ErrClosed) {
		t.Errorf("the solver of %s given up: AddHard = %v, want maxsat.ErrClosed", what, err)
	}
}
