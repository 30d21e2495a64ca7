package runpool

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"
)

func TestRunLimit(t *testing.T) {
	for _, tc := range []struct {
		waiting bool
		want    int
	}{
		{false, 1},
		{true, MaxRuns},
	} {
		if got := runLimit(tc.waiting); got != tc.want {
			t.Errorf("runLimit(%v) = %d, want %d", tc.waiting, got, tc.want)
		}
	}
}

func TestMostlyWaited(t *testing.T) {
	for _, tc := range []struct {
		wall, cpu time.Duration
		want      bool
	}{
		{26 * time.Second, 100 * time.Millisecond, true}, // chi's middleware: sleeps
		{26 * time.Second, 26 * time.Second, false},      // CPU-bound
		{4 * time.Second, time.Second, false},            // a quarter: not less
		{4 * time.Second, 999 * time.Millisecond, true},
		{500 * time.Millisecond, 0, false}, // too little measured
	} {
		if got := mostlyWaited(tc.wall, tc.cpu); got != tc.want {
			t.Errorf("mostlyWaited(%v, %v) = %v, want %v", tc.wall, tc.cpu, got, tc.want)
		}
	}
}

// TestRunStatsOverlap checks which runs overlapped another: a run
// started while another was under way, and a run under way when
// another started.
func TestRunStatsOverlap(t *testing.T) {
	type step struct {
		start bool // else end
		pid   int
		want  bool // at an end: overlapped
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"alone, in turn", []step{{true, 1, false}, {false, 1, false}, {true, 2, false}, {false, 2, false}}},
		{"nested", []step{{true, 1, false}, {true, 2, false}, {false, 2, true}, {false, 1, true}}},
		{"chained", []step{{true, 1, false}, {true, 2, false}, {false, 1, true}, {false, 2, true}, {true, 3, false}, {false, 3, false}}},
		{"unknown end", []step{{false, 9, false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Stats
			for i, st := range tc.steps {
				if st.start {
					s.Started(st.pid)
					continue
				}
				if got := s.Add(st.pid, time.Second, 0); got != st.want {
					t.Errorf("step %d: end of run %d overlapped = %v, want %v", i, st.pid, got, st.want)
				}
			}
			if len(s.running) != 0 {
				t.Errorf("runs left under way: %v", s.running)
			}
		})
	}
}

// TestRunPool checks the pool's limit: one job at a time while the runs
// are not known to wait, MaxRuns at once while they mostly wait, and no
// job started after one failed.
func TestRunPool(t *testing.T) {
	ctx := context.Background()
	t.Run("one at a time", func(t *testing.T) {
		p := New(&Stats{})
		var mu sync.Mutex
		at, most := 0, 0
		for range 8 {
			p.Go(ctx, func() error {
				mu.Lock()
				at++
				most = max(most, at)
				mu.Unlock()
				runtime.Gosched()
				mu.Lock()
				at--
				mu.Unlock()
				return nil
			})
		}
		if err := p.Wait(); err != nil || most != 1 {
			t.Errorf("at most %d at once (err %v), want 1", most, err)
		}
	})
	t.Run("waiting", func(t *testing.T) {
		p := New(&Stats{wall: time.Minute})
		release := make(chan struct{})
		var started sync.WaitGroup
		started.Add(MaxRuns)
		for range MaxRuns {
			p.Go(ctx, func() error {
				started.Done()
				<-release
				return nil
			})
		}
		started.Wait() // every job under way at once
		close(release)
		if err := p.Wait(); err != nil {
			t.Error(err)
		}
	})
	t.Run("failed", func(t *testing.T) {
		p := New(&Stats{})
		want := errors.New("x")
		p.Go(ctx, func() error { return want })
		ran := false
		if p.Go(ctx, func() error { ran = true; return nil }) || ran {
			t.Error("a job started after one failed")
		}
		if err := p.Wait(); err != want {
			t.Errorf("wait: %v, want %v", err, want)
		}
	})
}
