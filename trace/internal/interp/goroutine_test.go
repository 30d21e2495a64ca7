package interp

import "testing"

// Runs with goroutines are deterministic: the same seed gives the same
// trace, event by event; other seeds may interleave differently but the
// program's (schedule-independent) result is the same.
func TestGoroutineDeterminism(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	fn := p.Func(corpusPkg, "Goroutines")
	run := func(seed int64) *Result {
		res, err := p.Run(bgContext, fn, nil, &RunOptions{Seed: seed})
		if err != nil || res.Outcome != Returned {
			t.Fatalf("seed %d: %v %v", seed, res, err)
		}
		return res
	}
	a, b := run(0), run(0)
	if a.Trace.Len() != b.Trace.Len() {
		t.Fatalf("same seed, %d and %d events", a.Trace.Len(), b.Trace.Len())
	}
	gs := map[int]bool{}
	for e := EventID(0); int(e) < a.Trace.Len(); e++ {
		if a.Trace.Key(e) != b.Trace.Key(e) || !sameScalar(a.Trace.Value(e), b.Trace.Value(e)) || a.Trace.Goroutine(e) != b.Trace.Goroutine(e) {
			t.Fatalf("same seed, runs differ at event %d: %s / %s", e, a.Trace.EventString(e), b.Trace.EventString(e))
		}
		gs[a.Trace.Goroutine(e)] = true
	}
	if len(gs) < 10 {
		t.Errorf("events of %d goroutines, want the main one and the program's many", len(gs))
	}
	for _, seed := range []int64{1, 2, 3} {
		if r := run(seed); r.Returns[0].Str() != a.Returns[0].Str() {
			t.Errorf("seed %d: result %s, want %s", seed, r.Returns[0], a.Returns[0])
		}
	}
}
