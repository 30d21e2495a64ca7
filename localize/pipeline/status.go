package pipeline

import (
	"sync"
	"time"
)

// Status says what [Run] is doing, for a caller that shows progress
// ([Options.Status]): which stage runs, on which case, how far it is
// and how long it may still take.
type Status struct {
	// Stage names the work that starts: one of the Stage constants.
	Stage string
	// Refiner names the refiner (localize.StageName) when Stage is
	// StageRefine.
	Refiner string
	// Case is the failing case the stage works on; "" for the
	// package's stages.
	Case string
	// Done and Total count the stage's units where it has them: the
	// test functions listed so far and their number (StageListing),
	// the cases interpreted for evidence so far and their number
	// (StageEvidence).
	Done, Total int
	// Localized and Failing count the failing cases whose reports are
	// done and those Run localizes, once they are known (from
	// StagePreliminary or StageSearch on).
	Localized, Failing int
	// Deadline is when the stage's own bound passes (zero: none or not
	// known): the end of the search's share of its case's bound
	// (Options.Timeout) for StageSearch, the end of the case's bound
	// for StagePreliminary, StageRank and StageRefine, the evidence
	// stage's bound (its share of the first case's, or EvidenceBound)
	// for StageListing and StageEvidence, NativeBound or that share,
	// whichever is sooner, for StageNative (after the cases, when Run
	// waits for the native stage to fuse their reports again: the end
	// of their bounds, if sooner than NativeBound).
	Deadline time.Time
	// At is when the stage started, or when Done changed.
	At time.Time
}

// The stages [Status] names, in the order Run goes through them.
const (
	// StageSpectrum: the selected cases run under the interpreter,
	// recording their coverage (listing them first).
	StageSpectrum = "spectrum"
	// StageListing: the test functions of the cases -run leaves out
	// run under the interpreter to list their subtests (a function
	// without subtests is its own case: that run is its evidence), when
	// Options.Evidence is interpreted.
	StageListing = "listing"
	// StageEvidence: the cases the listing found run under the
	// interpreter for the spectrum.
	StageEvidence = "evidence"
	// StageNative: waiting for the native evidence stage's go test run,
	// before a case or, once the cases are done, to fuse again the
	// reports ranked before it was done.
	StageNative = "native"
	// StagePreliminary: a failing case ranked by the scorers alone
	// (Options.Preliminary).
	StagePreliminary = "preliminary"
	// StageSearch: the technique localizes a failing case.
	StageSearch = "search"
	// StageRank: a case's report ranked by the scorers and the native
	// evidence.
	StageRank = "rank"
	// StageRefine: a refiner revises a case's report
	// (Status.Refiner names it).
	StageRefine = "refine"
	// StageCaseDone: a case's report is done.
	StageCaseDone = "case done"
	// StageCaseSet: the case-set refiners revise the reports together.
	StageCaseSet = "case set"
)

// statusFunc calls Options.Status one call at a time, counting the
// cases localized; a nil statusFunc does nothing.
type statusFunc struct {
	f               func(Status)
	mu              sync.Mutex
	localized, fail int
}

func newStatus(f func(Status)) *statusFunc {
	if f == nil {
		return nil
	}
	return &statusFunc{f: f}
}

// say reports s, with the case counts once they are known.
func (sf *statusFunc) say(s Status) {
	if sf == nil {
		return
	}
	sf.mu.Lock()
	defer sf.mu.Unlock()
	if s.Stage == StageCaseDone {
		sf.localized++
	}
	s.Localized, s.Failing = sf.localized, sf.fail
	if s.At.IsZero() {
		s.At = time.Now()
	}
	sf.f(s)
}

// failing sets the number of the cases localized.
func (sf *statusFunc) failing(n int) {
	if sf == nil {
		return
	}
	sf.mu.Lock()
	sf.fail = n
	sf.mu.Unlock()
}

// deadline returns the time d from now, or zero for d <= 0.
func deadline(d time.Duration) time.Time {
	if d <= 0 {
		return time.Time{}
	}
	return time.Now().Add(d)
}
