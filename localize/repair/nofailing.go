package repair

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// NoFailingError is [Repair]'s error for a package none of whose selected
// cases fails in the interpreter. It is [ErrNoFailing] (errors.Is). It
// tells apart a package whose selected cases all passed from one some of
// whose cases gave no verdict: cases the interpreter could not run or
// whose run did not reach them, and test functions whose cases could not
// all be listed (a listing cut by the step budget may have missed or
// mistaken the failing one).
type NoFailingError struct {
	Package string
	Run     string
	Cases   int // the selected cases
	Passed  int // those that passed (or were skipped) in the interpreter
	// NotRun are the listing's errors and the selected cases that gave
	// no verdict, with why.
	NotRun []*localize.CaseError
}

// Is reports whether target is ErrNoFailing.
func (e *NoFailingError) Is(target error) bool { return target == ErrNoFailing }

// Unwrap returns NotRun's errors.
func (e *NoFailingError) Unwrap() []error {
	var errs []error
	for _, c := range e.NotRun {
		errs = append(errs, c)
	}
	return errs
}

// Error formats the error, with at most three of NotRun's errors.
func (e *NoFailingError) Error() string {
	head := fmt.Sprintf("%v among the %d cases of %s that -run %q selects", ErrNoFailing, e.Cases, e.Package, e.Run)
	if len(e.NotRun) == 0 {
		return head + ": every selected case passed in the interpreter"
	}
	const shown = 3
	var whys []string
	for i, c := range e.NotRun {
		if i == shown {
			whys = append(whys, fmt.Sprintf("and %d more", len(e.NotRun)-shown))
			break
		}
		whys = append(whys, c.Error())
	}
	return fmt.Sprintf("%s: %d passed in the interpreter, but %d cases or tests could not be run or listed, so a failing one may have been missed: %s", head, e.Passed, len(e.NotRun), strings.Join(whys, "; "))
}
