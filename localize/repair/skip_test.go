package repair

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestRepairSkipsLongEncoding repairs testdata/rows with a bound of one
// event on the failing runs that angelic debugging encodes: it is
// skipped, and says so, and the cheap edits of the spectrum's lines
// still repair the package (the early return of TestRepairEarlyReturn,
// plausible).
func TestRepairSkipsLongEncoding(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "rows")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Repair(context.Background(), prog, "github.com/faultloc/faultloc/localize/repair/testdata/rows", &Options{Validate: ValidateOptions{Dir: dir},
		seams: seams{maxAngelicEvents: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Reason, "angelic debugging: skipped: the failing run's formula would hold") {
		t.Errorf("reason %q, want angelic debugging skipped", res.Reason)
	}
	requirePlausible(t, res, dir, "early return if len(vals) == 0 { return t }", func(p Candidate) bool {
		return p.Repl == "if len(vals) == 0 { return t }"
	})
}

// TestRepairBoundsSpectrumMutation repairs testdata/rows under a
// deadline, angelic debugging skipped (no site), with a mutation
// analysis of the spectrum's first lines that runs until its context
// ends, as one of a run of millions of events does: it ends at its
// share of the search's time, saying so, and the fallback has the
// rest.
func TestRepairBoundsSpectrumMutation(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs a repair for seconds")
	}
	endless := func(ctx context.Context, _ *trace.Program, _ []localize.Candidate, _ []trace.Case, _ int) ([]mutant, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "rows")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	// The deadline's length is not what is tested, the shares are: the
	// mutation analysis waits for its share of it (about 30%).
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Second)
	defer cancel()
	res, err := Repair(ctx, prog, "github.com/faultloc/faultloc/localize/repair/testdata/rows", &Options{Validate: ValidateOptions{Dir: dir},
		seams: seams{maxAngelicEvents: 1, spectrumMutants: endless}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Reason, "mutation analysis: mutation analysis of the spectrum's first lines took its share (50%) of the search's time left") {
		t.Errorf("reason %q, want the spectrum's mutation analysis cut at its share", res.Reason)
	}
}
