package inorder

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunOrder: whatever the number of workers, yield sees every result
// in the order of the work, from pieces that ran at most workers at
// once, the later ones finishing first.
func TestRunOrder(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 5} {
		var running, most atomic.Int32
		var got []int
		Run(context.Background(), 20, workers, func(_ context.Context, i int) int {
			n := running.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(time.Duration(20-i) * 100 * time.Microsecond) // the later, the sooner done
			running.Add(-1)
			return i * i
		}, func(i, v int, ran bool) bool {
			if !ran || v != i*i {
				t.Errorf("%d workers: piece %d: %d, ran %v", workers, i, v, ran)
			}
			got = append(got, i)
			return true
		})
		want := make([]int, 20)
		for i := range want {
			want[i] = i
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d workers: yield saw %v", workers, got)
		}
		if m := int(most.Load()); m > max(1, workers) {
			t.Errorf("%d workers: %d pieces ran at once", workers, m)
		}
	}
}

// TestRunStop: once yield returns false nothing more is yielded, and
// the pieces under way see their context cancelled before Run returns.
func TestRunStop(t *testing.T) {
	for _, workers := range []int{1, 3} {
		var got []int
		var cancelled atomic.Int32
		// With several workers, piece 2 ends only once a later piece is
		// under way, so that the stop at piece 2 has one to cancel.
		started := make(chan struct{})
		var once sync.Once
		Run(context.Background(), 50, workers, func(ctx context.Context, i int) int {
			if i == 2 && workers > 1 {
				select {
				case <-started:
				case <-time.After(10 * time.Second):
				}
			}
			if i > 2 {
				once.Do(func() { close(started) })
				select {
				case <-ctx.Done():
					cancelled.Add(1)
				case <-time.After(10 * time.Second):
				}
			}
			return i
		}, func(i, _ int, _ bool) bool {
			got = append(got, i)
			return i < 2
		})
		if !slices.Equal(got, []int{0, 1, 2}) {
			t.Errorf("%d workers: yield saw %v, want [0 1 2]", workers, got)
		}
		if workers > 1 && cancelled.Load() == 0 {
			t.Errorf("%d workers: no piece under way was cancelled", workers)
		}
	}
}

// TestRunContextEnded: the pieces not started when ctx ends are
// yielded as not run, in order, the first of them ending the yields
// with one worker.
func TestRunContextEnded(t *testing.T) {
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		var seen []string
		Run(ctx, 6, workers, func(ctx context.Context, i int) int {
			if i == 1 {
				cancel()
			}
			<-time.After(time.Millisecond)
			return i
		}, func(i, _ int, ran bool) bool {
			seen = append(seen, fmt.Sprint(i, ran))
			return ran
		})
		cancel()
		if len(seen) < 3 || seen[0] != "0 true" || seen[len(seen)-1][len(seen[len(seen)-1])-5:] != "false" {
			t.Errorf("%d workers: yields %v: want the first run, and the last not run", workers, seen)
		}
	}
}
