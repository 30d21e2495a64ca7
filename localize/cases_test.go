package localize_test

import (
	"errors"
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
