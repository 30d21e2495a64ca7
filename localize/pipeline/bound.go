package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
)

// How [Run] keeps Options.Timeout, the bound of each failing case's
// localization as a whole.
//
// Each failing case has a clock that ends Timeout after it starts. A
// case's clock starts when its localization starts, except the first
// case's: it starts with Run, because the first case waits for the
// stages every case shares (the runs of the selected cases, the
// evidence of the cases -run leaves out, the native evidence stage), so
// its bound covers them. Of the first case's bound the interpreter's
// shared stages get at most a half (sharedShare): when the half has
// passed, the evidence stage stops with the cases it ran (the spectrum
// is partial), a failing case not yet run again after the earlier tests
// stays a failure, and one that ran out of the interpreter's budget but
// passes under go test and was not yet run again with its native budget
// is not localized (Result.Errors says so). The native go test run,
// which runs beside them and costs the interpreter no time, is waited
// for until two thirds of the first case's bound (nativeNum/nativeDen);
// after that, if the cases -run selects are done (they run first), the
// cases go on with their evidence, their reports partial, while the
// stage goes on within its own bound (Options.NativeBound): the cases
// localized after it is done get its whole run, the reports ranked
// before are fused again with it if it is done before Run returns
// (refuse.go), and the cases a stop leaves without a report get its
// evidence so far; else Run stops the stage and
// keeps what it finished (the failures run first), or none.
// When the
// interpreter fails none of the selected cases, the native run is the
// only source of reports, and Run waits for it until the end of the
// first case's bound; if the stage is not done by then and the
// interpreter could not run one of the selected cases, Run waits no
// longer: it ranks them from a snapshot of the cases the stage's run
// has done by then (native.Progress: the selected cases, run first,
// and the passing cases finished since, which tell their lines apart
// better than the selected cases' runs alone, over which Ochiai ties
// every line they ran; the native floor and the fusion work on it as
// on a whole run), stops the stage, and the reports it ranks say in
// their Reason how many of the run's cases they had (nativeCutNote);
// their ranking shares a grace of cutShortGrace past the bound. A
// selected case the interpreter could not run and the native run had
// not run by then gets a report without a ranking (Result.NotRun).
// A failing case go test names that the interpreter's listing did not
// reach runs alone within the first case's bound (unlisted.go).
// The interpreter's runs of the selected cases are not cut: every
// report needs them; a case that runs longer than its bound under the
// interpreter leaves the first case's later stages no time.
//
// Within a case's time, its preliminary ranking (the recording of its
// run, its slice and distances) runs beside the search, bounded by the
// case's clock; the search gets two thirds of the case's time left
// when it starts (searchNum/searchDen), and the final ranking and the
// refiners the rest, with whatever the search did not use. The final
// ranking waits for the preliminary one and reuses what it computed.
// bench/realbugs (go run ./bench/realbugs -kinds historical) measures a
// bound as a whole; of the shares it measured the search's against
// half of the time left instead of two thirds: no bug ranked better,
// four worse (the probes, given the time, verified nothing more, and the
// search found less). The other shares are a first choice, not
// measured. A stage the clock cuts ends
// with what it found, the report is marked Partial, its Reason names
// the stage, and Result.Cuts lists it.
//
// With Options.EvidenceBound set (positive: its own bound; negative:
// none) the shared stages are not charged to the first case: they end
// within that bound, and the first case's clock starts after them, as
// every other case's does. A Diagnoser's Timeout bounds the diagnosis
// with the shared stages before it in the same way.

const (
	// sharedShare: the interpreter's stages the cases share get at
	// most 1/sharedShare of the first case's bound.
	sharedShare = 2
	// nativeNum/nativeDen of the first case's bound: how long Run waits
	// for the native stage.
	nativeNum, nativeDen = 2, 3
	// The search gets searchNum/searchDen of what is left of its
	// case's time when it starts.
	searchNum, searchDen = 2, 3
)

// Cut says that a failing case's bound (Options.Timeout) cut one of
// its stages short: the stage ended with what it had found, and the
// report is partial.
type Cut struct {
	// Case is the failing case whose bound cut the stage; "" for a
	// stage the cases share (charged to the first case's bound).
	Case string
	// Stage is the stage cut: StageEvidence, StageNative, StagePreliminary,
	// StageSearch, StageRank or StageRefine (Refiner names the refiner).
	Stage   string
	Refiner string
	// Bound is the bound of the case (Options.Timeout), and After the
	// time from the start of the case's clock to the end of the stage's
	// share of it.
	Bound, After time.Duration
}

// String says what was cut, as a report's Reason does:
// "timeout 20s: search cut at 14.8s".
func (c Cut) String() string {
	stage := c.Stage
	if c.Refiner != "" {
		stage += " (" + c.Refiner + ")"
	}
	return fmt.Sprintf("timeout %v: %s cut at %v", c.Bound, stage, c.After.Round(time.Millisecond))
}

// caseClock is the clock of one failing case: it started at start and
// ends at due.
type caseClock struct {
	start, due time.Time
	bound      time.Duration
}

func newClock(start time.Time, bound time.Duration) caseClock {
	return caseClock{start: start, due: start.Add(bound), bound: bound}
}

// shared returns the end of the share of c (the first case's clock)
// that the interpreter's stages the cases share get.
func (c caseClock) shared() time.Time {
	return c.start.Add(c.bound / sharedShare)
}

// native returns the end of the wait for the native stage on c (the
// first case's clock).
func (c caseClock) native() time.Time {
	return c.start.Add(c.bound * nativeNum / nativeDen)
}

// searchDue returns the end of the search's share, for a search that
// starts now.
func (c caseClock) searchDue(now time.Time) time.Time {
	left := c.due.Sub(now)
	if left <= 0 {
		return c.due
	}
	return now.Add(left * searchNum / searchDen)
}

// cut returns the Cut of stage of case name, which ended at at.
func (c caseClock) cut(name, stage, refiner string, at time.Time) Cut {
	return Cut{Case: name, Stage: stage, Refiner: refiner, Bound: c.bound, After: at.Sub(c.start)}
}

// until returns ctx bounded by t (zero: ctx as it is).
func until(ctx context.Context, t time.Time) (context.Context, context.CancelFunc) {
	if t.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, t)
}

// errNativeLate ends the error of a native evidence stage that Run
// stopped at the end of its share of the first case's bound.
var errNativeLate = errors.New("the cases localized before it is done go on without its whole run")

// errNativeCut ends the error of a native evidence stage that Run cut
// at the end of the first case's bound, when nothing else could rank
// the selected cases.
var errNativeCut = errors.New("the cases only it can rank are ranked from the cases its run had done")

// waitNative waits for the native stage ns until due (zero: its own
// bound only), the end of the shared stages' share of the first case's
// clock; the first time due passes first, it adds the Cut to res. With
// cut (nothing else can rank the selected cases: the interpreter fails
// none of them and could not run one), due is the end of the first
// case's bound, and a stage not done by then is cut there: the evidence
// returned is that of the cases its run had done ([nativeStage.waitSaying]),
// and so counts them (nil: not cut), for the Reason of the reports
// (nativeCutNote).
func waitNative(ns *nativeStage, status *statusFunc, due time.Time, first caseClock, res *Result, cut bool) (ne *native.Run, so *spectra.GoTestSoFar, err error) {
	if ns == nil {
		return nil, nil, nil
	}
	wasLate := ns.late != nil
	late := fmt.Errorf("localize: the native evidence stage was not done %v into the first failing case's bound of %v (pipeline.Options.Timeout), the end of its share: %w", due.Sub(first.start).Round(time.Millisecond), first.bound, errNativeLate)
	if cut {
		late = fmt.Errorf("localize: the native evidence stage was not done at the end of the first failing case's bound of %v (pipeline.Options.Timeout): %w", first.bound, errNativeCut)
	}
	ne, so, err = ns.waitSaying(status, due, late, cut)
	if !wasLate && ns.late != nil {
		res.Cuts = append(res.Cuts, first.cut("", StageNative, "", due))
	}
	return ne, so, err
}

// nativeCutNote says, in the Reason of a report ranked by a native run
// cut at the first case's bound, how much of the run it had: "native
// evidence cut at the first failing case's bound of 20s: ranked from 37
// of 112 cases of the native run" ("of at least 112" while the run had
// top-level tests whose cases it had not listed).
func nativeCutNote(bound time.Duration, so spectra.GoTestSoFar) string {
	return fmt.Sprintf("native evidence cut at the first failing case's bound of %v (pipeline.Options.Timeout): ranked from %d of %s cases of the native run", bound, so.Cases, listedOf(so))
}

// listedOf writes the cases so says the run listed: "112", or "at
// least 112" while it had top-level tests whose cases it had not
// listed.
func listedOf(so spectra.GoTestSoFar) string {
	if so.Whole {
		return fmt.Sprint(so.Listed)
	}
	return fmt.Sprintf("at least %d", so.Listed)
}
