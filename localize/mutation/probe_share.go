package mutation

import (
	"context"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/trace"
)

// ProbeShare lets the fix probes of several failing cases of one program
// ([FixProbe.Share]) share their mutant program: loading the package again
// with a mutant schema in its overlay (go list -export recompiles it) is
// most of a probe's cost, and the cases of one package mostly probe the
// same lines. A share keeps, per load (the load config with its overlay's
// contents, the patterns, the repair operators), the mutant program of
// every line asked so far; a probe whose lines it holds runs on it, one
// that asks for a line it does not hold starts a load of the schema of all
// the lines asked so far and its own, and the share keeps that one. A
// probe waits for the load under way, within its own bound; the load goes
// on past the bound of the probe that started it (for at most
// FixProbe.Timeout), for the probes of the cases after it, until it is
// done or [ProbeShare.Close] ends it. The fixes found are those of a probe
// without a share: only the mutants of its own lines run.
//
// A share is for one state of the sources (one run of the pipeline; a file
// changed on disk is not seen). Its zero value is ready to use; it is safe
// for concurrent probes.
type ProbeShare struct {
	mu      sync.Mutex
	entries map[string]*shareEntry
	loads   map[*shareLoad]context.CancelFunc // under way
}

// shareEntry is the shared mutant program of one load.
type shareEntry struct {
	mu      sync.Mutex
	lines   map[trace.Line]bool // the lines pr's schema holds
	pr      *mutProgram         // nil before the first load
	loading *shareLoad          // the load under way, or nil
}

// shareLoad is a load of a mutant program; done is closed when pr or err
// is set.
type shareLoad struct {
	lines map[trace.Line]bool
	done  chan struct{}
	pr    *mutProgram
	err   error
}

// Close ends the loads under way. The share stays usable: a probe after
// Close loads again what it needs.
func (s *ProbeShare) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, cancel := range s.loads {
		cancel()
	}
}

// probeLoads, if set, is called at each load of a mutant program (tests
// count them).
var probeLoads func()

// entry returns the shared program of the load lc, patterns, repair.
func (s *ProbeShare) entry(lc *trace.Config, patterns []string, ops probeOps) *shareEntry {
	k := shareKey(lc, patterns, ops)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entries == nil {
		s.entries = map[string]*shareEntry{}
	}
	e := s.entries[k]
	if e == nil {
		e = &shareEntry{}
		s.entries[k] = e
	}
	return e
}

// shareKey identifies a load: the config (with its overlay's contents),
// the patterns and the operators.
func shareKey(lc *trace.Config, patterns []string, ops probeOps) string {
	b := sha256.New()
	fmt.Fprintf(b, "%q %v %q %q %q %v\n", lc.Dir, lc.Tests, lc.BuildFlags, lc.Env, patterns, ops)
	for _, f := range slices.Sorted(maps.Keys(lc.Overlay)) {
		fmt.Fprintf(b, "%q %d\n", f, len(lc.Overlay[f]))
		b.Write(lc.Overlay[f])
	}
	return string(b.Sum(nil))
}

// holds reports whether had holds every one of lines.
func holds(had map[trace.Line]bool, lines []trace.Line) bool {
	for _, l := range lines {
		if !had[l] {
			return false
		}
	}
	return true
}

// program returns a mutant program whose schema holds the mutants of
// lines: the shared one if it holds them, else the one of the load under
// way if it will, else one loaded now (with the lines asked before too)
// and kept; a load goes on for at most timeout, past ctx's end.
func (s *ProbeShare) program(ctx context.Context, lc *trace.Config, patterns []string, lines []trace.Line, ops probeOps, timeout time.Duration) (*mutProgram, error) {
	e := s.entry(lc, patterns, ops)
	for {
		e.mu.Lock()
		if e.pr != nil && holds(e.lines, lines) {
			e.mu.Unlock()
			return e.pr, nil
		}
		l := e.loading
		if l == nil {
			l = s.load(ctx, e, lc, patterns, lines, ops, timeout)
		}
		e.mu.Unlock()
		select {
		case <-l.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if l.err != nil && holds(l.lines, lines) {
			return nil, l.err
		}
		// Loaded, or a load of other lines ended: look again.
	}
}

// held returns the program loaded for lc, patterns and repair, if any,
// with the lines it holds and those it lacks, each in the order of lines.
func (s *ProbeShare) held(lc *trace.Config, patterns []string, lines []trace.Line, ops probeOps) (pr *mutProgram, held, missing []trace.Line) {
	e := s.entry(lc, patterns, ops)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pr == nil {
		return nil, nil, lines
	}
	for _, l := range lines {
		if e.lines[l] {
			held = append(held, l)
		} else {
			missing = append(missing, l)
		}
	}
	return e.pr, held, missing
}

// prefetch starts a load of the mutant program of lines (with the
// lines loaded before) unless the program held or the load under way
// holds them; it does not wait.
func (s *ProbeShare) prefetch(ctx context.Context, lc *trace.Config, patterns []string, lines []trace.Line, ops probeOps, timeout time.Duration) {
	e := s.entry(lc, patterns, ops)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pr != nil && holds(e.lines, lines) {
		return
	}
	if e.loading != nil {
		// A probe or an earlier prefetch waits for it; the lines it
		// lacks are loaded when a probe asks for them.
		return
	}
	s.load(ctx, e, lc, patterns, lines, ops, timeout)
}

// load starts a load of the mutant program of lines and of those e
// holds (under e.mu), which becomes e's load under way.
func (s *ProbeShare) load(ctx context.Context, e *shareEntry, lc *trace.Config, patterns []string, lines []trace.Line, ops probeOps, timeout time.Duration) *shareLoad {
	l := &shareLoad{lines: maps.Clone(e.lines), done: make(chan struct{})}
	if l.lines == nil {
		l.lines = map[trace.Line]bool{}
	}
	for _, x := range lines {
		l.lines[x] = true
	}
	e.loading = l
	s.start(ctx, e, l, lc, patterns, ops, timeout)
	return l
}

// start loads l's program in its own goroutine, for at most timeout,
// past ctx's end (its values kept) until Close.
func (s *ProbeShare) start(ctx context.Context, e *shareEntry, l *shareLoad, lc *trace.Config, patterns []string, ops probeOps, timeout time.Duration) {
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	s.mu.Lock()
	if s.loads == nil {
		s.loads = map[*shareLoad]context.CancelFunc{}
	}
	s.loads[l] = cancel
	s.mu.Unlock()
	union := slices.SortedFunc(maps.Keys(l.lines), func(x, y trace.Line) int {
		if c := strings.Compare(x.File, y.File); c != 0 {
			return c
		}
		return x.Line - y.Line
	})
	go func() {
		pr, err := loadMutants(lctx, lc, patterns, targetsOfLines(union), ops)
		cancel()
		s.mu.Lock()
		delete(s.loads, l)
		s.mu.Unlock()
		e.mu.Lock()
		l.pr, l.err = pr, err
		if err == nil {
			e.pr, e.lines = pr, l.lines
		}
		e.loading = nil
		e.mu.Unlock()
		close(l.done)
	}()
}

// targetsOfLines returns the targets of lines, no values.
func targetsOfLines(lines []trace.Line) []mutate.Target {
	targets := make([]mutate.Target, len(lines))
	for i, l := range lines {
		targets[i] = mutate.Target{File: l.File, Line: l.Line}
	}
	return targets
}
