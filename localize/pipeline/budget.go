package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// The interpreter's step budget scales with a case's native time
// (trace.Program.SetNativeTimes), and the native evidence stage measures
// every case's. [Run] hands the times of the cases that passed natively
// to the Program once the stage is
// done, so that every later run of a case (a technique runs a failing
// case many times) has the budget its native run shows it needs; and
// the cases that ran out of the interpreter's budget before the times
// were known, but passed natively, run again: one that now passes is a
// passing case, not a failure to localize.

// nativeTimes gives prog, for the cases of pkgPath that passed in the
// native run n, their native times: go test's figure, at least a
// millisecond (it reports a case under 5 ms as 0.00s).
func nativeTimes(prog *trace.Program, pkgPath string, n *native.Run) {
	if n == nil || n.Spectrum == nil {
		return
	}
	times := map[string]time.Duration{}
	for i := range n.Spectrum.NumTests() {
		if t := n.Spectrum.Test(i); !t.Failed {
			times[t.Name] = max(t.Duration, time.Millisecond)
		}
	}
	prog.SetNativeTimes(pkgPath, times)
}

// errBudgetNotRerun is the error of a selected case that ran out of the
// interpreter's budget and passed natively, when the shared stages'
// share of the first case's bound (bound.go) ended before it ran again.
var errBudgetNotRerun = errors.New("localize: the case ran out of the interpreter's step budget and passes under go test; not run again within the shared stages' share of the first failing case's bound (pipeline.Options.Timeout), so not localized")

// overBudget returns the cases of the interpreter's spectrum m that
// failed by running out of a budget but passed in the native run n.
func overBudget(m *spectra.Matrix, n *native.Run) []string {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	var names []string
	for i := range m.NumTests() {
		t := m.Test(i)
		if !t.Failed || !strings.HasPrefix(t.Message, trace.BudgetExceeded.String()) {
			continue
		}
		if j, ok := n.Spectrum.TestIndex(t.Name); ok && !n.Spectrum.Test(j).Failed {
			names = append(names, t.Name)
		}
	}
	return names
}

// rerunOverBudget runs again, with the native times prog now holds, the
// cases of the spectrum m that failed by budget and passed natively
// (overBudget), each bounded by bound (0 or negative: unbounded), and
// returns the spectrum with the rows of those that now pass replaced by
// their passing runs, and their names.
func rerunOverBudget(ctx context.Context, prog *trace.Program, pkgPath string, m *spectra.Matrix, n *native.Run, bound time.Duration) (*spectra.Matrix, []string) {
	names := overBudget(m, n)
	if len(names) == 0 {
		return m, nil
	}
	cases := make([]trace.Case, len(names))
	for i, name := range names {
		cases[i] = evidenceCase(prog, pkgPath, name, bound)
	}
	again := spectra.NewMatrix()
	(&spectra.Traces{Program: prog, Cases: cases, Code: true, KeepGoing: true}).Collect(ctx, again)
	var passed []string
	for i := range again.NumTests() {
		if t := again.Test(i); !t.Failed && slices.Contains(names, t.Name) {
			passed = append(passed, t.Name)
		}
	}
	if len(passed) == 0 {
		return m, nil
	}
	out := without(m, passed)
	addRows(out, again, passed)
	return out, passed
}
