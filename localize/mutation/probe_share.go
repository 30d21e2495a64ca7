package mutation

import (
	"context"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

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
// that asks for a line it does not hold loads the program again with the
// schema of all the lines asked so far and its own, within its own bound,
// and the share keeps that one. A probe waits while another one loads the
// same program and then uses it if it holds its lines. The fixes found
// are those of a probe without a share: only the mutants of its own lines
// run.
//
// A share is for one state of the sources (one run of the pipeline; a file
// changed on disk is not seen). Its zero value is ready to use; it is safe
// for concurrent probes.
type ProbeShare struct {
	mu      sync.Mutex
	entries map[string]*shareEntry
}

// shareEntry is the shared mutant program of one load.
type shareEntry struct {
	// sem is held by the probe that loads the program; others wait for
	// it, or for their context's end.
	sem chan struct{}

	mu    sync.Mutex
	lines map[trace.Line]bool // the lines pr's schema holds
	pr    *mutProgram         // nil before the first load
}

// probeLoads, if set, is called at each load of a mutant program (tests
// count them).
var probeLoads func()

// entry returns the shared program of the load lc, patterns, repair.
func (s *ProbeShare) entry(lc *trace.Config, patterns []string, repair bool) *shareEntry {
	k := shareKey(lc, patterns, repair)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entries == nil {
		s.entries = map[string]*shareEntry{}
	}
	e := s.entries[k]
	if e == nil {
		e = &shareEntry{sem: make(chan struct{}, 1)}
		s.entries[k] = e
	}
	return e
}

// shareKey identifies a load: the config (with its overlay's contents),
// the patterns and the operators.
func shareKey(lc *trace.Config, patterns []string, repair bool) string {
	b := sha256.New()
	fmt.Fprintf(b, "%q %v %q %q %q %v\n", lc.Dir, lc.Tests, lc.BuildFlags, lc.Env, patterns, repair)
	for _, f := range slices.Sorted(maps.Keys(lc.Overlay)) {
		fmt.Fprintf(b, "%q %d\n", f, len(lc.Overlay[f]))
		b.Write(lc.Overlay[f])
	}
	return string(b.Sum(nil))
}

// covered returns e's program if its schema holds every one of lines.
func (e *shareEntry) covered(lines []trace.Line) (*mutProgram, map[trace.Line]bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pr == nil {
		return nil, e.lines
	}
	for _, l := range lines {
		if !e.lines[l] {
			return nil, e.lines
		}
	}
	return e.pr, e.lines
}

// probe returns a mutant program whose schema holds the mutants of lines:
// the shared one if it holds them, else one loaded now (with the lines
// asked before too) and kept.
func (s *ProbeShare) program(ctx context.Context, lc *trace.Config, patterns []string, lines []trace.Line, repair bool) (*mutProgram, error) {
	e := s.entry(lc, patterns, repair)
	if pr, _ := e.covered(lines); pr != nil {
		return pr, nil
	}
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-e.sem }()
	pr, had := e.covered(lines)
	if pr != nil {
		return pr, nil // loaded while this one waited
	}
	all := maps.Clone(had)
	if all == nil {
		all = map[trace.Line]bool{}
	}
	for _, l := range lines {
		all[l] = true
	}
	union := slices.SortedFunc(maps.Keys(all), func(x, y trace.Line) int {
		if c := strings.Compare(x.File, y.File); c != 0 {
			return c
		}
		return x.Line - y.Line
	})
	pr, err := loadMutants(ctx, lc, patterns, targetsOfLines(union), repair)
	if err != nil {
		if len(had) > 0 && ctx.Err() == nil {
			// A line asked before may keep the wider schema from
			// loading: this probe's lines alone, not kept.
			return loadMutants(ctx, lc, patterns, targetsOfLines(lines), repair)
		}
		return nil, err
	}
	e.mu.Lock()
	e.pr, e.lines = pr, all
	e.mu.Unlock()
	return pr, nil
}

// targetsOfLines returns the targets of lines, no values.
func targetsOfLines(lines []trace.Line) []mutate.Target {
	targets := make([]mutate.Target, len(lines))
	for i, l := range lines {
		targets[i] = mutate.Target{File: l.File, Line: l.Line}
	}
	return targets
}
