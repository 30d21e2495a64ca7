package repair_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

// TestNoFailing: with no selected case failing in the interpreter, Repair's
// error tells a package whose cases all passed from one with cases that
// gave no verdict (not reached when run alone by name) or tests whose
// listing ran out of its step budget, and names them.
func TestNoFailing(t *testing.T) {
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "noverdict")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/localize/repair/testdata/noverdict"
	tests := []struct {
		name, run string
		passed    int
		notRun    []string // NotRun's errors, each by its start
		noTest    bool     // a *trace.NoTestError is among them
		text      string   // in the error's text
	}{
		{"all passed", "^TestZero$", 1, nil, false, "every selected case passed in the interpreter"},
		{"not reached", "^TestGated$", 0, []string{"TestGated/double: trace: test case TestGated/double of " + pkg + " did not run: TestGated passed without starting it"}, true,
			"0 passed in the interpreter, but 1 cases or tests could not be run or listed"},
		{"listing out of budget", "^TestSuite$", 1, []string{"TestSuite: listing may be incomplete: the run ran out of budget"}, false,
			"1 passed in the interpreter, but 1 cases or tests could not be run or listed"},
		{"both", "^Test(Gated|Suite|Zero)$", 2, []string{"TestSuite: listing may be incomplete", "TestGated/double: trace: test case"}, true,
			"2 passed in the interpreter, but 2 cases or tests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := repair.Repair(context.Background(), prog, pkg, &repair.Options{Run: tt.run})
			var nf *repair.NoFailingError
			if !errors.As(err, &nf) || !errors.Is(err, repair.ErrNoFailing) {
				t.Fatalf("Repair = %v, %v; want a *NoFailingError", res, err)
			}
			var nt *trace.NoTestError
			if errors.As(err, &nt) != tt.noTest {
				t.Errorf("error %q holds a *trace.NoTestError: %v, want %v", err, !tt.noTest, tt.noTest)
			}
			if nf.Passed != tt.passed {
				t.Errorf("Passed = %d, want %d", nf.Passed, tt.passed)
			}
			var got []string
			for _, e := range nf.NotRun {
				got = append(got, e.Error())
			}
			if len(got) != len(tt.notRun) {
				t.Fatalf("NotRun = %q, want %d starting %q", got, len(tt.notRun), tt.notRun)
			}
			for i, want := range tt.notRun {
				if !strings.HasPrefix(got[i], want) {
					t.Errorf("NotRun[%d] = %q, want it to start %q", i, got[i], want)
				}
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q does not say %q", err, tt.text)
			}
		})
	}
}
