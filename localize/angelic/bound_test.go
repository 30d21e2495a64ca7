package angelic

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/localize/internal/search"
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

// TestConfirmStops: the replays that confirm a verified expression's
// instances observe the context: cancelled before the third, Localize
// returns the candidates the first two confirmed, marked partial, and
// replays nothing more (the triangle's T8 has nine).
func TestConfirmStops(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the triangle")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	p, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir()}, "./triangle")
	if err != nil {
		t.Fatal(err)
	}
	var failing trace.Case
	for _, c := range triangle.Cases {
		if c.Name == "T8" {
			failing = p.TestCase(testutil.IntTest(t, p, "triangle", "Classify", c.Name, int64(c.Want), int64(c.A), int64(c.B), int64(c.C)))
		}
	}
	stop, cancelStop := context.WithCancel(ctx)
	defer cancelStop()
	replays := 0
	opts := &Options{Search: search.Options{Arith: testutil.QuickArith()}, replaying: func() {
		replays++
		if replays == 3 {
			cancelStop()
		}
	}}
	rep, err := Localize(stop, p, failing, opts)
	if err != nil || rep == nil {
		t.Fatalf("report %v, error %v; want a partial report", rep, err)
	}
	if replays != 3 {
		t.Errorf("%d confirming replays, want 3: none after the cancellation", replays)
	}
	if !rep.Partial || !strings.Contains(rep.Reason, context.Canceled.Error()) {
		t.Errorf("partial %v, reason %q; want partial, cancelled", rep.Partial, rep.Reason)
	}
	if n := len(rep.Candidates); n > 2 {
		t.Errorf("%d candidates, want those of the two replays before the cancellation:\n%s", n, angelicTable(rep))
	}
	for _, c := range rep.Candidates {
		if !c.Verified {
			t.Errorf("%v reported unverified", c.Locations)
		}
	}
}
