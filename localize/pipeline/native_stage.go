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
	progress *native.Progress   // the cases its run has done so far

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
	s := &nativeStage{done: make(chan struct{}), firstDone: make(chan struct{}), progress: &native.Progress{}}
	var hook func(event string)
	if h, ok := testHooksNative.Load(prog); ok {
		hook = h.(func(event string))
	}
	s.hook = hook
	_, s.early = testShareOnFirst.Load(prog)
	nopts := &native.Options{Bound: opts.NativeBound, First: opts.Run, Progress: s.progress, FirstDone: func(r *native.Run) {
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
// is, and "cut" when Run, which has nothing else to rank the selected
// cases by, takes the cases the stage has done at the end of the first
// case's bound (waitSaying). Keyed by program, so that tests that each
// load their own may listen in parallel.
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
// With cut (nothing else can rank the selected cases), it waits for the
// whole run until due and no longer: then it returns, with late as the
// error, a snapshot of the cases the run has done by then (the selected
// ones first, then the passing cases finished since: more than the
// selected cases' runs alone, over which Ochiai ties every line they
// ran), nil if not even the selected cases are done, and their counts
// in so (non-nil), and stops the stage without waiting for it.
func (s *nativeStage) waitSaying(status *statusFunc, due time.Time, late error, cut bool) (n *native.Run, so *spectra.GoTestSoFar, err error) {
	if s == nil {
		return nil, nil, nil
	}
	if s.late != nil && !cut {
		select {
		case <-s.done:
			return s.ev, nil, s.err
		default:
			return s.current(), nil, s.late
		}
	}
	select {
	case <-s.done:
		return s.ev, nil, s.err
	default:
		d := s.deadline
		if !due.IsZero() && (d.IsZero() || due.Before(d)) {
			d = due
		}
		status.say(Status{Stage: StageNative, Deadline: d})
	}
	if due.IsZero() {
		n, err := s.wait()
		return n, nil, err
	}
	t := time.NewTimer(time.Until(due))
	defer t.Stop()
	var early <-chan struct{} // testShareOnFirst's end of the share
	if s.early && !cut {
		early = s.firstDone
	}
	select {
	case <-s.done:
		return s.ev, nil, s.err
	case <-t.C:
	case <-early:
		select {
		case <-s.done: // done as the share ended: as if before
			return s.ev, nil, s.err
		default:
		}
	}
	if cut {
		// The cases done by now, copied while the run goes on; then
		// the run stops, in the background: nothing will wait for the
		// rest of it.
		n, counts := s.progress.Snapshot()
		s.cancel()
		if s.late == nil {
			s.late = late
		}
		if s.hook != nil {
			s.hook("cut")
		}
		return n, &counts, s.late
	}
	s.late = late
	if s.current() == nil {
		// Not even the selected cases are done: stop the stage,
		// which keeps the cases it finished (the failures first).
		s.stop()
	}
	return s.current(), nil, late
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

// soFar returns a snapshot of the cases the stage's run has done by now
// and their count, and whether it holds more cases than n.
func (s *nativeStage) soFar(n *native.Run) (*native.Run, spectra.GoTestSoFar, bool) {
	snap, so := s.progress.Snapshot()
	return snap, so, snap != nil && so.Cases > casesOf(n)
}

// casesOf returns how many cases native run n (nil: none) holds.
func casesOf(n *native.Run) int {
	if n == nil || n.Spectrum == nil {
		return 0
	}
	return n.Spectrum.NumTests()
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
	return slices.ContainsFunc(errs, func(e *localize.CaseError) bool { return refused(e, cases, mine) })
}

// refused reports whether e is the interpreter's refusal of one of the
// selected cases (of cases, those mine accepts) or of its test function:
// an error of a case, other than ErrFailsAlone.
func refused(e *localize.CaseError, cases []string, mine func(string) bool) bool {
	if e.Case == "" || errors.Is(e.Err, ErrFailsAlone) {
		return false
	}
	return slices.ContainsFunc(cases, func(c string) bool { return mine(c) && (c == e.Case || strings.HasPrefix(c, e.Case+"/")) })
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
// Run waits for the stage until the end of the first case's bound (first;
// when charged is false, the stage's own bound alone) and no longer:
// then the cases its run has done rank the failing ones (waitNative),
// their Reason saying how many.
func nativeInstead(ctx context.Context, prog *trace.Program, pkgPath string, opts *Options, ns *nativeStage, status *statusFunc, first caseClock, charged bool, res *Result, err error, report func(*localize.Report)) bool {
	match, merr := testmatch.Compile(opts.Run)
	if merr != nil || ctx.Err() != nil {
		return false
	}
	if ns == nil {
		ns = startNative(ctx, prog, pkgPath, opts, nil, match.Match)
	}
	var due time.Time
	if charged {
		due = first.due
	}
	ne, so, nerr := waitNative(ns, status, due, first, res, true)
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
	rctx, note := ctx, "" // the reports' context, and what their Reason says of a cut
	if so != nil {
		// Cut at the first case's bound: their ranking shares a grace
		// past it, as a stop's native reports do (cutShort).
		var cancel context.CancelFunc
		rctx, cancel = context.WithDeadline(ctx, first.due.Add(cutShortGrace))
		defer cancel()
		note = nativeCutNote(first.bound, *so)
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
		rep := native.Report(rctx, f, localize.JoinReason("the interpreter could not run it: "+reason, note))
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
// run, or the cases its run has done: the selected cases first); for a case the interpreter
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
	ranked := why // the Reason of a report the native run ranks
	if s != nil && !s.whole(n) {
		// The cases the run has done by now, if more than the
		// selected cases' runs: it stops with Run.
		if snap, so, ok := s.soFar(n); ok {
			n = snap
			ranked += fmt.Sprintf("; ranked from the %d of %s cases the native run had done when it stopped", so.Cases, listedOf(so))
		}
	}
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
			add(native.Report(rctx, f, ranked))
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

// notRunReports returns a report of each selected case (of res.Cases,
// those mine accepts, or their test function) that the interpreter
// could not run (res.Errors) and that n, the native run cut at the end
// of the first case's bound, had not run (nil: no case done), so far
// counting its cases: no ranking, Partial, Mode native.Mode, the
// Reason saying both, so that a case nobody ran reads as not run, not
// as passing. A case that has a report has none.
func notRunReports(res *Result, n *native.Run, bound time.Duration, so spectra.GoTestSoFar, mine func(string) bool) []*localize.Report {
	has := map[string]bool{}
	for _, rep := range res.Reports {
		has[rep.Test] = true
	}
	had := fmt.Sprintf("it had done %d of %s cases", so.Cases, listedOf(so))
	if so.Listed == 0 {
		had = "it had listed no case yet (its test binary was being built, or its cases listed)"
	}
	var out []*localize.Report
	for _, e := range res.Errors {
		if has[e.Case] || !refused(e, res.Cases, mine) || ranNatively(n, e.Case) {
			continue
		}
		has[e.Case] = true
		out = append(out, &localize.Report{Test: e.Case, Mode: native.Mode, Failure: "not known: neither the interpreter nor the native go test run ran it", Candidates: []localize.Candidate{}, Partial: true,
			Reason: fmt.Sprintf("not ranked: the interpreter could not run it: %v; the native go test run, cut at the first failing case's bound of %v (pipeline.Options.Timeout), had not run it: %s", e.Err, bound, had)})
	}
	return out
}

// ranNatively reports whether native run n (nil: none) ran case name
// or, for a test function, one of its subtests.
func ranNatively(n *native.Run, name string) bool {
	if n == nil || n.Spectrum == nil {
		return false
	}
	for i := range n.Spectrum.NumTests() {
		if t := n.Spectrum.Test(i).Name; t == name || strings.HasPrefix(t, name+"/") {
			return true
		}
	}
	return false
}
