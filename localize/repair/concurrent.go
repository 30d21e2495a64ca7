package repair

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// How many of the patch schema's whole-suite runs go at once (see
// Validator.validateRanked): as many as the machine has cores
// (runtime.NumCPU, as go test runs packages), at most maxRuns; and
// maxRuns when the test binary's runs so far mostly waited (runStats.waiting),
// which a suite whose time goes to sleeps, timers and network round
// trips does (chi's middleware: 26 s of wall time for about 0.1 s of
// CPU). A patch that passes the First cases in the schema while the
// runs mostly wait has its own build's validation start beside its
// schema run rather than after it; the schema's refutation, if it comes
// first, stops it. Every plausible patch is still one whose own build
// passed the whole suite, in a run of its own process.
//
// The runs share the package's directory, as go test's runs of
// several packages share a machine: a suite whose tests hold a fixed
// port or write a fixed file in it could fail under runs at once, and
// a patch would then be refuted that a run alone would not refute.
// Under load a CPU-bound suite also waits (for the CPU); it is then
// run several at once too, which costs no more CPU than running it in
// turn.
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
// mostly wait, else the cores, at most maxRuns.
func runLimit(waiting bool, cores int) int {
	if waiting {
		return maxRuns
	}
	return max(1, min(cores, maxRuns))
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

// goRun waits for a free slot, then runs job in a goroutine. It
// returns false without running job when ctx has ended or a job has
// failed.
func (p *runPool) goRun(ctx context.Context, job func() error) bool {
	for {
		// The limit is taken anew at each end of a job and every
		// pollEvery, as the runs under way tell how they spend
		// their time.
		limit := runLimit(p.stats.waiting(), runtime.NumCPU())
		p.mu.Lock()
		if p.err != nil || ctx.Err() != nil {
			p.mu.Unlock()
			return false
		}
		if p.running < limit {
			p.running++
			p.mu.Unlock()
			break
		}
		p.mu.Unlock()
		select {
		case <-ctx.Done():
		case <-p.ended:
		case <-time.After(pollEvery):
		}
	}
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
