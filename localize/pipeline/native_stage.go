package pipeline

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"

	"github.com/faultloc/faultloc/internal/testmatch"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// nativeStage is the native evidence stage of [Run], running beside
// the interpreter's.
type nativeStage struct {
	done     chan struct{}
	cancel   context.CancelFunc
	ev       *native.Run // the whole run's evidence, once done
	err      error
	deadline time.Time          // when its bound passes (zero: none)
	late     error              // why Run stopped waiting for it, if it did (waitSaying)
	hook     func(event string) // testHooksNative's for the program when the stage started
	early    bool               // testShareOnFirst holds the program: the share passes once the selected cases are done

	mu        sync.Mutex
	first     *native.Run   // the selected cases' evidence, once they are done
	firstDone chan struct{} // closed when first is set
}

// startNative starts collecting the native evidence of pkgPath: every
// case of the package, those opts.Run selects first, or with
// SelectedSpectrum those of names that selects accepts (the
// interpreter's listing; when it listed none, every case). It returns
// nil when opts turn the stage off.
func startNative(ctx context.Context, prog *trace.Program, pkgPath string, opts *Options, names []string, selects func(string) bool) *nativeStage {
	if opts.NoNative || opts.Diagnoser != nil {
		return nil
	}
	// The selected cases first: a slow suite's listing and passing
	// cases do not keep the bound from their failures.
	s := &nativeStage{done: make(chan struct{}), firstDone: make(chan struct{})}
	var hook func(event string)
	if h, ok := testHooksNative.Load(prog); ok {
		hook = h.(func(event string))
	}
	s.hook = hook
	_, s.early = testShareOnFirst.Load(prog)
	nopts := &native.Options{Bound: opts.NativeBound, First: opts.Run, FirstDone: func(r *native.Run) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.first == nil {
			s.first = r
			close(s.firstDone)
		}
	}}
	if opts.SelectedSpectrum && selects != nil {
		var alts []string
		for _, n := range names {
			if selects(n) {
				alts = append(alts, regexp.QuoteMeta(n))
			}
		}
		if len(alts) > 0 {
			nopts.Run = "^(" + strings.Join(alts, "|") + ")$"
		}
	}
	// A run begun before the load (Options.NativeStarted) that fits is
	// used: "adopted", not "started", a build of its own.
	began := time.Now()
	if st := opts.NativeStarted; st.Fits(prog, pkgPath, nopts) {
		nopts.Started, began = st, st.Began()
		if hook != nil {
			hook("adopted")
		}
	} else if hook != nil {
		hook("started")
	}
	ctx, s.cancel = context.WithCancel(ctx)
	switch {
	case opts.NativeBound == 0:
		s.deadline = began.Add(native.DefaultBound)
	case opts.NativeBound > 0:
		s.deadline = began.Add(opts.NativeBound)
	}
	if d, ok := ctx.Deadline(); ok && (s.deadline.IsZero() || d.Before(s.deadline)) {
		s.deadline = d // the whole run's bound ends the stage first
	}
	go func() {
		s.ev, s.err = native.Collect(ctx, prog, pkgPath, nopts)
		close(s.done)
		if hook != nil {
			hook("done")
		}
	}()
	return s
}

// testHooksNative holds, for a *trace.Program a test put in it, a
// func(event string) that hears each native stage started on that
// program after that: "started" when it starts (a go test build of its
// own), or "adopted" when it uses Options.NativeStarted instead, "done" when the stage
// is, and "past due" when
// Run, which has nothing else to rank the selected cases by, goes on
// waiting for it after the end of its share of the first case's bound
// (waitSaying). Keyed by program, so that tests that each load their
// own may listen in parallel.
var testHooksNative sync.Map

// testShareOnFirst holds the *trace.Program of a test for which the end
// of the native stage's share of the first case's bound (waitSaying's
// due, when not waiting beyond it) comes as soon as the selected cases'
// native runs are done instead of when the clock says: the point a
// bound chosen to leave those runs time on a busy machine reaches only
// after seconds of waiting. Keyed by program, as testHooksNative is.
var testShareOnFirst sync.Map

// wait returns the stage's evidence once it is done (nil for a nil stage).
func (s *nativeStage) wait() (*native.Run, error) {
	if s == nil {
		return nil, nil
	}
	<-s.done
	return s.ev, s.err
}

// waitSaying is wait, saying StageNative to status first when the stage
// is still running. When due (zero: none) passes first, it returns, with
// late as the error, the evidence of the cases -run selects if they are
// done (they run first: native.Options.First), as it does on every later
// call until the stage is done: the stage goes on, within its own bound,
// for the later cases and for a stop (cutShort); if they are not done,
// it stops the stage and returns what it finished (nil if nothing).
// With beyond (nothing else can rank the selected cases), it waits
// instead on past due, up to the stage's own bound or the end of its
// context, for the whole run, and past says so: the selected cases'
// runs alone rank nothing by their spectrum (Ochiai over failing cases
// only ties every line they ran), and native.Floor needs the whole run.
func (s *nativeStage) waitSaying(status *statusFunc, due time.Time, late error, beyond bool) (n *native.Run, past bool, err error) {
	if s == nil {
		return nil, false, nil
	}
	if s.late != nil {
		select {
		case <-s.done:
			return s.ev, false, s.err
		default:
			return s.current(), false, s.late
		}
	}
	select {
	case <-s.done:
		return s.ev, false, s.err
	default:
		d := s.deadline
		if !due.IsZero() && (d.IsZero() || due.Before(d)) {
			d = due
		}
		status.say(Status{Stage: StageNative, Deadline: d})
	}
	if due.IsZero() {
		n, err := s.wait()
		return n, false, err
	}
	t := time.NewTimer(time.Until(due))
	defer t.Stop()
	var early <-chan struct{} // testShareOnFirst's end of the share
	if s.early && !beyond {
		early = s.firstDone
	}
	select {
	case <-s.done:
		return s.ev, false, s.err
	case <-t.C:
	case <-early:
		select {
		case <-s.done: // done as the share ended: as if before
			return s.ev, false, s.err
		default:
		}
	}
	if beyond {
		status.say(Status{Stage: StageNative, Deadline: s.deadline})
		if s.hook != nil {
			s.hook("past due")
		}
		// The whole run, not the selected cases' alone: over failing
		// cases only, Ochiai ties every line they ran, and the native
		// ranking and its floor (native.Floor) have nothing to go by.
		<-s.done
		return s.ev, true, s.err
	}
	s.late = late
	if s.current() == nil {
		// Not even the selected cases are done: stop the stage,
		// which keeps the cases it finished (the failures first).
		s.stop()
	}
	return s.current(), false, late
}

// current returns the stage's evidence so far without waiting: the
// whole run's once the stage is done, else the selected cases' once
// they are done; nil when it has none.
func (s *nativeStage) current() *native.Run {
	select {
	case <-s.done:
		if s.ev != nil && s.ev.Spectrum != nil && s.ev.Spectrum.NumTests() > 0 {
			return s.ev
		}
	default:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}

// whole reports whether n is the evidence of the stage's whole run, done
// without an error.
func (s *nativeStage) whole(n *native.Run) bool {
	if s == nil || n == nil {
		return false
	}
	select {
	case <-s.done:
		return n == s.ev && s.err == nil
	default:
		return false
	}
}

// stop ends the stage and waits for it.
func (s *nativeStage) stop() {
	if s != nil {
		s.cancel()
		<-s.done
	}
}

// nativeOnly returns the selected cases (those selects accepts) that
// failed in the native run but that the interpreter did not fail
// (failing are those it did), in the native run's order, each with why
// the interpreter did not: its error in errs (or its test function's),
// or that it passed or did not run there.
func nativeOnly(n *native.Run, selects func(string) bool, failing []string, errs []*localize.CaseError, passed func(string) bool) (names, why []string) {
	if n == nil || n.Spectrum == nil {
		return nil, nil
	}
	done := map[string]bool{}
	for _, name := range failing {
		done[name] = true
	}
	for _, e := range errs {
		if errors.Is(e.Err, ErrFailsAlone) {
			done[e.Case] = true // go test passes it after the others
		}
	}
	for i := range n.Spectrum.NumTests() {
		t := n.Spectrum.Test(i)
		if !t.Failed || done[t.Name] || !selects(t.Name) {
			continue
		}
		names = append(names, t.Name)
		why = append(why, interpreterStopped(t.Name, errs, passed))
	}
	return names, why
}

// interpreterStopped says why the interpreter gave no report of case
// name: its error, or its test function's, or that it passed there.
func interpreterStopped(name string, errs []*localize.CaseError, passed func(string) bool) string {
	top, _, _ := strings.Cut(name, "/")
	for _, want := range []string{name, top} {
		for _, e := range errs {
			if e.Case == want {
				return "the interpreter could not run it: " + e.Err.Error()
			}
		}
	}
	if passed != nil && passed(name) {
		return "it passes in the interpreter, which does not reproduce the failure"
	}
	return "the interpreter did not run it"
}

// refusedAny reports whether the interpreter could not run one of the
// selected cases (of cases, those mine accepts): errs has its error or
// its test function's, other than ErrFailsAlone.
func refusedAny(errs []*localize.CaseError, cases []string, mine func(string) bool) bool {
	for _, e := range errs {
		if e.Case == "" || errors.Is(e.Err, ErrFailsAlone) {
			continue
		}
		if slices.ContainsFunc(cases, func(c string) bool { return mine(c) && (c == e.Case || strings.HasPrefix(c, e.Case+"/")) }) {
			return true
		}
	}
	return false
}

// passedIn returns whether a case passed in spectrum m.
func passedIn(m *spectra.Matrix) func(string) bool {
	return func(name string) bool {
		if m == nil {
			return false
		}
		t, ok := m.TestIndex(name)
		return ok && !m.Test(t).Failed
	}
}

// nativeInstead ranks by the native run alone the selected cases that
// fail under go test when the interpreter selected none (its listing
// failed, err): it collects the native evidence, adds each such case to
// res.Failing and a report of each of the shard's (Options.Shard) to
// res with the interpreter's error as the reason, and reports whether
// there was a failing case (else Package returns err); report gets each
// report. ns is the stage Run started before the listing, if it did.
func nativeInstead(ctx context.Context, prog *trace.Program, pkgPath string, opts *Options, ns *nativeStage, res *Result, err error, report func(*localize.Report)) bool {
	match, merr := testmatch.Compile(opts.Run)
	if merr != nil || ctx.Err() != nil {
		return false
	}
	if ns == nil {
		ns = startNative(ctx, prog, pkgPath, opts, nil, match.Match)
	}
	ne, nerr := ns.wait()
	if ne == nil || ne.Spectrum == nil {
		return false
	}
	reason := err.Error()
	var nc *localize.NoCasesError
	if errors.As(err, &nc) {
		reason = "the interpreter listed no case of it"
	}
	errs := []*localize.CaseError{{Err: err}}
	names, _ := nativeOnly(ne, match.Match, nil, nil, nil)
	if len(names) == 0 {
		return false
	}
	res.Native = ne
	res.Errors = append(res.Errors, errs...)
	if nerr != nil {
		res.Errors = append(res.Errors, &localize.CaseError{Err: nerr})
	}
	for _, name := range names {
		if !slices.Contains(res.Cases, name) {
			res.Cases = append(res.Cases, name)
		}
		res.Failing = append(res.Failing, name)
		if opts.Shard != nil && !opts.Shard(name) {
			continue // another shard's
		}
		f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name), Native: runOf(ne)}
		rep := native.Report(ctx, f, "the interpreter could not run it: "+reason)
		res.Reports = append(res.Reports, rep)
		report(rep)
	}
	return true
}

// finished returns the stage's evidence so far (current), nil for a
// nil stage.
func (s *nativeStage) finished() *native.Run {
	if s == nil {
		return nil
	}
	return s.current()
}

// cutShort adds to res, once ctx has ended, a report for each selected
// failing case (those selects accepts) that has none yet, so that a run
// stopped by its deadline or a signal still says something of every
// failing case it found: ranked by the native evidence alone for each
// case that failed natively, by the stage's evidence so far (its whole
// run, or the selected cases' once done); for a case the interpreter
// failed but the native evidence cannot rank (the stage had not run it
// yet, failed, or passed it), a report without a ranking that says so.
// Each report's Reason says why the interpreter did not localize the
// case (stopReason). The native reports share cutShortGrace: the
// package-data rule, which records the case's run under the interpreter
// and may take seconds, gives up after it (its static rule stands), so
// that the stop is kept; nothing else waits.
func (s *nativeStage) cutShort(ctx context.Context, prog *trace.Program, pkgPath string, selects func(string) bool, res *Result, report func(*localize.Report)) {
	n := s.finished()
	done := map[string]bool{}
	for _, rep := range res.Reports {
		done[rep.Test] = true
	}
	why := stopReason(ctx)
	add := func(rep *localize.Report) {
		res.Reports = append(res.Reports, rep)
		res.CutShort = append(res.CutShort, rep.Test)
		done[rep.Test] = true
		if report != nil {
			report(rep)
		}
	}
	if n != nil {
		res.Native = n
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cutShortGrace)
		defer cancel()
		for i := range n.Spectrum.NumTests() {
			t := n.Spectrum.Test(i)
			if !t.Failed || done[t.Name] || !selects(t.Name) {
				continue
			}
			if !slices.Contains(res.Failing, t.Name) {
				res.Failing = append(res.Failing, t.Name)
			}
			f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, t.Name), Spectrum: res.Spectrum, Native: runOf(n)}
			add(native.Report(rctx, f, why))
		}
	}
	if s == nil {
		return // no native stage asked for: nothing more to say
	}
	for _, name := range res.Failing {
		if done[name] || !selects(name) {
			continue
		}
		add(&localize.Report{Test: name, Mode: native.Mode, Failure: "failed under the interpreter", Candidates: []localize.Candidate{}, Partial: true,
			Reason: "not ranked: " + why + "; " + s.lacks(n, name)})
	}
}

// stopReason says why a run whose context ended did not localize a case
// under the interpreter: its deadline passed, or it was stopped, and
// the context's cause (-deadline's, a signal's).
func stopReason(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("not localized by the interpreter before the run's deadline passed (%v)", context.Cause(ctx))
	}
	return fmt.Sprintf("the interpreter's localization stopped before it (%v)", context.Cause(ctx))
}

// lacks says why n, the stage's evidence so far (nil: none), cannot
// rank case name.
func (s *nativeStage) lacks(n *native.Run, name string) string {
	if n != nil && n.Spectrum != nil {
		if t, ok := n.Spectrum.TestIndex(name); ok && !n.Spectrum.Test(t).Failed {
			return "it passed in the native go test run, which then has no failure of it to rank by"
		}
	}
	select {
	case <-s.done:
		if s.err != nil {
			return "the native evidence stage had not run it when it ended: " + s.err.Error()
		}
		return "the native evidence stage's go test run has no failure of it"
	default:
		return "the native evidence stage was not done: its go test run had not run it yet"
	}
}

// cutShortGrace is the time the native reports of the cases a stop left
// without one share (nativeStage.cutShort).
const cutShortGrace = 500 * time.Millisecond

// runOf returns n as a Failure's native run: nil, not a nil *native.Run,
// when the native stage has none, so that a stage's f.Native != nil
// means a run.
func runOf(n *native.Run) localize.NativeRun {
	if n == nil {
		return nil
	}
	return n
}

// waitToRefuse waits for the native stage s to be done, until due (zero,
// or past: not at all) or the end of ctx: the reports ranked before the
// stage was done wait for it, to be fused again with its whole run,
// until the end of their cases' bounds (refuse.go). When it waits, status
// hears StageNative with the sooner of due and the stage's own bound.
func waitToRefuse(ctx context.Context, s *nativeStage, status *statusFunc, due time.Time) {
	if s == nil || due.IsZero() || !time.Now().Before(due) {
		return
	}
	select {
	case <-s.done:
		return
	default:
	}
	d := due
	if !s.deadline.IsZero() && s.deadline.Before(d) {
		d = s.deadline
	}
	status.say(Status{Stage: StageNative, Deadline: d})
	t := time.NewTimer(time.Until(due))
	defer t.Stop()
	select {
	case <-s.done:
	case <-t.C:
	case <-ctx.Done():
	}
}
