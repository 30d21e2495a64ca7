package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/faultloc/faultloc/internal/inorder"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// DefaultEvidenceBound is the default bound of the evidence stage as a
// whole ([Options.EvidenceBound]). It is far above what the
// evidence stage of bench/realbugs' historical bugs takes (go run
// ./bench/realbugs -kinds historical gives the command's time of each),
// so it cuts only a package whose many slow tests would otherwise hold
// the failing cases for many times EvidenceTimeout.
const DefaultEvidenceBound = 2 * time.Minute

// EvidenceCutError says that the evidence stage ran out of its bound
// ([Options.EvidenceBound]): the spectrum holds the cases that
// finished by then, the others are left out.
type EvidenceCutError struct {
	Bound time.Duration
	// Share is true when Bound was the stage's share of the first
	// failing case's bound (Options.Timeout), false when it was
	// Options.EvidenceBound or DefaultEvidenceBound.
	Share bool
	Ran   int // the cases that only add evidence run within the bound (those that passed or failed are in the spectrum)
	Left  int // those listed but not run within it; -1 when the listing was cut too
}

// Error formats the error.
func (e *EvidenceCutError) Error() string {
	left := fmt.Sprintf("%d listed cases left out", e.Left)
	if e.Left < 0 {
		left = "the listing of the others cut short"
	}
	of := "pipeline.Options.EvidenceBound"
	if e.Share {
		of = "its share of the first failing case's bound, pipeline.Options.Timeout"
	}
	return fmt.Sprintf("localize: the evidence stage ran longer than %v (%s): %d cases that only add evidence ran, %s", e.Bound, of, e.Ran, left)
}

// evidenceLimit is when the evidence stage must end (zero: no bound),
// and the bound that says so, for its EvidenceCutError.
type evidenceLimit struct {
	due   time.Time
	bound time.Duration
	share bool
}

// evidenceLimitOf returns the limit of an evidence stage that starts
// now: opts.EvidenceBound when set, else the earlier of
// DefaultEvidenceBound and the end of the shared stages' share of
// first, the first case's clock (bound.go).
func evidenceLimitOf(opts *Options, first caseClock) evidenceLimit {
	switch {
	case opts.EvidenceBound > 0:
		return evidenceLimit{due: time.Now().Add(opts.EvidenceBound), bound: opts.EvidenceBound}
	case opts.EvidenceBound < 0:
		return evidenceLimit{}
	}
	l := evidenceLimit{due: time.Now().Add(DefaultEvidenceBound), bound: DefaultEvidenceBound}
	if shared := first.shared(); shared.Before(l.due) {
		l = evidenceLimit{due: shared, bound: first.bound / sharedShare, share: true}
	}
	return l
}

// collectEvidence adds to m the coverage of the cases of pkgPath that the
// selection sel leaves out (each bounded by opts.EvidenceTimeout), listing
// them first, all within limit. It returns the errors of
// single cases, and a non-nil *EvidenceCutError when the bound passed
// (what finished is in m); the error is ctx's when ctx ended. It says
// StageListing to status as the listing starts and as each function is
// listed, then StageEvidence as the runs start and as each ends.
func collectEvidence(ctx context.Context, prog *trace.Program, pkgPath string, sel *localize.Selection, opts *Options, m *spectra.Matrix, status *statusFunc, limit evidenceLimit) ([]*localize.CaseError, *EvidenceCutError, error) {
	bound := evidenceBoundOf(opts)
	ectx, cancel := until(ctx, limit.due)
	defer cancel()
	due := limit.due
	keep := func(n string) bool { return !sel.SelectsTop(n) }
	slice := time.Duration(0)
	if !due.IsZero() {
		n := 0
		for _, fn := range append(prog.TestFuncs(pkgPath), prog.FuzzFuncs(pkgPath)...) {
			if keep(fn.Name()) {
				n++
			}
		}
		slice = listSlice(time.Until(due), n)
	}
	others, deferred, errs, err := listEvidence(ectx, prog, pkgPath, keep, bound, slice, evidenceParallel(opts), func(done, total int) {
		status.say(Status{Stage: StageListing, Done: done, Total: total, Deadline: due})
	})
	if ctx.Err() != nil {
		return errs, nil, ctx.Err()
	}
	listCut := err != nil // ectx's bound
	var evidence []trace.Case
	if !listCut {
		for _, n := range slices.DeleteFunc(slices.Clone(sel.Listed), sel.Selects) {
			evidence = append(evidence, evidenceCase(prog, pkgPath, n, bound))
		}
	}
	for _, c := range others {
		if _, ran := c.(ranCase); ran || !listCut {
			// Cut short, the listing's runs are still evidence.
			evidence = append(evidence, c)
		}
	}
	late := &lateSubtests{}
	if !listCut {
		for _, n := range deferred {
			evidence = append(evidence, lateCase{prog: prog, pkg: pkgPath, name: n, bound: bound, subtests: late})
		}
	}
	var done atomic.Int64 // the cases run within the bound
	var mu sync.Mutex
	ran, total := 0, len(evidence) // the cases run, within the bound or not, and those to run; under mu, so that the counts come in order
	tick := func() {
		mu.Lock()
		defer mu.Unlock()
		ran++
		status.say(Status{Stage: StageEvidence, Done: ran, Total: total, Deadline: due})
	}
	counted := func(cs []trace.Case) []trace.Case {
		out := make([]trace.Case, len(cs))
		for i, c := range cs {
			_, already := c.(ranCase) // run by its listing, within the bound
			out[i] = countedCase{c, ectx, &done, tick, already}
		}
		return out
	}
	status.say(Status{Stage: StageEvidence, Total: total, Deadline: due})
	cctx := ectx
	if listCut {
		cctx = ctx // the listed runs are done: adding them takes no time
	}
	collect := func(cs []trace.Case) {
		err := (&spectra.Traces{Program: prog, Cases: counted(cs), Code: true, KeepGoing: true, Parallel: evidenceParallel(opts)}).Collect(cctx, m)
		if ctx.Err() != nil {
			return
		}
		cut := listCut || ectx.Err() != nil
		for _, e := range localize.CaseErrors(err) {
			if (!cut || e.Case != "?") && !errors.Is(e.Err, errHasSubtests) { // "?": the run the bound interrupted
				errs = append(errs, e)
			}
		}
	}
	collect(evidence)
	if len(late.names) > 0 && ectx.Err() == nil {
		// The subtests of the functions run late.
		var subs []trace.Case
		for _, n := range late.names {
			subs = append(subs, evidenceCase(prog, pkgPath, n, bound))
		}
		mu.Lock()
		total += len(subs)
		mu.Unlock()
		collect(subs)
		evidence = append(evidence, subs...)
	}
	if ctx.Err() != nil {
		return errs, nil, ctx.Err()
	}
	cut := listCut || ectx.Err() != nil
	if !cut {
		return errs, nil, nil
	}
	left := -1
	if !listCut {
		left = len(evidence) - late.funcs - int(done.Load()) // a late function with subtests is not a case
	}
	return errs, &EvidenceCutError{Bound: limit.bound, Share: limit.share, Ran: int(done.Load()), Left: left}, nil
}

// countedCase counts in done its runs that end before ctx does (a
// lateCase's that found subtests aside), and calls tick after each run.
type countedCase struct {
	trace.Case
	ctx  context.Context
	done *atomic.Int64
	tick func()
	// ran says the case ran before (a ranCase, run by its listing
	// within the bound): counted whenever it is added.
	ran bool
}

func (c countedCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	r, err := c.Case.Run(ctx, opts)
	if (c.ran || c.ctx.Err() == nil) && !errors.Is(err, errHasSubtests) {
		c.done.Add(1)
	}
	c.tick()
	return r, err
}

// listEvidence lists the cases of the test functions and fuzz targets of
// pkgPath whose names keep accepts, each function's listing run bounded
// by bound (0 or negative: unbounded), then the examples keep accepts, in
// go test's order, as cases whose runs are bounded by bound, up to
// workers functions listed at once; listed (if not nil) is called
// before the first listing and after each, with the functions listed
// and their number. A function
// without subtests is its one case, which its listing has run recording
// coverage: that case returns the listing's run instead of running again. Listing runs a test function whole to find its
// subtests, so a test that runs for ever under the interpreter (one that
// waits for a real-time timer while a goroutine computes, say) would
// otherwise hold the evidence stage, and with it the failing cases, for
// ever. A function whose listing outlives its bound adds a CaseError and
// none of its cases: running them again would take as long.
func listEvidence(ctx context.Context, prog *trace.Program, pkgPath string, keep func(string) bool, bound, slice time.Duration, workers int, listed func(done, total int)) ([]trace.Case, []string, []*localize.CaseError, error) {
	var names []trace.Case
	var deferred []string
	var errs []*localize.CaseError
	run := map[string]bool{}
	sliced := slice > 0 && (bound <= 0 || slice < bound)
	var funcs []string // those to list
	for _, fn := range append(prog.TestFuncs(pkgPath), prog.FuzzFuncs(pkgPath)...) {
		name := fn.Name()
		run[name] = true
		if keep(name) {
			funcs = append(funcs, name)
		}
	}
	type listing struct {
		ns      []string
		r       *trace.CaseResult
		err     error
		expired bool
	}
	if listed != nil {
		listed(0, len(funcs))
	}
	var stopped error // ctx's, when it ended
	inorder.Run(ctx, len(funcs), workers, func(ctx context.Context, i int) listing {
		lctx, cancel := ctx, context.CancelFunc(func() {})
		switch {
		case sliced:
			lctx, cancel = context.WithTimeout(ctx, slice)
		case bound > 0:
			lctx, cancel = context.WithTimeout(ctx, bound)
		}
		defer cancel()
		// The listing records coverage: a function without subtests is
		// its one case, and its listing run is that case's run.
		ns, r, err := prog.ListGoTest(lctx, pkgPath, funcs[i], &trace.RunOptions{CoverOnly: true})
		return listing{ns, r, err, lctx.Err() != nil}
	}, func(i int, l listing, ran bool) bool {
		name := funcs[i]
		if !ran || ctx.Err() != nil {
			stopped = ctx.Err()
			return false
		}
		if listed != nil {
			listed(i+1, len(funcs))
		}
		if l.expired && sliced {
			deferred = append(deferred, name)
			return true
		}
		if l.expired {
			errs = append(errs, &localize.CaseError{Case: name, Err: fmt.Errorf("localize: listing its cases ran longer than %v, the bound of a case that only adds evidence (pipeline.Options.EvidenceTimeout): left out of the spectrum", bound)})
			return true
		}
		if l.err != nil {
			errs = append(errs, &localize.CaseError{Case: name, Err: l.err})
		}
		if l.err == nil && l.r != nil && len(l.ns) == 1 && l.ns[0] == name {
			names = append(names, ranCase{name: name, res: l.r})
			return true
		}
		for _, n := range l.ns {
			names = append(names, evidenceCase(prog, pkgPath, n, bound))
		}
		return true
	})
	if stopped != nil {
		return names, deferred, errs, stopped
	}
	// The rest are examples, listed without running them.
	ns, err := prog.ListTestsOf(ctx, pkgPath, func(n string) bool { return !run[n] && keep(n) }, nil)
	if ctx.Err() != nil {
		return names, deferred, errs, ctx.Err()
	}
	for _, n := range ns {
		names = append(names, evidenceCase(prog, pkgPath, n, bound))
	}
	return names, deferred, append(errs, localize.CaseErrors(err)...), nil
}

// sliceFactor sets the slice of a function's first listing run
// (listSlice): that many times an equal share of the time left.
const sliceFactor = 4

// listSlice returns the bound of each of n test functions' first
// listing runs when the stage has left before it ends (0: unbounded):
// sliceFactor times an equal share of it, so that the functions whose
// listing outlives it, run later, cost the quick ones at most that each.
// It is 0 (no slice: each function gets the whole bound) when nothing
// bounds the stage or there is nothing to list.
func listSlice(left time.Duration, n int) time.Duration {
	if left <= 0 || n <= 0 {
		return 0
	}
	return max(left*sliceFactor/time.Duration(n), time.Millisecond)
}

// errHasSubtests says that a test function deferred by its listing's
// slice (listEvidence) has subtests: its cases are run after it.
var errHasSubtests = errors.New("localize: the test function has subtests, run as its own cases")

// lateCase is a test function whose first listing run outlived its
// slice (listEvidence), run in the spectrum's collection after the
// cases listed, its listing bounded by bound. Without subtests, its
// listing run is its case's run, as a ranCase's. With subtests, its
// Run returns errHasSubtests and adds them to subtests, for the caller
// to run.
type lateCase struct {
	prog     *trace.Program
	pkg      string
	name     string
	bound    time.Duration
	subtests *lateSubtests
}

// lateSubtests are the subtests lateCases found, in the order found.
type lateSubtests struct {
	mu    sync.Mutex
	names []string
	funcs int // the functions that had them
}

func (c lateCase) Name() string { return c.name }

func (c lateCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	if c.bound > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.bound)
		defer cancel()
	}
	ns, r, err := c.prog.ListGoTest(ctx, c.pkg, c.name, opts)
	if ctx.Err() != nil {
		if err == nil {
			err = ctx.Err()
		}
		return r, fmt.Errorf("localize: listing its cases ran longer than %v, the bound of a case that only adds evidence (pipeline.Options.EvidenceTimeout): %w", c.bound, err)
	}
	if err != nil || (len(ns) == 1 && ns[0] == c.name) {
		return r, err
	}
	c.subtests.mu.Lock()
	c.subtests.names = append(c.subtests.names, ns...)
	c.subtests.funcs++
	c.subtests.mu.Unlock()
	return nil, errHasSubtests
}

// evidenceCase is case name of pkgPath, its runs bounded by bound (0 or
// negative: unbounded).
func evidenceCase(prog *trace.Program, pkgPath, name string, bound time.Duration) trace.Case {
	var c trace.Case = prog.GoTestCase(pkgPath, name)
	if bound > 0 {
		c = timedCase{c, bound}
	}
	return c
}

// ranCase is a case already run, with the options the spectrum's
// collection runs it with (a coverage-only run): its Run returns that
// run's result, sparing a second run of the same case.
type ranCase struct {
	name string
	res  *trace.CaseResult
}

func (c ranCase) Name() string { return c.name }

func (c ranCase) Run(context.Context, *trace.RunOptions) (*trace.CaseResult, error) {
	return c.res, nil
}

// evidenceBoundOf is the bound of one evidence case's run that opts
// set (Options.EvidenceTimeout).
func evidenceBoundOf(opts *Options) time.Duration {
	if opts.EvidenceTimeout == 0 {
		return localize.DefaultEvidenceTimeout
	}
	return opts.EvidenceTimeout
}

// evidenceParallel is how many of the spectrum's cases opts run at once
// (Options.EvidenceParallel).
func evidenceParallel(opts *Options) int {
	return max(1, opts.EvidenceParallel)
}

// EvidenceSource says where the coverage of the cases that only add
// evidence comes from ([Options.Evidence]).
type EvidenceSource int

// The evidence sources.
const (
	// DefaultEvidence is InterpretedEvidence.
	DefaultEvidence EvidenceSource = iota
	// InterpretedEvidence runs each case that only adds evidence under
	// the interpreter, each bounded by Options.EvidenceTimeout, all by
	// Options.EvidenceBound: line coverage as the interpreter records it,
	// and each case's steps (which bound its runs on the fix probe's
	// mutants).
	InterpretedEvidence
	// NativeEvidence takes those cases' verdicts and line coverage from
	// the native evidence stage's go test run (one build, one process
	// per case; native.Collect), which the pipeline runs anyway: a
	// package whose many tests the interpreter takes minutes over is
	// covered in seconds. Coverage counts the statements of the package
	// tested (not its imports, nor package-level initializers); the
	// cases carry no step count, so the fix probe runs them on mutants
	// with the interpreter's default budget. Where the stage is off or
	// fails, the cases are interpreted, and each report's Reason says
	// why.
	NativeEvidence
)

// String returns the source's name as faultloc's -evidence flag spells
// it: "default", "interp" or "native".
func (e EvidenceSource) String() string {
	switch e {
	case DefaultEvidence:
		return "default"
	case InterpretedEvidence:
		return "interp"
	case NativeEvidence:
		return "native"
	}
	return fmt.Sprintf("EvidenceSource(%d)", int(e))
}

// addNativeEvidence adds to m, from the native run ne (err: why the stage
// failed), the cases that selects leaves out and that m has not run, as
// collectEvidence would have interpreted them: each case's verdict,
// duration and covered lines. It returns why it could not, or "".
func addNativeEvidence(m *spectra.Matrix, ne *native.Run, err error, selects func(string) bool) string {
	switch {
	case err != nil:
		return "the native evidence stage failed: " + err.Error()
	case ne == nil || ne.Spectrum == nil:
		return "the native evidence stage did not run (Options.NoNative)"
	}
	sp := ne.Spectrum
	var cov []int
	for t := range sp.NumTests() {
		tr := sp.Test(t)
		if selects(tr.Name) {
			continue
		}
		if _, ok := m.TestIndex(tr.Name); ok {
			continue
		}
		cov = sp.Covered(cov[:0], t)
		elems := make([]spectra.Element, len(cov))
		for i, e := range cov {
			elems[i] = sp.Element(e)
		}
		if _, err := m.Add(spectra.TestRun{Name: tr.Name, Failed: tr.Failed, Duration: tr.Duration, Message: tr.Message}, elems); err != nil {
			return fmt.Sprintf("case %s of the native run: %v", tr.Name, err)
		}
	}
	return ""
}

// completeEvidence adds to m, a spectrum whose interpreted evidence a
// bound cut, the cases of the native run ne that the interpreter did
// not reach (those selects leaves out and m lacks), as NativeEvidence
// would take them, and says so for the reports' Reason ("" when it
// added none).
func completeEvidence(m *spectra.Matrix, ne *native.Run, selects func(string) bool) string {
	before := m.NumTests()
	if why := addNativeEvidence(m, ne, nil, selects); why != "" {
		return "native evidence not added: " + why
	}
	if n := m.NumTests() - before; n > 0 {
		return fmt.Sprintf("the coverage of %d cases the interpreter did not reach taken from the native run", n)
	}
	return ""
}
