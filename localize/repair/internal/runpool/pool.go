package runpool

import (
	"context"
	"sync"
	"time"
)

// runLimit is how many runs may go at once: MaxRuns while the runs
// mostly wait, else one.
func runLimit(waiting bool) int {
	if waiting {
		return MaxRuns
	}
	return 1
}

// Pool runs jobs in goroutines, at most runLimit at once, the limit
// taken anew as each job starts. Its first error is kept.
type Pool struct {
	stats   *Stats
	mu      sync.Mutex
	ended   chan struct{} // a job ended
	running int
	wg      sync.WaitGroup
	err     error
}

// New returns a pool whose limit follows stats.
func New(stats *Stats) *Pool {
	return &Pool{stats: stats, ended: make(chan struct{}, 1)}
}

// Ready waits for a free slot and reports whether there is one: false
// when ctx has ended or a job has failed. With a limit of one it waits
// for every job to end, so that a run the caller makes then is alone.
func (p *Pool) Ready(ctx context.Context) bool {
	for {
		// The limit is taken anew at each end of a job and every
		// pollEvery, as the runs under way tell how they spend
		// their time.
		limit := runLimit(p.stats.Waiting())
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

// Go waits for a free slot (Ready), then runs job in a goroutine.
// It returns false without running job when ctx has ended or a job has
// failed. One goroutine only starts the jobs.
func (p *Pool) Go(ctx context.Context, job func() error) bool {
	if !p.Ready(ctx) {
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

// Wait waits for the jobs started and returns the first error.
func (p *Pool) Wait() error {
	p.wg.Wait()
	return p.err
}
