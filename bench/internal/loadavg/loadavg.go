package loadavg

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// path is the file the kernel gives the load averages in.
var path = "/proc/loadavg"

// fields returns the file's first n fields, or nil where it cannot be
// read or has fewer.
func fields(n int) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	f := strings.Fields(string(b))
	if len(f) < n {
		return nil
	}
	return f[:n]
}

// Now returns the load averages over the last 1, 5 and 15 minutes as
// the system gives them, "1.42 1.84 6.30", or "" where it does not.
func Now() string {
	return strings.Join(fields(3), " ")
}

// One returns the load average over the last minute, "1.42", or "".
func One() string {
	return strings.Join(fields(1), " ")
}

// A Watcher samples the one-minute load average while a run goes on.
type Watcher struct {
	stop chan struct{}
	done chan struct{}
	mu   sync.Mutex
	max  float64
	seen bool
}

// Watch starts sampling the one-minute load average now and then every
// interval until Stop.
func Watch(interval time.Duration) *Watcher {
	w := &Watcher{stop: make(chan struct{}), done: make(chan struct{})}
	w.sample()
	go func() {
		defer close(w.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-t.C:
				w.sample()
			}
		}
	}()
	return w
}

func (w *Watcher) sample() {
	f := fields(1)
	if f == nil {
		return
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.seen || v > w.max {
		w.max, w.seen = v, true
	}
}

// Max returns the highest one-minute load average sampled so far, "2.31",
// or "" when none could be read.
func (w *Watcher) Max() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.seen {
		return ""
	}
	return strconv.FormatFloat(w.max, 'f', 2, 64)
}

// Stop samples once more and stops the sampling; Max then holds for the
// whole run. Stop may be called more than once.
func (w *Watcher) Stop() {
	select {
	case <-w.stop:
	default:
		close(w.stop)
		<-w.done
		w.sample()
	}
}
