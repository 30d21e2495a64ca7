package pipeline

import (
	"sync"
	"sync/atomic"

	"github.com/faultloc/faultloc/localize"
)

// caseOutcome is what localizing one case gave: its report and the
// error of its technique, if any (the report then says so); or aborted,
// when the pipeline's context ended before there was a report to rank.
// stopped: the context ended while the report was refined.
type caseOutcome struct {
	rep     *localize.Report
	err     *localize.CaseError
	stopped bool
	aborted bool
	cuts    []Cut    // the stages the case's bound cut (bound.go)
	again   *refusal // how to fuse the report again once the native stage is done (refuse.go), if it waits for that
}

// forEachInOrder calls work(i) for i in [0, n), up to parallel of them
// at once (at least one), and deliver with each result in the order of
// i, from the calling goroutine, as soon as it and those before it are
// done. Once deliver returns true no work starts and nothing more is
// delivered; the work under way is waited for (its results dropped). It reports whether
// deliver stopped it.
func forEachInOrder(n, parallel int, work func(int) caseOutcome, deliver func(caseOutcome) bool) bool {
	if parallel <= 1 {
		for i := range n {
			if deliver(work(i)) {
				return true
			}
		}
		return false
	}
	type done struct {
		i int
		o caseOutcome
	}
	results := make(chan done)
	var stop atomic.Bool
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(parallel, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if stop.Load() {
					results <- done{i, caseOutcome{aborted: true}}
					continue
				}
				results <- done{i, work(i)}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range n {
			if stop.Load() {
				return
			}
			next <- i
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]caseOutcome{}
	want := 0
	for d := range results {
		pending[d.i] = d.o
		for !stop.Load() {
			o, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			want++
			if deliver(o) {
				stop.Store(true)
			}
		}
	}
	return stop.Load()
}
