package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// How [Run] reaches the failing cases its listing did not. The
// interpreter lists a test function's cases by running it whole, and a
// test that runs hundreds of table rows, or a harness that decodes a
// corpus of files, in one run may run out of the step budget before it
// reaches the row that fails: the listing then names only the subtests
// it started (Selection.Errors says so), and the evidence stage cut at
// its share of the first case's bound leaves cases unrun. go test runs
// the selected cases first (native.Options.First) and names each case
// that fails. Each of those the interpreter has no verdict of runs
// alone, by its name, as go test -run with that name runs it: a table
// test's other rows are skipped, and a suite that selects its own work
// by -test.run does only that case's. One that fails is localized as
// any case the listing found, its run's coverage a row of the
// spectrum; one that passes there, or cannot run, is ranked by the
// native run alone, its report saying why. A case the cut listing
// took for one, a subtest it stopped in before that subtest started
// its own, is not localized when go test runs subtests under it (a
// harness that reads its whole corpus first): its failing subtests
// are, and its error says so. They are shared work,
// charged to the first case's bound (bound.go): Run waits for go test's
// verdicts no longer than it waits for the native stage anyway, and the
// runs end, with the cases they reached, at the end of that bound.

// firstBy waits until due (zero: no limit of its own) for the native
// verdicts of the selected cases, saying StageNative to status while it
// waits, and returns the stage's evidence then (nil: none): once the
// stage has run the selected cases, or once the cases its run has done
// hold one that passed and one that failed of those selects accepts
// (the failing cases run first: native.Options.First), which a suite of
// many cases reaches long before it has run them all.
func (s *nativeStage) firstBy(status *statusFunc, due time.Time, selects func(string) bool) *native.Run {
	if s == nil {
		return nil
	}
	said := false
	tick := time.NewTicker(firstPoll)
	defer tick.Stop()
	for {
		select {
		case <-s.firstDone:
			return s.current()
		case <-s.done:
			return s.current()
		default:
		}
		n, _ := s.progress.Snapshot()
		if failingDone(n, selects) || (!due.IsZero() && !time.Now().Before(due)) {
			return cmpRun(n, s.current())
		}
		if !said {
			status.say(Status{Stage: StageNative, Deadline: due})
			said = true
		}
		select {
		case <-s.firstDone:
		case <-s.done:
		case <-tick.C:
		}
	}
}

// firstPoll is how often firstBy looks at the cases the native run has
// done.
const firstPoll = 50 * time.Millisecond

// failingDone reports whether native run n (nil: none) holds a failing
// and a passing case of those selects accepts: the failing ones run
// first, so none is still to come.
func failingDone(n *native.Run, selects func(string) bool) bool {
	if n == nil || n.Spectrum == nil {
		return false
	}
	failed, passed := false, false
	for i := range n.Spectrum.NumTests() {
		if t := n.Spectrum.Test(i); selects(t.Name) {
			failed = failed || t.Failed
			passed = passed || !t.Failed
		}
	}
	return failed && passed
}

// cmpRun returns the native run of a and b that holds more cases.
func cmpRun(a, b *native.Run) *native.Run {
	if casesOf(b) > casesOf(a) {
		return b
	}
	return a
}

// unlisted returns the cases that failed in the native run n and that
// selects accepts, in the run's order, of which the interpreter has no
// verdict: no row in its spectrum m and no error of their own in errs.
func unlisted(n *native.Run, selects func(string) bool, m *spectra.Matrix, errs []*localize.CaseError) []string {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	var names []string
	for i := range n.Spectrum.NumTests() {
		t := n.Spectrum.Test(i)
		if !t.Failed || !selects(t.Name) {
			continue
		}
		if _, ok := m.TestIndex(t.Name); ok {
			continue
		}
		if slices.ContainsFunc(errs, func(e *localize.CaseError) bool { return e.Case == t.Name }) {
			continue
		}
		names = append(names, t.Name)
	}
	return names
}

// reachUnlisted runs alone in the interpreter, each bounded by bound
// and all by ctx and runs (zero: no limit of its own), the selected
// cases that go test fails and the interpreter has not run (unlisted;
// mine accepts those of this shard) that the native stage ns names by
// the time it has run the selected cases or wait has passed. It adds to res the cases it ran, their errors, the rows
// of those that ran to an end to a copy of res.Spectrum (the early
// preliminary ranking reads the one it had), and those that failed to
// res.Failing.
func reachUnlisted(ctx context.Context, prog *trace.Program, pkgPath string, ns *nativeStage, status *statusFunc, wait, runs time.Time, selects, mine func(string) bool, bound time.Duration, parallel int, res *Result) {
	n := ns.firstBy(status, wait, selects)
	if parents := withSubcases(n, res.Failing); len(parents) > 0 {
		// Listed, cut, as cases, but go test runs subtests under them:
		// those are the cases (a whole corpus's run is no one case).
		res.Failing = slices.DeleteFunc(res.Failing, func(name string) bool { return slices.Contains(parents, name) })
		res.Spectrum = without(res.Spectrum, parents)
		for _, name := range parents {
			res.Errors = append(res.Errors, &localize.CaseError{Case: name, Err: errHasSubcases})
		}
	}
	var names []string
	for _, name := range unlisted(n, selects, res.Spectrum, res.Errors) {
		if mine(name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return
	}
	rctx, cancel := until(ctx, runs)
	defer cancel()
	cases := make([]trace.Case, len(names))
	for i, name := range names {
		cases[i] = evidenceCase(prog, pkgPath, name, bound)
		if !slices.Contains(res.Cases, name) {
			res.Cases = append(res.Cases, name)
		}
	}
	status.say(Status{Stage: StageSpectrum})
	ran := spectra.NewMatrix()
	err := (&spectra.Traces{Program: prog, Cases: cases, Code: true, KeepGoing: true, Parallel: parallel}).Collect(rctx, ran)
	if rctx.Err() == nil {
		res.Errors = appendNew(res.Errors, localize.CaseErrors(err)...)
	}
	if ran.NumTests() == 0 {
		return
	}
	m := without(res.Spectrum, nil)
	addRows(m, ran, names)
	res.Spectrum = m
	for i := range ran.NumTests() {
		if t := ran.Test(i); t.Failed {
			res.Failing = append(res.Failing, t.Name)
		}
	}
}

// errHasSubcases is the error of a case the interpreter's listing, cut
// by its budget, took for one, but under which go test runs subtests.
var errHasSubcases = errors.New("localize: not a case: go test runs subtests under it (the listing ran out of budget before them); the failing ones are localized instead")

// withSubcases returns the names of failing that native run n (nil:
// none) has cases under ("X/..." for X).
func withSubcases(n *native.Run, failing []string) []string {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	var out []string
	for _, name := range failing {
		for i := range n.Spectrum.NumTests() {
			if strings.HasPrefix(n.Spectrum.Test(i).Name, name+"/") {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

// addRows adds to out the rows of from of the cases named.
func addRows(out, from *spectra.Matrix, names []string) {
	var covered []int
	for i := range from.NumTests() {
		t := from.Test(i)
		if !slices.Contains(names, t.Name) {
			continue
		}
		covered = from.Covered(covered[:0], i)
		elems := make([]spectra.Element, len(covered))
		for k, e := range covered {
			elems[k] = from.Element(e)
		}
		out.Add(t, elems)
	}
}
