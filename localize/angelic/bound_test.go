package angelic

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestLocalizeBound: a context deadline bounds Localize as a whole. On
// bench/bounds' long sum (TestSumLarge/#02: a failing run of 140,000
// iterations, whose encoding alone takes far longer than the bound) the
// search stops at the deadline without a verified expression, and
// Localize returns its report then, partial, saying why, within 10% of
// the bound or 2 s: no replay of the whole failing run after the
// deadline, when no candidate has instances to confirm.
func TestLocalizeBound(t *testing.T) {
	if testing.Short() {
		t.Skip("interprets a long run")
	}
	ctx := context.Background()
	dir := filepath.Join(testutil.Root(), "bench", "bounds", "testdata", "long")
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	c := prog.GoTestCase("github.com/faultloc/faultloc/bench/bounds/testdata/long", "TestSumLarge/#02")
	const bound = 2 * time.Second
	start := time.Now()
	dctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	rep, err := Localize(dctx, prog, c, nil)
	elapsed := time.Since(start)
	if err != nil || rep == nil {
		t.Fatalf("report %v, error %v; want a partial report", rep, err)
	}
	if over := elapsed - bound; over > max(bound/10, 2*time.Second) {
		t.Errorf("returned %v after its start, %v past its bound of %v", elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	}
	if !rep.Partial || rep.Reason == "" || len(rep.Candidates) != 0 {
		t.Errorf("partial %v, reason %q, %d candidates; want partial, saying why, none verified", rep.Partial, rep.Reason, len(rep.Candidates))
	}
}
