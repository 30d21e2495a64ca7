package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Options configure [Run]. The zero value is the default.
type Options struct {
	// Run selects the cases as go test's -run flag does: one regular
	// expression per level of a case's name, split at slashes ("^TestX$"
	// selects TestX's subtests too). Default "": every case.
	Run string
	// Technique localizes each failing case. Default nil: AgxFaults with
	// default Options (&Agx{}).
	Technique localize.Technique
	// Scorers give the evidence that orders the lines after the
	// technique's candidates, in order of precedence ([Report.Fuse]).
	// Default nil: [localize.DefaultScorers]. A non-nil empty slice ranks by the
	// candidates alone.
	Scorers []localize.Scorer
	// Refiners revise each report after its ranking, in order, with
	// evidence spent on the ranking's first lines. Default nil:
	// [DefaultRefiners]. A non-nil empty slice adds nothing. A refiner
	// with a method Prefetch(context.Context, *localize.Failure,
	// []trace.Line) ([mutation.FixProbe.Prefetch]) is given the first
	// lines of each case's preliminary ranking as soon as it is ready,
	// beside the search, to prepare what its refinement will need.
	Refiners []localize.Refiner
	// CaseSetRefiners revise the reports together, in order, once every
	// failing case has its report, when more than one case failed.
	// Default nil: [localize.DefaultCaseSetRefiners]. A non-nil empty slice adds
	// nothing.
	CaseSetRefiners []localize.CaseSetRefiner
	// TieBreak orders the candidates that tie on verified status and size
	// by its scores ([Report.Rerank]), for example a SpectrumScorer with
	// another formula. Default nil: by position.
	TieBreak localize.Scorer
	// Timeout bounds the localization of each failing case as a whole:
	// its search, its ranking and its refiners, and for the first case
	// the stages the cases share before it (the evidence, the native
	// stage), of which those get at most a half (the wait for the native
	// stage, which runs beside them, two thirds); with a Diagnoser, the
	// diagnosis and the shared stages before it. What a stage found by
	// the end of its share is reported, marked partial, and
	// Result.Cuts names the stage (bound.go says how the time is
	// shared). A report ranked before the native stage was done waits
	// for it until the end of its case's bound, to be fused again with
	// its whole run (or, not done by then, with the cases it has done). When the interpreter fails none of the selected
	// cases and could not run one, the native stage, the only ranking
	// left, gets the first case's whole bound; at its end the cases its
	// run has done rank them, and their reports say how many (a case
	// it had not run is in Result.NotRun). Default 0: DefaultTimeout, or
	// DefaultDiagnosisTimeout for a Diagnoser.
	Timeout time.Duration
	// Spectrum is the coverage of the package's cases from an earlier
	// call (Result.Spectrum), reused instead of running every
	// case again. Default nil: collected.
	Spectrum *spectra.Matrix
	// SelectedSpectrum collects the spectrum from the cases Run selects
	// only, which is faster on a large suite. Default false: from every
	// case of the package, as the cases Run leaves out still say which
	// lines pass.
	SelectedSpectrum bool
	// Evidence says where the coverage of the cases that only add
	// evidence (those Run leaves out) comes from: interpreting each
	// (InterpretedEvidence) or the native evidence stage's go test run
	// (NativeEvidence), which on a package with many or slow tests is
	// far faster. The failing cases Run selects are interpreted either
	// way. Default (DefaultEvidence): interpreted.
	Evidence EvidenceSource
	// EvidenceTimeout bounds the run of each case that Run leaves out,
	// when collecting the spectrum from every case (which Package does
	// only if a selected case fails), and the run of each test function
	// that lists those cases (its subtests): a case that runs longer, or
	// every case of a function whose listing does, is left out of the
	// spectrum (its error is in Result.Errors). The selected cases
	// run unbounded. Default 0: DefaultEvidenceTimeout;
	// negative: no bound.
	EvidenceTimeout time.Duration
	// EvidenceParallel is how many cases run at once when the spectrum
	// is collected under the interpreter (the selected cases, the
	// listing of the others, then their runs), in the order of the
	// cases: on a package with many cases the evidence stage takes
	// about 1/N of its time on N idle cores. The rows are the same and
	// in the same order, except where a wall-clock bound decides (the
	// cases share the CPUs, so a slow case comes nearer to
	// EvidenceTimeout, or to the interpreter's growth window of its
	// step budget): measured so far only under load, where a long
	// case was left out that one-at-a-time kept. Default 0 or 1: one
	// after another.
	EvidenceParallel int
	// EvidenceBound bounds the evidence stage as a whole: the listing of
	// the cases that Run leaves out and their runs (each also bounded by
	// EvidenceTimeout). When it passes, the cases not run by then are
	// left out: the spectrum holds those that finished, and those the
	// native evidence stage ran by the time Run stops waiting for it
	// (their go test coverage, as NativeEvidence takes it); Result.
	// Errors has an *EvidenceCutError, and each report's Reason says
	// that its spectrum is partial and how many cases the native run
	// gave. Set, it takes the stages the cases
	// share out of the first failing case's bound (Timeout), whose
	// clock then starts after them. Under a bound, a test function's
	// listing run (which is its case's run when it has no subtests)
	// first gets four equal shares of the time left, and a function
	// whose listing outlives that runs after the cases listed, so that
	// a few slow functions early in go test's order do not hold the
	// quick ones after them; the rows are then in that order. Default
	// 0: half of the first case's Timeout, at most
	// DefaultEvidenceBound; negative: no bound.
	EvidenceBound time.Duration
	// Report, if set, is called with each failing case's report as soon
	// as it is complete, in the order of the cases: when several cases
	// fail and CaseSetRefiners revise their reports, once every case is
	// localized; a report ranked before the native stage was done, once
	// fused again with its whole run, or at Run's end with the cases its
	// run had done (after waiting for the stage up to its case's bound:
	// refuse.go).
	Report func(*localize.Report)
	// Progress, if set, is called with each failing case's report as
	// soon as its own stages are done, when Report waits for the
	// CaseSetRefiners (several failing cases) or for the native stage's
	// whole run: a sign of life on a package whose many failing cases
	// take minutes. The report may still change.
	Progress func(*localize.Report)
	// Preliminary, if set, is called for each failing case the
	// technique localizes with a report ranked by the scorers alone (no
	// candidates; Mode [PreliminaryMode], Partial, native evidence
	// fused as in the final report): the cheap answer, ranked while the
	// technique searches and delivered as soon as it is ready, always
	// before the case's final report, which revises it as candidates
	// are verified. Run ranks it whether or not Preliminary is set (the
	// final ranking reuses its slice and distances), so it costs
	// nothing more. The first failing case's comes earlier: ranked
	// from the selected cases' runs alone as soon as they ran, beside
	// the evidence of the others and the wait for the native run (with
	// Spectrum nil); when that evidence changes its ranking, the case
	// gets a second one. Its argument is the case's place among the
	// cases localized (1-based), their number (for the early one, the
	// selected cases that failed under the interpreter), and the
	// report.
	Preliminary func(i, n int, rep *localize.Report)
	// Updates, if set, is called with each failing case's report as it
	// improves ([Update]): the preliminary ranking as soon as the
	// evidence is in (the first case's earlier, as Preliminary says), a
	// revision each time the technique verifies a
	// candidate, and the final report. It is the one callback a caller
	// needs to show the best answer so far. Called one at a time, in
	// the order of each case's reports (a candidate verified before the
	// preliminary ranking is ready revises it as soon as it is).
	Updates func(Update)
	// Found, if set, is called with each candidate of a failing case as
	// the technique finds it ([localize.Failure.Found]), with the case's
	// name and the time since its search began: the report's candidates
	// as they come, before the ranking and the refiners (a technique
	// that revises its search's candidates, as angelic.FlexFilter
	// does, may still reorder or drop them).
	Found func(name string, c localize.Candidate, elapsed time.Duration)
	// Diagnoser, if set, explains the selected failing cases together
	// (diagnose.Diagnoser: diagnose.Run) instead of localizing each with the
	// Technique: Result.Diagnosis is then the one report of the
	// package, Reports stays empty, and Timeout bounds the diagnosis as
	// a whole. Default nil: each case localized alone.
	Diagnoser localize.Diagnoser
	// NoNative turns off the native evidence stage ([native.Collect]),
	// which runs the package's tests as go test does, beside the
	// interpreter: the evidence of the default ranking's last scorers,
	// and the only ranking of a failing case the interpreter cannot run.
	// Default false: the stage runs (not with a Diagnoser).
	NoNative bool
	// NativeBound bounds the native evidence stage, which runs the
	// cases Run selects first and the others in what is left of it.
	// Default 0: native.DefaultBound; negative: no bound.
	NativeBound time.Duration
	// NativeStarted, if set, is the native evidence stage's go test run
	// begun before the program was loaded ([native.Start], with
	// native.Options First set to Run, Bound to NativeBound), so that
	// the build and the selected cases' runs overlap the load: the stage
	// uses it instead of building and running the tests again when it
	// fits ([native.Started.Fits]), its NativeBound counting from
	// native.Start. The first case's bound, and with it the stage's
	// share of it, count from Start as ever (set Start no later than
	// native.Start was called). Run stops it before it returns whether
	// it used it or not (NoNative, a Diagnoser, SelectedSpectrum, or a
	// run that does not fit). Default nil: the stage starts in Run.
	NativeStarted *native.Started
	// Shard, if set, is asked about each failing case, by name: only the
	// cases it accepts are localized and reported, each machine of a
	// sharded run running every case for the evidence and localizing its
	// share (Result.Failing still lists every failing case). The
	// CaseSetRefiners do not run then: they revise every failing case's
	// report together, which the caller does once the shards' reports
	// are merged. A Diagnoser, which explains the failing cases
	// together, ignores it. Default nil: every failing case.
	Shard func(name string) bool
	// NativeShare is how many lines of a report's own ranking come for
	// one line of the native evidence's when [native.Fuse] merges them.
	// Default 0: native.DefaultShare.
	NativeShare int
	// Parallel is how many failing cases are localized at once, each
	// with its own bound (Timeout). The reports are the same and come in
	// the order of the cases; Preliminary, Found, Progress, Report and
	// Status are called one at a time. Default 0 or 1: one case after
	// another.
	Parallel int
	// Start, if set, is when the first failing case's clock (Timeout)
	// started, when that bound covers the shared stages (EvidenceBound
	// 0): a caller that loaded the program for this run charges the
	// load to the bound too. Default zero: when Run is called.
	Start time.Time
	// Status, if set, is called as each stage of the run starts (and as
	// the evidence stage interprets each case), with what runs, on which
	// case, the cases done and the stage's bound: for showing progress
	// on a run that takes minutes, and for measuring where its time
	// goes (a stage lasts until the next Status of the same case, or of
	// the package for Case ""). It must return quickly: the stage waits
	// for it.
	Status func(Status)
}

// DefaultRefiners returns the refiners of [Run]'s default pipeline: a
// [angelic.ForceProbe] of the ranking's first lines when the technique verified
// no candidate, then [localize.FailureFirst] (the failing statement ahead
// of verified candidates that only steer around it), then a
// [mutation.FixProbe] of its first lines, as many runs at
// once as the machine has CPUs. The fix probes of the refiners of one call
// share their mutant program (a new [mutation.ProbeShare] each call): Run
// calls it once per run when Options.Refiners is nil, and ends the share's
// loads under way when it returns.
func DefaultRefiners() []localize.Refiner {
	return []localize.Refiner{angelic.ForceProbe{}, localize.FailureFirst{}, mutation.FixProbe{Parallel: runtime.NumCPU(), Share: new(mutation.ProbeShare)}}
}

// closeShares ends the loads under way of the fix probes' shares among
// refiners: a run's own refiners load nothing after it.
func closeShares(refiners []localize.Refiner) {
	for _, r := range refiners {
		if fp, ok := r.(mutation.FixProbe); ok && fp.Share != nil {
			fp.Share.Close()
		}
	}
}

// timedCase is a Case whose runs are bounded by d.
type timedCase struct {
	trace.Case
	d time.Duration
}

func (c timedCase) Run(ctx context.Context, opts *trace.RunOptions) (*trace.CaseResult, error) {
	ctx, cancel := context.WithTimeout(ctx, c.d)
	defer cancel()
	r, err := c.Case.Run(ctx, opts)
	if ctx.Err() != nil {
		// Whatever the run gave, it is cut short: not evidence.
		return nil, fmt.Errorf("localize: ran longer than %v, the bound of a case that only adds evidence (pipeline.Options.EvidenceTimeout): left out of the spectrum", c.d)
	}
	return r, err
}

// DefaultTimeout is the default bound of the technique on one failing
// case ([Options.Timeout]), chosen on bench/realbugs/HISTORICAL.md
// (go run ./bench/realbugs -kinds historical, which runs with it; its
// -timeout flag runs it with another bound): with twice this bound it
// placed about as many of the bugs' faulty lines in the first five of
// the ranking, and no more first, each case taking half as long again. On a
// real library's failing test the search rarely ends by itself: it
// takes its share of the bound, whatever the bound.
// bench/results/tcas-bv.md gives the ranks and times on small programs,
// which need far less.
const DefaultTimeout = 10 * time.Second

// DefaultDiagnosisTimeout is the default bound of a [Diagnoser] on all
// the failing cases of a package together ([Options.Timeout]).
const DefaultDiagnosisTimeout = time.Minute

// Result is what [Run] found.
type Result struct {
	// Package is the import path of the package.
	Package string
	// Cases are the names of the package's cases that Run selected;
	// Failing those that failed under the interpreter, in go test's
	// order, then those that only the native evidence stage failed
	// (the interpreter could not run them, or passed them).
	Cases   []string
	Failing []string
	// Skipped are the selected cases that ran without passing or
	// failing (they called t.Skip), in go test's order; they are not in
	// the spectrum.
	Skipped []string
	// Reports are the failing cases' reports, in the order of Failing. A
	// case the technique could not explain still has one: its Ranking
	// comes from the scorers, and Reason says why there is no candidate.
	// A case only the native run failed has one of Mode native.Mode.
	// Those of NotRun come last.
	Reports []*localize.Report
	// Errors are the cases the interpreter could not run or list, and
	// the failing cases the technique could not explain (each also has a
	// report).
	Errors []*localize.CaseError
	// Spectrum is the coverage of the package's cases (passing and
	// failing; the selected ones only with SelectedSpectrum), lines of
	// _test.go files left out.
	Spectrum *spectra.Matrix
	// Diagnosis is the report of Options.Diagnoser on the
	// failing cases together; nil without a Diagnoser or when no
	// selected case fails.
	Diagnosis *localize.DiagnosisReport
	// Native is the native evidence stage's run of the package's tests;
	// nil when it did not run (Options.NoNative) or failed (its
	// error is in Errors).
	Native *native.Run
	// Cuts are the stages a failing case's bound (Options.Timeout) cut
	// short, the shared stages' first, then in the order of the
	// reports; each of those reports is Partial and its Reason says
	// what was cut, except that a report fused again with the native
	// stage's whole run (refuse.go) is not partial for StageNative.
	Cuts []Cut
	// NotRun are the selected cases (or their test functions) that
	// neither the interpreter nor the native evidence stage ran: the
	// interpreter could not run them, and the stage, when nothing else
	// could rank the selected cases, had not run them by the end of the
	// first failing case's bound, where Run cut it. Whether they fail is
	// not known: each has a report after the failing cases', Partial,
	// of Mode native.Mode, without a ranking, whose Reason says so.
	NotRun []string
	// CutShort are the failing cases that the run stopped (its
	// context ended: a deadline, a signal) before the interpreter
	// localized them, in the order of their reports, which come after
	// the others: each is ranked by the native run alone when the
	// native evidence stage has its failure, else its report has no
	// ranking and says why (the stage was not done, failed, or passed
	// it). Their reports are Partial, of Mode native.Mode, and Reason
	// says whether the deadline passed or the run was stopped.
	CutShort []string
	// Output says how the writers write the result's reports.
	Output localize.WriteOptions
}

// Run is the one package-level pipeline: it lists the test cases of
// package pkgPath of prog (loaded with its tests, [trace.Config.Tests]),
// selects them as go test -run does, runs every case under the
// interpreter recording coverage (the spectrum), and localizes each
// selected failing case with
// the technique, completing every report's ranking with the scorers'
// evidence, so that a case the technique could not explain in time is
// still ranked. Beside the interpreter, the native evidence stage
// ([native.Collect]) runs the package's tests as go test does: its ranking
// is interleaved into each report's ([native.Fuse]; into a report ranked
// before the stage was done, again once it is), and a selected case
// that fails there but that the interpreter cannot run, or passes, gets
// a report ranked by it alone ([native.Scorers], Mode [native.Mode]), its
// Reason saying why the interpreter stopped; when the interpreter
// cannot list the package's cases at all, those reports are all there
// is. The command faultloc calls it; package faultloctest too, without
// the native stage. A caller assembles its own pipeline from the same
// stages.
//
// A *localize.NoCasesError says that Options.Run selected nothing. Errors of single cases
// do not stop the others: they are in Result.Errors. Cancelling
// ctx, or its deadline, stops the pipeline with the reports done so far,
// then, at once, a report of each selected failing case not localized
// yet, ranked by the native evidence alone where the native stage has
// its failure (Result.CutShort).
func Run(ctx context.Context, prog *trace.Program, pkgPath string, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	if prog == nil {
		return nil, errors.New("localize: Package: no program")
	}
	defer opts.NativeStarted.Stop() // used or not, over when Run is
	res := &Result{Package: pkgPath}
	// final hands a failing case's report to the caller.
	final := func(rep *localize.Report) {
		if opts.Report != nil {
			opts.Report(rep)
		}
		if opts.Updates != nil {
			opts.Updates(Update{Kind: UpdateFinal, Case: rep.Test, Report: rep})
		}
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
		if opts.Diagnoser != nil {
			timeout = DefaultDiagnosisTimeout
		}
	}
	// The first case's bound covers the stages the cases share, unless
	// EvidenceBound gives them their own (bound.go).
	charged := opts.EvidenceBound == 0
	start := opts.Start
	if start.IsZero() {
		start = time.Now()
	}
	first := newClock(start, timeout)
	var sharedDue, nativeDue time.Time // when the shared stages' shares end (zero: not charged)
	if charged {
		sharedDue, nativeDue = first.shared(), first.native()
	}
	sctx, scancel := until(ctx, sharedDue) // the shared stages' context
	defer scancel()
	// The native stage's go test build starts before the interpreter's
	// listing and runs of the cases, so that under load it has the CPU
	// first; with SelectedSpectrum it runs the cases the listing
	// selects, and waits for it.
	var ns *nativeStage
	if !opts.SelectedSpectrum {
		ns = startNative(ctx, prog, pkgPath, opts, nil, nil)
	}
	defer func() { ns.stop() }()
	status := newStatus(opts.Status)
	status.say(Status{Stage: StageSpectrum})
	sel, err := localize.SelectCases(ctx, prog, pkgPath, opts.Run)
	res.Errors = appendNew(res.Errors, sel.Errors...)
	for _, c := range sel.Cases {
		res.Cases = append(res.Cases, c.Name())
	}
	if err != nil {
		if nativeInstead(ctx, prog, pkgPath, opts, ns, status, first, charged, res, err, final) {
			return res, nil
		}
		return res, err
	}
	if opts.SelectedSpectrum {
		ns = startNative(ctx, prog, pkgPath, opts, sel.Listed, sel.Selects)
	}
	mine := func(name string) bool { return opts.Shard == nil || opts.Shard(name) }
	scorers := opts.Scorers
	if scorers == nil {
		scorers = localize.DefaultScorers()
	}
	prelim := withoutTechnique(scorers, opts.Technique)
	// The callbacks that workers call are called one at a time.
	var cbMu sync.Mutex
	serial := func(f func()) {
		cbMu.Lock()
		defer cbMu.Unlock()
		f()
	}
	var early *earlyPreliminary // the first case's ranking from the selected cases' runs alone
	defer func() {
		if ctx.Err() != nil {
			// Stopped: the cases not localized yet get the native ranking.
			ns.cutShort(ctx, prog, pkgPath, func(name string) bool { return sel.Selects(name) && mine(name) }, res, final)
		}
	}()
	defer func() { early.wait() }() // before the reports of a stop: no callback after Run
	cases := sel.Cases
	res.Spectrum = opts.Spectrum
	note := ""       // said in every report's Reason: the spectrum was cut
	partial := false // every report is partial: the first case's bound cut its evidence
	nativeNote := "" // said in a report's Reason, which is partial, when the native stage was not done before it
	evidenceCut := false
	if res.Spectrum == nil {
		// The failing cases localized are the selected ones; the spectrum
		// is every case's: the passing cases -run leaves out still say
		// which lines are innocent. They run only if a selected case
		// fails, each bounded by EvidenceTimeout.
		m := spectra.NewMatrix()
		collect := func(cs []trace.Case) error {
			err := (&spectra.Traces{Program: prog, Cases: cs, Code: true, KeepGoing: true, Parallel: evidenceParallel(opts)}).Collect(ctx, m)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			res.Errors = appendNew(res.Errors, localize.CaseErrors(err)...)
			return nil
		}
		if err := collect(cases); err != nil {
			return res, err
		}
		if opts.Diagnoser == nil {
			// The first answer does not wait for the evidence of the
			// others and the native run. Ranked whether or not a
			// callback hears it: its recording and scores are the
			// case's own, and its time is the report's
			// Stats.Preliminary.
			selects := func(name string) bool { return sel.Selects(name) && mine(name) }
			failing := 0
			for i := range m.NumTests() {
				if t := m.Test(i); t.Failed && selects(t.Name) {
					failing++
				}
			}
			var deliver func(*earlyPreliminary, *localize.Report)
			if opts.Preliminary != nil || opts.Updates != nil {
				deliver = func(e *earlyPreliminary, rep *localize.Report) {
					own := snapshot(rep)
					serial(func() {
						e.rep = own
						if opts.Updates != nil {
							opts.Updates(Update{Kind: UpdatePreliminary, Case: rep.Test, Report: snapshot(own)})
						}
						if opts.Preliminary != nil {
							opts.Preliminary(1, failing, own)
						}
					})
				}
			}
			early = startEarly(ctx, prog, pkgPath, m, selects, ns, prelim, opts.NativeShare, first.due, deliver)
		}
		evidence := opts.Run != "" && !opts.SelectedSpectrum && m.Failed() > 0
		if evidence && opts.Evidence == NativeEvidence {
			ne, _, err := waitNative(ns, status, nativeDue, first, res, false)
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			if why := addNativeEvidence(m, ne, err, sel.Selects); why != "" {
				note = "evidence interpreted: " + why // as without the option
			} else {
				evidence = false
			}
		}
		if evidence {
			errs, cut, err := collectEvidence(ctx, prog, pkgPath, sel, opts, m, status, evidenceLimitOf(opts, first))
			res.Errors = appendNew(res.Errors, errs...)
			if err != nil {
				return res, err
			}
			if cut != nil {
				res.Errors = append(res.Errors, &localize.CaseError{Err: cut})
				note = localize.JoinReason(note, "spectrum partial: "+cut.Error())
				partial = true
				evidenceCut = true
				if cut.Share {
					res.Cuts = append(res.Cuts, first.cut("", StageEvidence, "", sharedDue))
				}
			}
		}
		res.Spectrum = m
	}
	if opts.Spectrum == nil {
		status.say(Status{Stage: StageSpectrum}) // the failing cases run again, after the earlier tests
	}
	selected := map[string]bool{}
	for _, c := range cases {
		selected[c.Name()] = true
		if _, ok := res.Spectrum.TestIndex(c.Name()); !ok && !slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool { return e.Case == c.Name() }) {
			res.Skipped = append(res.Skipped, c.Name())
		}
	}
	var alone []string
	for i := range res.Spectrum.NumTests() {
		t := res.Spectrum.Test(i)
		if !t.Failed || !selected[t.Name] {
			continue
		}
		if passesInOrder(sctx, prog.GoTestCase(pkgPath, t.Name), sel.SelectsTop) {
			alone = append(alone, t.Name)
			res.Errors = append(res.Errors, &localize.CaseError{Case: t.Name, Err: ErrFailsAlone})
			continue
		}
		res.Failing = append(res.Failing, t.Name)
	}
	if len(alone) > 0 && opts.Spectrum == nil {
		res.Spectrum = without(res.Spectrum, alone)
	}
	if opts.Spectrum == nil && (len(sel.Errors) > 0 || evidenceCut) {
		// Cases the listing may not have reached: those go test fails
		// run alone (unlisted.go).
		// It waits for go test as long as the wait below would, and
		// runs them within the first case's bound.
		wait, runs := nativeDue, time.Time{}
		if charged {
			runs = first.due
			if !slices.ContainsFunc(res.Failing, mine) {
				wait = first.due
			}
		}
		reachUnlisted(ctx, prog, pkgPath, ns, status, wait, runs, sel.Selects, mine, evidenceBoundOf(opts), evidenceParallel(opts), res)
	}
	// Only the native run can give reports (of the cases the
	// interpreter cannot run): it gets the first case's whole bound,
	// and at its end, if the stage is not done by then and the
	// interpreter could not run one of the selected cases, the cases
	// its run has done rank them (bound.go).
	onlyByNative := !slices.ContainsFunc(res.Failing, mine)
	if charged && onlyByNative {
		nativeDue = first.due
	}
	cut := onlyByNative && refusedAny(res.Errors, res.Cases, mine)
	ne, cutSoFar, err := waitNative(ns, status, nativeDue, first, res, cut)
	cutNote := "" // said in the Reason of the reports the native run cut at the bound ranks
	if cutSoFar != nil {
		cutNote = nativeCutNote(first.bound, *cutSoFar)
	}
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Errors = appendNew(res.Errors, &localize.CaseError{Err: err})
		if errors.Is(err, errNativeLate) {
			// Said in the reports of the cases localized before the
			// stage is done (nativeNow).
			nativeNote = "native evidence left out: "
			if ne != nil {
				nativeNote = "native evidence partial: "
			}
			nativeNote += err.Error()
		}
	}
	if ne != nil && ne.Spectrum != nil {
		res.Native = ne
		// The native times scale the interpreter's step budget of every
		// later run (budget.go).
		nativeTimes(prog, pkgPath, ne)
		if opts.Spectrum == nil {
			var passed []string
			res.Spectrum, passed = rerunOverBudget(sctx, prog, pkgPath, res.Spectrum, ne, evidenceBoundOf(opts))
			if sctx.Err() != nil && ctx.Err() == nil {
				// Cut before they ran again: go test's verdict stands.
				for _, n := range overBudget(res.Spectrum, ne) {
					if slices.Contains(res.Failing, n) {
						passed = append(passed, n)
						res.Errors = append(res.Errors, &localize.CaseError{Case: n, Err: errBudgetNotRerun})
					}
				}
			}
			res.Failing = slices.DeleteFunc(res.Failing, func(n string) bool { return slices.Contains(passed, n) })
			if evidenceCut {
				note = localize.JoinReason(note, completeEvidence(res.Spectrum, ne, sel.Selects))
			}
		}
	}
	// nativeNow returns the native evidence of a case localized now, and
	// what its report says of it: the stage's whole run once it is done
	// (it goes on after Run stops waiting for it, within its own bound),
	// else what the wait returned.
	nativeNow := func() (*native.Run, string) {
		if n := ns.finished(); ns.whole(n) {
			return n, ""
		}
		return res.Native, nativeNote
	}
	interpreted := res.Failing // the cases the interpreter failed; then those only go test fails
	onlyNative, why := nativeOnly(res.Native, sel.Selects, interpreted, res.Errors, passedIn(res.Spectrum))
	res.Failing = append(slices.Clip(res.Failing), onlyNative...)
	tech := opts.Technique
	if tech == nil {
		tech = &agx.Technique{}
	}
	refiners := opts.Refiners
	if refiners == nil {
		refiners = DefaultRefiners()
		defer closeShares(refiners)
	}
	setRefiners := opts.CaseSetRefiners
	if setRefiners == nil {
		setRefiners = localize.DefaultCaseSetRefiners()
	}
	if opts.Shard != nil {
		setRefiners = nil // on the merged reports, by the caller
	}
	// The reports wait for the others when case-set refiners revise
	// them.
	hold := len(res.Failing) > 1 && len(setRefiners) > 0
	if opts.Diagnoser != nil {
		if len(res.Failing) == 0 {
			return res, nil
		}
		fs := make([]*localize.Failure, len(res.Failing))
		for i, name := range res.Failing {
			fs[i] = &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name), Spectrum: res.Spectrum}
		}
		status.failing(len(res.Failing))
		clock := first
		if !charged {
			clock = newClock(time.Now(), timeout)
		}
		status.say(Status{Stage: StageSearch, Deadline: clock.due})
		tctx, cancel := context.WithDeadline(ctx, clock.due)
		defer cancel()
		var d *localize.DiagnosisReport
		err := localize.Guard(localize.StageName(opts.Diagnoser), func() (err error) {
			d, err = opts.Diagnoser.Diagnose(tctx, fs)
			return err
		})
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			return res, fmt.Errorf("localize: diagnosing %s: %w", pkgPath, err)
		}
		if d.Package == "" {
			d.Package = pkgPath
		}
		if tctx.Err() != nil && ctx.Err() == nil {
			c := clock.cut("", StageSearch, "", clock.due)
			res.Cuts = append(res.Cuts, c)
			d.Partial = true
			d.Reason = localize.JoinReason(d.Reason, c.String())
		}
		if note != "" {
			d.Reason = localize.JoinReason(d.Reason, note)
			d.Partial = d.Partial || partial
		}
		res.Diagnosis = d
		return res, ctx.Err()
	}
	var todo []string // the cases this run localizes, in order
	for _, name := range interpreted {
		if mine(name) {
			todo = append(todo, name)
		}
	}
	var refusing refuser // the reports to fuse again once the native stage is done (refuse.go)
	defer refusing.freeAll()
	// localizeCase localizes the i-th case of todo: its report, or
	// aborted when ctx ended before the report was ranked.
	localizeCase := func(i int) (o caseOutcome) {
		name := todo[i]
		if ctx.Err() != nil {
			return caseOutcome{aborted: true}
		}
		// The case's bound covers all its stages; the first case's, the
		// shared ones before it too (bound.go).
		clock := newClock(time.Now(), timeout)
		if i == 0 && charged {
			clock = first
		}
		cctx, ccancel := context.WithDeadline(ctx, clock.due)
		defer ccancel()
		// cut notes in the report that the case's clock cut stage: at
		// the end of the search's share, or at the case's end (once).
		var cuts []Cut
		ended := false
		cut := func(rep *localize.Report, stage, refiner string, at time.Time) {
			if ended {
				return
			}
			ended = at.Equal(clock.due)
			c := clock.cut(name, stage, refiner, at)
			cuts = append(cuts, c)
			rep.Partial = true
			rep.Reason = localize.JoinReason(rep.Reason, c.String())
		}
		nat, natNote := nativeNow()
		f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name), Spectrum: res.Spectrum, Native: runOf(nat)}
		// The preliminary and the final ranking, each fused with the
		// native evidence, slice one recorded run of the case.
		f, release := early.failure(f)
		kept := false // the recording kept for fusing the report again (refuse.go)
		defer func() {
			if !kept {
				release()
			}
		}()
		// The preliminary ranking runs beside the search, asked for or
		// not: the slice and distances it computes are the final
		// ranking's too (the shared recording keeps them), so the
		// final ranking after a search that used its whole share is
		// ready at once, and on a machine of two cores the ranking's
		// work is done on the core the search leaves idle.
		var (
			pre      *localize.Report // the preliminary report, once ready (read under serial)
			preAt    time.Time        // when the preliminary ranking was ready (read after preDone)
			preCut   bool             // the case's bound cut the preliminary ranking
			found    []localize.Candidate
			preDone  = make(chan struct{})
			start    = time.Now()
			revising = opts.Updates != nil
		)
		if opts.Found != nil || revising {
			f.Found = func(c localize.Candidate) {
				serial(func() {
					if opts.Found != nil {
						opts.Found(name, c, time.Since(start))
					}
					if revising {
						found = append(found, c)
						if base := early.preliminaryOf(name, pre); c.Verified && base != nil {
							opts.Updates(Update{Kind: UpdateRevised, Case: name, Report: revise(base, found)})
						}
					}
				})
			}
		}
		if len(scorers) > 0 || opts.Preliminary != nil || revising {
			status.say(Status{Stage: StagePreliminary, Case: name, Deadline: clock.due})
			go func() {
				defer close(preDone)
				if early != nil && early.name == name {
					// After the early ranking, whose recording and
					// scores this one reuses.
					<-early.done
				}
				var p *localize.Report
				err := localize.Guard(PreliminaryMode, func() error {
					p = preliminary(cctx, f, prelim, opts.NativeShare, localize.JoinReason(note, natNote))
					return nil
				})
				if err != nil {
					p = &localize.Report{Test: name, Mode: PreliminaryMode, Candidates: []localize.Candidate{}, Partial: true, Reason: err.Error()}
				} else if cctx.Err() == nil {
					prefetch(cctx, refiners, f, p)
				}
				preCut = cctx.Err() != nil && ctx.Err() == nil
				preAt = time.Now()
				// The callees get copies: they may rewrite theirs
				// (file names relative to a directory, say).
				own := snapshot(p)
				serial(func() {
					earlier := early.preliminaryOf(name, nil)
					if earlier != nil && sameRanking(earlier, own) {
						// Nothing to say that the early ranking did not.
						pre = own
						return
					}
					if revising {
						opts.Updates(Update{Kind: UpdatePreliminary, Case: name, Report: snapshot(own)})
					}
					if opts.Preliminary != nil {
						opts.Preliminary(i+1, len(todo), p)
					}
					pre = own
					if revising && slices.ContainsFunc(found, func(c localize.Candidate) bool { return c.Verified }) {
						opts.Updates(Update{Kind: UpdateRevised, Case: name, Report: revise(pre, found)})
					}
				})
			}()
		} else {
			close(preDone)
		}
		searchDue := clock.searchDue(time.Now())
		status.say(Status{Stage: StageSearch, Case: name, Deadline: searchDue})
		tctx, cancel := context.WithDeadline(cctx, searchDue)
		var rep *localize.Report
		err := localize.Guard(localize.StageName(tech), func() (err error) {
			rep, err = tech.Localize(tctx, f)
			return err
		})
		searchCut := tctx.Err() != nil && ctx.Err() == nil
		cancel()
		<-preDone // the final ranking reads what the preliminary computed
		if err == nil && rep == nil {
			err = fmt.Errorf("localize: %s returned no report and no error", localize.StageName(tech))
		}
		if err != nil {
			if ctx.Err() != nil {
				return caseOutcome{aborted: true}
			}
			// A search its share cut before it had a report (its first
			// run of the case not done) is cut, not failed: the report
			// says so, partial, as any cut stage's does.
			if !searchCut || !errors.Is(err, context.DeadlineExceeded) {
				o.err = &localize.CaseError{Case: name, Err: err}
			}
			rep = &localize.Report{Test: name, Mode: localize.StageName(tech), Failure: failureOf(context.Background(), f), Candidates: []localize.Candidate{}, Partial: true, Reason: err.Error()}
			rep.Stats.Total = time.Since(start) // the time the technique took to fail
		}
		if searchCut {
			cut(rep, StageSearch, "", searchDue)
		}
		if preCut {
			cut(rep, StagePreliminary, "", clock.due)
		}
		if note != "" {
			rep.Reason = localize.JoinReason(rep.Reason, note)
			rep.Partial = rep.Partial || partial
		}
		var again *refusal // to fuse the report again once the native stage is done (refuse.go)
		if natNote != "" {
			again = &refusal{note: natNote, partial: rep.Partial, f: f, fixed: len(scorers) == 0, due: clock.due}
			rep.Reason = localize.JoinReason(rep.Reason, natNote)
			rep.Partial = true
		}
		f.Found = nil // the refiners' own searches are not the technique's
		f.Candidates = rep.Candidates
		status.say(Status{Stage: StageRank, Case: name, Deadline: clock.due})
		if opts.TieBreak != nil {
			var ls localize.LineScores
			if err := localize.Guard(localize.StageName(opts.TieBreak), func() (err error) {
				ls, err = opts.TieBreak.Score(cctx, f)
				return err
			}); err == nil {
				rep.Rerank(ls.Suspiciousness())
			} else if pe := (*localize.StagePanicError)(nil); errors.As(err, &pe) {
				rep.Reason = localize.JoinReason(rep.Reason, "tie-break: "+err.Error())
			}
		}
		localize.Rank(cctx, rep, f, scorers...)
		if len(scorers) > 0 { // none: the candidates alone, as asked
			if again != nil {
				again.own = slices.Clone(rep.Ranking)
			}
			native.Fuse(cctx, rep, f, opts.NativeShare)
		}
		if cctx.Err() != nil && ctx.Err() == nil {
			cut(rep, StageRank, "", clock.due)
		}
		fused := slices.Clone(rep.Ranking) // what the refiners change
		for _, r := range refiners {
			if cctx.Err() != nil {
				// Cut (noted once), or stopped: the report stands as
				// ranked.
				if o.stopped = ctx.Err() != nil; o.stopped {
					rep.Partial = true
				}
				break
			}
			status.say(Status{Stage: StageRefine, Refiner: localize.StageName(r), Case: name, Deadline: clock.due})
			before := slices.Clone(rep.Ranking) // what the refiner changes (refuse.go)
			err := localize.Guard(localize.StageName(r), func() error { return r.Refine(cctx, rep, f) })
			again.refined(before, rep.Ranking)
			if err != nil {
				rep.Reason = localize.JoinReason(rep.Reason, err.Error())
				if o.stopped = ctx.Err() != nil; o.stopped {
					// The report stands as ranked, without the rest
					// of its refinement.
					rep.Partial = true
					break
				}
			}
			if cctx.Err() != nil && ctx.Err() == nil {
				// The report stands as refined so far.
				cut(rep, StageRefine, localize.StageName(r), clock.due)
			}
		}
		if len(scorers) > 0 && !sameLines(fused, rep.Ranking) {
			// The refiners' promotions stand above the floor of native
			// Ochiai, which the final ranking keeps as the fused one did.
			native.FloorReport(cctx, rep, f)
		}
		if at := early.firstAt(name, preAt); !at.IsZero() {
			from := clock.start
			if i == 0 {
				from = first.start // the early ranking may come before the case's clock starts
			}
			rep.Stats.Preliminary = max(at.Sub(from), time.Nanosecond)
		}
		o.rep, o.cuts = rep, cuts
		if again != nil {
			again.partial = again.partial || len(cuts) > 0 || o.stopped
			if again.pending() {
				kept = refusing.keep(again, release)
			}
			o.again = again
		}
		status.say(Status{Stage: StageCaseDone, Case: name})
		return o
	}
	// refuse fuses again, once the native stage is done, the reports
	// ranked before it was.
	refuse := func() {
		if n, _ := nativeNow(); ns.whole(n) {
			refusing.refuse(ctx, res.Reports, n, opts.NativeShare)
		}
	}
	// The reports are taken in the order of the cases, as each is done.
	deliver := func(o caseOutcome) (stop bool) {
		if o.aborted {
			return true
		}
		if o.err != nil {
			res.Errors = append(res.Errors, o.err)
		}
		res.Reports = append(res.Reports, o.rep)
		res.Cuts = append(res.Cuts, o.cuts...)
		refusing.add(o.rep, o.again)
		refuse()
		serial(func() {
			if hold {
				if opts.Progress != nil {
					opts.Progress(o.rep)
				}
			} else if refusing.hold(o.rep, final) && opts.Progress != nil {
				opts.Progress(o.rep) // a sign of life while it waits
			}
		})
		return o.stopped
	}
	status.failing(len(todo))
	if stop := forEachInOrder(len(todo), opts.Parallel, localizeCase, deliver); stop || ctx.Err() != nil {
		serial(func() { refusing.flush(final) })
		return res, ctx.Err()
	}
	// The cases ended before their bounds: the time left of them goes
	// to the native stage, for the reports that wait for it.
	waitToRefuse(ctx, ns, status, refusing.due())
	refuse()
	if refusing.left() && ns != nil && ctx.Err() == nil {
		// Not done by the end of their bounds: the cases its run has
		// done by now, if more than the reports had (the selected ones').
		if n, so, ok := ns.soFar(ns.current()); ok {
			refusing.refuseSoFar(ctx, res.Reports, n, so, opts.NativeShare)
		}
	}
	serial(func() { refusing.flush(final) })
	if n, _ := nativeNow(); n != nil {
		res.Native = n // the whole run, when the stage was done after Run stopped waiting for it
		if ns.whole(n) && !refusing.left() {
			// No report is left without it.
			res.Errors = slices.DeleteFunc(res.Errors, func(e *localize.CaseError) bool { return errors.Is(e.Err, errNativeLate) })
		}
	}
	rctx := ctx // the native reports' context
	if cutNote != "" {
		// Cut at the first case's bound: their ranking shares a grace
		// past it, as a stop's native reports do (cutShort).
		var cancel context.CancelFunc
		rctx, cancel = context.WithDeadline(ctx, first.due.Add(cutShortGrace))
		defer cancel()
	}
	for i, name := range onlyNative {
		if !mine(name) {
			continue
		}
		f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name), Spectrum: res.Spectrum, Native: runOf(res.Native)}
		rep := native.Report(rctx, f, why[i])
		if cutNote != "" {
			rep.Reason = localize.JoinReason(rep.Reason, cutNote)
		}
		res.Reports = append(res.Reports, rep)
		if opts.Progress != nil && hold {
			opts.Progress(rep)
		}
		if !hold {
			final(rep)
		}
	}
	if cutNote != "" {
		// The cases neither the interpreter nor the native run cut at
		// the bound ran: a report says so, not a pass.
		for _, rep := range notRunReports(res, ne, first.bound, *cutSoFar, mine) {
			res.Reports = append(res.Reports, rep)
			res.NotRun = append(res.NotRun, rep.Test)
			if opts.Progress != nil && hold {
				opts.Progress(rep)
			}
			if !hold {
				final(rep)
			}
		}
	}
	if !hold {
		return res, nil
	}
	status.say(Status{Stage: StageCaseSet})
	before := make([][]localize.RankedLine, len(res.Reports)) // what the case-set refiners change
	for i, rep := range res.Reports {
		before[i] = slices.Clone(rep.Ranking)
	}
	for _, r := range setRefiners {
		if err := localize.Guard(localize.StageName(r), func() error { return r.RefineAll(ctx, res.Reports) }); err != nil {
			if ctx.Err() != nil {
				break // the reports stand as they are
			}
			for _, rep := range res.Reports {
				rep.Reason = localize.JoinReason(rep.Reason, err.Error())
			}
		}
	}
	for i, rep := range res.Reports {
		if len(scorers) > 0 && !sameLines(before[i], rep.Ranking) && ns.whole(res.Native) {
			// As a case's refiners' promotions, the case-set refiners'
			// stand above the floor of native Ochiai (FailCount puts
			// first the lines every failing case's candidates share).
			f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, rep.Test), Native: runOf(res.Native)}
			native.FloorReport(ctx, rep, f)
		}
		final(rep)
	}
	return res, ctx.Err()
}

// ErrFailsAlone is the error of a case that fails when it starts from the
// state the package initializers leave, as [Run] runs every case, but
// passes after the test functions go test -run (Options.Run) runs
// before it, in one process (trace.RunOptions.EarlierTests): a test that
// reads what an earlier test left in a package variable. go test passes
// it, so Package does not localize it, and leaves it out of the spectrum
// it collects.
var ErrFailsAlone = errors.New("localize: the case fails alone but passes after the tests go test runs before it: not a failure under go test")

// passesInOrder reports whether a failing case passes when the test
// functions go test -run runs before it (those whose names selected
// accepts) run first.
func passesInOrder(ctx context.Context, c trace.Case, selected func(string) bool) bool {
	r, err := c.Run(ctx, &trace.RunOptions{NoTrace: true, EarlierTests: true, EarlierOnly: selected})
	return err == nil && r != nil && r.Result != nil && r.Passed()
}

// without returns a copy of m without the rows of the named cases.
func without(m *spectra.Matrix, names []string) *spectra.Matrix {
	out := spectra.NewMatrix()
	for i := range m.NumElements() {
		out.AddElements(m.Element(i))
	}
	var covered []int
	for i := range m.NumTests() {
		t := m.Test(i)
		if slices.Contains(names, t.Name) {
			continue
		}
		covered = m.Covered(covered[:0], i)
		out.AddIndices(t, covered) // the same element indices: added in order
	}
	return out
}

// failureOf describes how f's case failed, for a report the technique
// did not write: "failed" when ctx ends before its run does.
func failureOf(ctx context.Context, f *localize.Failure) string {
	r, err := f.Case.Run(ctx, &trace.RunOptions{NoTrace: true})
	if err != nil || r == nil || r.Result == nil {
		return "failed"
	}
	for _, a := range r.Assertions {
		return fmt.Sprintf("%s:%d: %s", filepath.Base(a.Pos.Filename), a.Pos.Line, a.Message)
	}
	return localize.FailureText(r.Result)
}

// appendNew appends to list the errors of errs it does not hold yet (the
// same case, the same message): listing a package's cases runs them, and
// a case that cannot run fails the same way when it runs again.
func appendNew(list []*localize.CaseError, errs ...*localize.CaseError) []*localize.CaseError {
	for _, e := range errs {
		if !slices.ContainsFunc(list, func(o *localize.CaseError) bool { return o.Case == e.Case && o.Err.Error() == e.Err.Error() }) {
			list = append(list, e)
		}
	}
	return list
}

// sameLines reports whether rankings a and b hold the same lines in
// the same order, with the same ranks and evidence.
func sameLines(a, b []localize.RankedLine) bool {
	return slices.EqualFunc(a, b, func(x, y localize.RankedLine) bool {
		return x.SourceLine() == y.SourceLine() && x.Rank == y.Rank && x.Evidence == y.Evidence
	})
}
