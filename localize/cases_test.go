package localize_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestNoVerdict: a run with an error or that did not reach its case has
// no verdict, and says why; a case that passed, failed or was skipped has
// one.
func TestNoVerdict(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name string
		r    *trace.CaseResult
		err  error
		want error // nil: a verdict
	}{
		{"error", nil, boom, boom},
		{"error with a result", &trace.CaseResult{Ran: true}, boom, boom},
		{"no result", nil, nil, localize.ErrNotReached},
		{"not reached", &trace.CaseResult{}, nil, localize.ErrNotReached},
		{"passed", &trace.CaseResult{Ran: true}, nil, nil},
		{"failed", &trace.CaseResult{Ran: true, Failed: true}, nil, nil},
		{"skipped", &trace.CaseResult{Ran: true, Skipped: true}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := localize.NoVerdict("TestX/a", tt.r, tt.err)
			switch {
			case tt.want == nil && got != nil:
				t.Errorf("NoVerdict = %v, want nil", got)
			case tt.want != nil && (got == nil || got.Case != "TestX/a" || !errors.Is(got, tt.want)):
				t.Errorf("NoVerdict = %v, want TestX/a's %v", got, tt.want)
			}
		})
	}
}

// TestNoVerdicts: the listing's errors come first, but for a test whose
// own run's error is among the runs'.
func TestNoVerdicts(t *testing.T) {
	listed := func(c string) *localize.CaseError { return &localize.CaseError{Case: c, Err: errors.New("listing")} }
	ran := func(c string) *localize.CaseError { return &localize.CaseError{Case: c, Err: errors.New("run")} }
	tests := []struct {
		name    string
		listing []*localize.CaseError
		runs    []*localize.CaseError
		want    []string
	}{
		{"none", nil, nil, nil},
		{"listing only", []*localize.CaseError{listed("TestA")}, nil, []string{"TestA: listing"}},
		{"runs only", nil, []*localize.CaseError{ran("TestA/x")}, []string{"TestA/x: run"}},
		{"a subtest's run keeps its test's listing", []*localize.CaseError{listed("TestA")}, []*localize.CaseError{ran("TestA/x")}, []string{"TestA: listing", "TestA/x: run"}},
		{"a test's run says its listing's", []*localize.CaseError{listed("TestA"), listed("TestB")}, []*localize.CaseError{ran("TestA")}, []string{"TestB: listing", "TestA: run"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel := &localize.Selection{Errors: tt.listing}
			var got []string
			for _, e := range sel.NoVerdicts(tt.runs) {
				got = append(got, e.Error())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("NoVerdicts = %q, want %q", got, tt.want)
			}
		})
	}
}
