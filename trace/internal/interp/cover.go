package interp

import "slices"

// Coverage-only runs (RunOptions.CoverOnly) record which static
// instructions ran, not how: a client that needs only that (spectrum-based
// fault localization over many tests) is spared the trace. Such a run is
// plain (no trace, no hooks) and takes the fast form; execFast counts the
// block instances it enters and marks each block whose terminator runs
// (coverage.exit). If every block entered was also left through its
// terminator, the instructions of the marked blocks (every one but Jump,
// which records no event; and the parameters of functions whose entry
// block ran) are exactly those a trace of the run would name. Otherwise
// some block was left midway (a panic, even a recovered one;
// runtime.Goexit or t.FailNow; a budget or context stop; os.Exit; a
// goroutine blocked when the run ended), and which of its instructions
// ran is not known: the run is repeated recorded and the set is read from
// its trace (runs are deterministic), which is then released.

// coverage is what a coverage-only run records: which blocks completed,
// by global block index (fnCode.cov plus the block's index in its
// function), and how many block instances it entered and completed.
type coverage struct {
	done           []bool
	entries, exits int64
}

// blockRef names a block of a compiled function (Program.covBlocks).
type blockRef struct {
	c *fnCode
	b int32
}

// exit records that block b of c completed: its terminator ran.
func (cv *coverage) exit(c *fnCode, b int) {
	i := int(c.cov) + b
	if i >= len(cv.done) {
		cv.done = append(cv.done, make([]bool, i+1-len(cv.done)+len(cv.done)/2)...)
	}
	cv.done[i] = true
	cv.exits++
}

// complete reports whether every block instance entered was also left
// through its terminator: then the marked blocks are the whole story.
func (cv *coverage) complete() bool { return cv.entries == cv.exits }

// newCoverage returns an empty record with room for the blocks compiled
// so far.
func (p *Program) newCoverage() *coverage {
	p.mu.Lock()
	n := len(p.covBlocks)
	p.mu.Unlock()
	return &coverage{done: make([]bool, n)}
}

// coveredStatics returns the static instructions of the blocks cv marks,
// and the parameters of the functions whose entry block it marks, in
// increasing order.
func (p *Program) coveredStatics(cv *coverage) []StaticID {
	p.mu.Lock()
	refs := p.covBlocks[:len(p.covBlocks):len(p.covBlocks)]
	p.mu.Unlock()
	var out []StaticID
	for i, d := range cv.done {
		if !d {
			continue
		}
		br := refs[i]
		if br.b == 0 {
			out = append(out, br.c.psid...)
		}
		out = append(out, br.c.blocks[br.b].sids...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// coveredByTrace returns the static instructions t's events name, in
// increasing order.
func coveredByTrace(t *Trace) []StaticID {
	seen := make([]bool, t.NumStatics())
	for e := range t.Len() {
		seen[t.Static(EventID(e))] = true
	}
	var out []StaticID
	for s, ok := range seen {
		if ok {
			out = append(out, StaticID(s))
		}
	}
	return out
}

// finishCover sets the Covered of a coverage-only run's result: from its
// record if complete, else it asks for the run again, recorded
// (coverAgain); a recorded run's from its trace, which it releases.
func (r *run) finishCover(res *Result) {
	switch {
	case r.cov != nil && r.cov.complete():
		res.Covered = r.p.coveredStatics(r.cov)
	case r.cov != nil:
		res.coverAgain = true
	case res.Trace != nil:
		res.Covered = coveredByTrace(res.Trace)
		res.Trace.Release()
		res.Trace = nil
		if res.Panic != nil {
			res.Panic.Event = NoEvent
		}
	}
}

// recordCover returns a copy of o (CoverOnly) for the run that repeats a
// coverage-only run recorded. The first run printed everything the
// program prints (it ran to its end): the repetition's output, the same,
// is discarded.
func (o *RunOptions) recordCover() *RunOptions {
	c := *o
	c.coverRec = true
	c.Stdout = nil
	return &c
}
