package localize

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/faultloc/faultloc/internal/testmatch"
	"github.com/faultloc/faultloc/trace"
)

// CaseError is an error of one test case.
type CaseError struct {
	Case string
	Err  error
}

// Error formats the error, naming the case (if any: an error of the
// package's evidence as a whole has none).
func (e *CaseError) Error() string {
	if e.Case == "" {
		return e.Err.Error()
	}
	return e.Case + ": " + e.Err.Error()
}

// Unwrap returns the case's error.
func (e *CaseError) Unwrap() error { return e.Err }

// NoCasesError reports that no case of the package matches the -run
// pattern, so nothing ran.
type NoCasesError struct {
	Package string
	Run     string
	Listed  int // the cases listed: those of the test functions whose name matches Run's first level
}

// Error formats the error.
func (e *NoCasesError) Error() string {
	if e.Run == "" {
		return fmt.Sprintf("localize: package %s has no test case the interpreter can run", e.Package)
	}
	return fmt.Sprintf("localize: no test case of %s matches -run %q (%d cases of the test functions it names)", e.Package, e.Run, e.Listed)
}

// Selection is what [SelectCases] found.
type Selection struct {
	// Listed are the cases of the test functions whose name matches the
	// pattern's first level.
	Listed []string
	// Cases are those the whole pattern selects, in go test's order.
	Cases []trace.Case
	// Errors are the test functions whose cases could not all be listed,
	// with why. A listing that ran out of its step budget still lists
	// the subtest running then as a case, though it may have subtests
	// not started yet, and its error names that subtest: such a case,
	// run alone, may not run what go test would run.
	Errors []*CaseError

	match *testmatch.Matcher
}

// Selects reports whether the pattern selects the case named name.
func (s *Selection) Selects(name string) bool { return s.match.Match(name) }

// SelectsTop reports whether the pattern's first level selects the test
// function named name.
func (s *Selection) SelectsTop(name string) bool { return s.match.MatchTop(name) }

// SelectCases lists the test cases of package pkgPath of prog and selects
// them as go test -run does with the pattern run. A *NoCasesError says
// that run selected nothing; errors listing single cases are in the
// selection's Errors.
func SelectCases(ctx context.Context, prog *trace.Program, pkgPath, run string) (*Selection, error) {
	sel := &Selection{}
	match, err := testmatch.Compile(run)
	if err != nil {
		return sel, fmt.Errorf("localize: %w", err)
	}
	sel.match = match
	names, err := prog.ListTestsOf(ctx, pkgPath, match.MatchTop, nil)
	if err != nil {
		if ctx.Err() != nil {
			return sel, err
		}
		if len(names) == 0 {
			return sel, fmt.Errorf("localize: listing the test cases of %s: %w", pkgPath, err)
		}
		sel.Errors = append(sel.Errors, CaseErrors(err)...)
	}
	sel.Listed = names
	for _, n := range names {
		if match.Match(n) {
			sel.Cases = append(sel.Cases, prog.GoTestCase(pkgPath, n))
		}
	}
	if len(sel.Cases) == 0 {
		return sel, &NoCasesError{Package: pkgPath, Run: run, Listed: len(names)}
	}
	return sel, nil
}

// ErrNotReached is the error of a selected case whose run did not reach
// it without an error saying why: a run that hooks or presets steered
// (trace.RunOptions) may leave it unstarted. (Unsteered, such a run's
// error is a *trace.NoTestError.)
var ErrNotReached = errors.New("not reached: the run did not start it")

// NoVerdict returns the error of a selected case's run (r, err) that gave
// no verdict: err, or [ErrNotReached] if the run did not reach the case;
// nil if the case passed, failed or was skipped. Callers that count cases
// failing or passing keep it with the selection's Errors, so that a case
// is never silently neither.
func NoVerdict(name string, r *trace.CaseResult, err error) *CaseError {
	switch {
	case err != nil:
		return &CaseError{Case: name, Err: err}
	case r == nil || !r.Ran:
		return &CaseError{Case: name, Err: ErrNotReached}
	}
	return nil
}

// NoVerdicts returns the errors of the selected cases that gave no
// verdict: the listing's Errors, but those of a test whose own run's
// error is in runs (it says what its listing's did), then runs (each
// from [NoVerdict]).
func (s *Selection) NoVerdicts(runs []*CaseError) []*CaseError {
	var out []*CaseError
	for _, e := range s.Errors {
		if !slices.ContainsFunc(runs, func(r *CaseError) bool { return r.Case == e.Case }) {
			out = append(out, e)
		}
	}
	return append(out, runs...)
}

// CaseErrors splits a joined error of cases (a [trace.TestError] each)
// into CaseErrors; an error of no named case gets the case "?".
func CaseErrors(err error) []*CaseError {
	if err == nil {
		return nil
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	var out []*CaseError
	for _, e := range errs {
		var te *trace.TestError
		if errors.As(e, &te) {
			out = append(out, &CaseError{Case: te.Test, Err: te.Err})
		} else {
			out = append(out, &CaseError{Case: "?", Err: e})
		}
	}
	return out
}
