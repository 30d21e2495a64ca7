package pipeline

import (
	"math/rand"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
)

// TestForEachInOrder: the results come in the order of the work, each
// once, whatever order the work ends in (random delays, fixed seed), at
// most parallel at once; once deliver says stop, nothing more is
// delivered and no work starts.
func TestForEachInOrder(t *testing.T) {
	for _, tt := range []struct {
		n, parallel, stopAt int // stopAt: deliver stops after this index (-1: never)
	}{
		{0, 1, -1}, {0, 3, -1}, {1, 1, -1}, {5, 1, -1}, {5, 2, -1}, {7, 3, -1}, {3, 8, -1},
		{6, 1, 2}, {6, 2, 2}, {9, 3, 0}, {9, 3, 8},
	} {
		rng := rand.New(rand.NewSource(int64(tt.n*100 + tt.parallel)))
		delays := make([]time.Duration, tt.n)
		for i := range delays {
			delays[i] = time.Duration(rng.Intn(3000)) * time.Microsecond
		}
		var running, most, started, late atomic.Int32
		var stopped atomic.Bool // deliver said stop
		work := func(i int) caseOutcome {
			if stopped.Load() {
				late.Add(1)
			}
			started.Add(1)
			r := running.Add(1)
			for {
				m := most.Load()
				if r <= m || most.CompareAndSwap(m, r) {
					break
				}
			}
			time.Sleep(delays[i])
			running.Add(-1)
			return caseOutcome{rep: &localize.Report{Test: string(rune('a' + i))}}
		}
		var got []string
		deliver := func(o caseOutcome) bool {
			got = append(got, o.rep.Test)
			if len(got)-1 == tt.stopAt {
				stopped.Store(true)
				return true
			}
			return false
		}
		stop := forEachInOrder(tt.n, tt.parallel, work, deliver)
		want := []string{}
		last := tt.n
		if tt.stopAt >= 0 {
			last = tt.stopAt + 1
		}
		for i := range last {
			want = append(want, string(rune('a'+i)))
		}
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("n=%d parallel=%d stop at %d: delivered %v, want %v", tt.n, tt.parallel, tt.stopAt, got, want)
		}
		if stop != (tt.stopAt >= 0) {
			t.Errorf("n=%d parallel=%d stop at %d: stopped %v", tt.n, tt.parallel, tt.stopAt, stop)
		}
		if m := int(most.Load()); m > max(tt.parallel, 1) {
			t.Errorf("n=%d parallel=%d: %d at once", tt.n, tt.parallel, m)
		}
		if tt.stopAt < 0 && int(started.Load()) != tt.n {
			t.Errorf("n=%d parallel=%d: %d started, want all", tt.n, tt.parallel, started.Load())
		}
		// Work may run ahead of a slow case still to be delivered, but
		// after the stop none starts, but for a worker that took its
		// case as deliver returned (one per worker at most).
		if l := int(late.Load()); l > max(tt.parallel, 1) {
			t.Errorf("n=%d parallel=%d stop at %d: %d started after the stop", tt.n, tt.parallel, tt.stopAt, l)
		}
	}
}
