package interp

// Quiet mode: while a go test run runs the tests go test runs before its
// case (RunOptions.EarlierTests), the run records nothing, applies no
// hooks and covers nothing, and runs the plain fast form (Call.Quietly).
// Goroutines an earlier test leaves behind run quietly too when they are
// scheduled during the case: each goroutine runs in the mode it was
// started in, the entry goroutine quietly while it runs the earlier
// tests (quietFor swaps the run's recording state when the baton passes
// between goroutines of different modes).

// quietState is what a quiet run sets aside: the recording state of the
// run.
type quietState struct {
	tr        *Trace
	h         *Hooks
	obs       func(*Trace, EventID)
	cov       *coverage
	plain     bool
	rec       bool
	quietMode bool
}

// quiet switches r to quiet mode (q) or back: no trace, no hooks, no
// coverage, the plain fast form. Frames of one mode do not serve the
// other: the free lists are dropped.
func (r *run) quiet(q bool) {
	if r.quietMode == q {
		return
	}
	r.quietMode = q
	r.pools = nil
	if q {
		r.loud = quietState{tr: r.tr, h: r.h, obs: r.obs, cov: r.cov, plain: r.plain, rec: r.rec}
		r.tr, r.h, r.obs, r.cov, r.plain, r.rec = nil, nil, nil, nil, true, false
		return
	}
	l := r.loud
	r.tr, r.h, r.obs, r.cov, r.plain, r.rec = l.tr, l.h, l.obs, l.cov, l.plain, l.rec
}

// quietFor switches r to the mode of goroutine g, which has the baton.
func (r *run) quietFor(g *gor) {
	r.quiet(g.quiet || g.id == 0 && r.earlier)
}
