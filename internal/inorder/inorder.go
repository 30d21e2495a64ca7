// Package inorder runs independent pieces of work a few at a time and
// hands their results over in the order of the work, so that a caller
// that ran them one after another gets the same results, sooner.
package inorder

import (
	"context"
	"sync"
)

// Run calls work(ctx, i) for i in [0, n), up to workers at once (at
// least one), and yield with each result in the order of i, from the
// calling goroutine; ran is false for a piece not started because ctx
// had ended (v is then T's zero value). Once yield returns false, no
// piece starts, the context of the pieces under way is cancelled, and
// Run waits for them (their results are dropped). With one worker the
// pieces run one after another on the calling goroutine, ctx checked
// before each.
func Run[T any](ctx context.Context, n, workers int, work func(context.Context, int) T, yield func(i int, v T, ran bool) bool) {
	if workers <= 1 {
		for i := range n {
			if ctx.Err() != nil {
				var zero T
				yield(i, zero, false)
				return
			}
			if !yield(i, work(ctx, i), true) {
				return
			}
		}
		return
	}
	type result struct {
		v   T
		ran bool
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]chan result, n)
	for i := range results {
		results[i] = make(chan result, 1)
	}
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	launched := make(chan struct{})
	go func() {
		defer close(launched)
		for i := range n {
			select {
			case sem <- struct{}{}:
			case <-wctx.Done():
			}
			if wctx.Err() != nil {
				for j := i; j < n; j++ {
					results[j] <- result{}
				}
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				v := work(wctx, i)
				results[i] <- result{v, true}
				<-sem
			}()
		}
	}()
	for i := range n {
		r := <-results[i]
		if !yield(i, r.v, r.ran) {
			break
		}
	}
	cancel()
	<-launched
	wg.Wait()
}
