package repair

import (
	"context"
	"sync"
	"time"
)

// How many of the patch schema's whole-suite runs go at once (see
// Validator.validateRanked): one, as before the runs were measured,
// and maxRuns while the test binary's runs so far mostly waited
// (runStats.waiting), which a suite whose time goes to sleeps, timers
// and network round trips does (chi's middleware: 26 s of wall time
// for under a second of CPU). A patch that passes the First cases in
// the schema while the runs mostly wait has its own build's validation
// start beside its schema run rather than after it; the schema's
// refutation, if it comes first, stops it. Every plausible patch is
// still one whose own build passed the whole suite.
//
// The runs share the package's directory and the machine: a suite
// whose tests hold a fixed port or write a fixed file could fail under
// runs at once (chi's TestWrapWriterHTTP2 listens on :7072), so a
// refutation from a run that overlapped another is not kept: the patch
// is validated again, its runs alone, after the others (ownBuilds,
// Validator.again); a plausible verdict is kept, as no overlap is
// taken to make a failing test pass. Under load a CPU-bound suite also
// waits (for the CPU); it then goes several at once too, which costs
// no more CPU than running it in turn, but its refutations are run
// again.
const (
	maxRuns = 4
	// waitFactor: the runs mostly waited when their CPU time is less
	// than 1/waitFactor of their wall time,
	waitFactor = 4
	// minMeasured: over at least this much wall time, so that the
	// starting of a few short runs does not decide it.
	minMeasured = time.Second
	// pollEvery: how often a job waiting for a slot takes the limit
	// anew.
	pollEvery = 250 * time.Millisecond
)

// runStats sums the wall and CPU time of the test binary's runs
// (nativetest.Binary.Started and Usage): the completed runs' and, where
// the system tells a running process' CPU time (procCPU: Linux), those
// still running, so that the first long run of a suite tells how it
// spends its time before it ends. It is safe for concurrent use.
type runStats struct {
	mu        sync.Mutex
	wall, cpu time.Duration
	running   map[int]*liveRun // the runs under way
}

// liveRun is a run under way.
type liveRun struct {
	start      time.Time
	overlapped bool // another run was under way at some time of it
}

// started records the start of run pid.
func (s *runStats) started(pid int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.running == nil {
		s.running = map[int]*liveRun{}
	}
	for _, r := range s.running {
		r.overlapped = true
	}
	s.running[pid] = &liveRun{start: time.Now(), overlapped: len(s.running) > 0}
}

// add records the end of run pid and reports whether another run was
// under way at some time of it.
func (s *runStats) add(pid int, wall, cpu time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.running[pid]
	delete(s.running, pid)
	s.wall += wall
	s.cpu += cpu
	return r != nil && r.overlapped
}

// waiting reports whether the runs so far mostly waited: their CPU
// time is less than 1/waitFactor of their wall time, over at least
// minMeasured of it.
func (s *runStats) waiting() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	wall, cpu := s.wall, s.cpu
	for pid, r := range s.running {
		if c, ok := procCPU(pid); ok {
			wall += time.Since(r.start)
			cpu += c
		}
	}
	return mostlyWaited(wall, cpu)
}

// mostlyWaited reports whether runs of wall time wall that used cpu of
// CPU mostly waited: cpu less than 1/waitFactor of wall, over at least
// minMeasured.
func mostlyWaited(wall, cpu time.Duration) bool {
	return wall >= minMeasured && waitFactor*cpu < wall
}

// runLimit is how many runs may go at once: maxRuns while the runs
// mostly wait, else one.
func runLimit(waiting bool) int {
	if waiting {
		return maxRuns
	}
	return 1
}

// runPool runs jobs in goroutines, at most runLimit at once, the limit
// taken anew as each job starts. Its first error is kept.
type runPool struct {
	stats   *runStats
	mu      sync.Mutex
	ended   chan struct{} // a job ended
	running int
	wg      sync.WaitGroup
	err     error
}

// newRunPool returns a pool whose limit follows stats.
func newRunPool(stats *runStats) *runPool {
	return &runPool{stats: stats, ended: make(chan struct{}, 1)}
}

// ready waits for a free slot and reports whether there is one: false
// when ctx has ended or a job has failed. With a limit of one it waits
// for every job to end, so that a run the caller makes then is alone.
func (p *runPool) ready(ctx context.Context) bool {
	for {
		// The limit is taken anew at each end of a job and every
		// pollEvery, as the runs under way tell how they spend
		// their time.
		limit := runLimit(p.stats.waiting())
		p.mu.Lock()
		free, failed := p.running < limit, p.err != nil
		p.mu.Unlock()
		switch {
		case failed || ctx.Err() != nil:
			return false
		case free:
			return true
		}
		select {
		case <-ctx.Done():
		case <-p.ended:
		case <-time.After(pollEvery):
		}
	}
}

// goRun waits for a free slot (ready), then runs job in a goroutine.
// It returns false without running job when ctx has ended or a job has
// failed. One goroutine only starts the jobs.
func (p *runPool) goRun(ctx context.Context, job func() error) bool {
	if !p.ready(ctx) {
		return false
	}
	p.mu.Lock()
	p.running++
	p.mu.Unlock()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		err := job()
		p.mu.Lock()
		p.running--
		if err != nil && p.err == nil {
			p.err = err
		}
		p.mu.Unlock()
		select {
		case p.ended <- struct{}{}:
		default:
		}
	}()
	return true
}

// wait waits for the jobs started and returns the first error.
func (p *runPool) wait() error {
	p.wg.Wait()
	return p.err
}
