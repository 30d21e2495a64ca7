package runpool

import (
	"sync"
	"time"
)

// MaxRuns is how many runs go at once while the runs so far mostly
// waited (Stats.Waiting).
const MaxRuns = 4

const (
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

// Stats sums the wall and CPU time of the test binary's runs
// (nativetest.Binary.Started and Usage): the completed runs' and, where
// the system tells a running process' CPU time (procCPU: Linux), those
// still running, so that the first long run of a suite tells how it
// spends its time before it ends. It is safe for concurrent use.
type Stats struct {
	mu        sync.Mutex
	wall, cpu time.Duration
	running   map[int]*liveRun // the runs under way
}

// liveRun is a run under way.
type liveRun struct {
	start      time.Time
	overlapped bool // another run was under way at some time of it
}

// Started records the start of run pid.
func (s *Stats) Started(pid int) {
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

// Add records the end of run pid and reports whether another run was
// under way at some time of it.
func (s *Stats) Add(pid int, wall, cpu time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.running[pid]
	delete(s.running, pid)
	s.wall += wall
	s.cpu += cpu
	return r != nil && r.overlapped
}

// Waiting reports whether the runs so far mostly waited: their CPU
// time is less than 1/waitFactor of their wall time, over at least
// minMeasured of it.
func (s *Stats) Waiting() bool {
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
