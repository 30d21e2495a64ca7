package main

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// mutationInfo is what a version's mutation analysis cost.
type mutationInfo struct {
	Lines   int // distinct lines of verified candidates, over the version's runs
	Mutants int // mutants that type-checked
	Dropped int // mutants that did not
	Runs    int // test executions (original and mutants)
	Time    time.Duration
}

// Keys of runResult.mut: the mutation-based tie policies.
const (
	mutMetallaxis = "mutation"
	mutMUSE       = "muse"
	mutFixes      = "fixes"
)

// mutationScores runs mutation.Analyze once for the version, on the lines
// of the verified candidates of all its runs (one mutant schema, one
// load), with the universe's tests, o.Jobs at a time; then scores each
// run's candidate lines from its own verified candidates: the generic
// mutants of those lines and the ANG mutants of its own angelic values
// (mutation.Analysis.Metallaxis, MUSE). Other runs' lines and
// values do not enter a run's scores.
func mutationScores(ctx context.Context, ver *version, rs []runResult, jobs int) (*mutationInfo, error) {
	var all []localize.Candidate
	verified := make([][]localize.Candidate, len(rs))
	lines := map[int]bool{}
	for i, r := range rs {
		for _, c := range r.cands {
			if c.Verified {
				verified[i] = append(verified[i], c)
				for _, l := range c.Locations {
					lines[l.Line] = true
				}
			}
		}
		all = append(all, verified[i]...)
	}
	tests, err := universeTests(ver)
	if err != nil {
		return nil, err
	}
	// The fixes policy: what mutation.FixProbe does with a run's report,
	// the mutants (repair operators included, no angelic values) of its
	// first lines, in the report's order.
	first := make([][]int, len(rs))
	var probed []localize.Candidate
	for i, r := range rs {
		for _, c := range r.cands {
			for _, l := range c.Locations {
				if l.File == ver.file && len(first[i]) < mutation.DefaultProbeLines && !slices.Contains(first[i], l.Line) {
					first[i] = append(first[i], l.Line)
					probed = append(probed, localize.Candidate{Locations: []localize.Location{{Position: localize.At(l.SourceLine())}}})
				}
			}
		}
	}
	fa, err := mutation.Analyze(ctx, probed, &mutation.Options{
		Load:     trace.Config{Dir: ver.dir, Overlay: ver.overlay},
		Patterns: []string{"."},
		Cases:    ver.prog.TestCases(tests),
		Parallel: jobs,
		Repair:   true,
	})
	if err != nil {
		return nil, fmt.Errorf("v%d: mutation analysis of the first lines: %w", ver.v.N, err)
	}
	a, err := mutation.Analyze(ctx, all, &mutation.Options{
		Load:     trace.Config{Dir: ver.dir, Overlay: ver.overlay},
		Patterns: []string{"."},
		Cases:    ver.prog.TestCases(tests),
		Parallel: jobs,
	})
	if err != nil {
		return nil, fmt.Errorf("v%d: mutation analysis: %w", ver.v.N, err)
	}
	for i := range rs {
		if rs[i].Err != "" {
			continue
		}
		rs[i].mut = map[string]map[int]float64{}
		for name, s := range map[string]localize.Suspiciousness{
			mutMetallaxis: a.Metallaxis(verified[i]),
			mutMUSE:       a.MUSE(verified[i]),
		} {
			m := map[int]float64{}
			for _, c := range rs[i].cands {
				for _, l := range c.Locations {
					if l.File == ver.file {
						m[l.Line] = s(l.File, l.Line)
					}
				}
			}
			rs[i].mut[name] = m
		}
		// The lines among its first with a plausible fix of this run's
		// test: the probe's evidence.
		fixed := map[int]bool{}
		for _, m := range fa.Fixes(rs[i].Test) {
			if m.File == ver.file && slices.Contains(first[i], m.Line) {
				fixed[m.Line] = true
			}
		}
		m := map[int]float64{}
		for _, c := range rs[i].cands {
			for _, l := range c.Locations {
				if l.File == ver.file {
					m[l.Line] = map[bool]float64{true: 1}[fixed[l.Line]]
				}
			}
		}
		rs[i].mut[mutFixes] = m
	}
	return &mutationInfo{Lines: len(lines), Mutants: len(a.Mutants), Dropped: a.Dropped, Runs: a.Stats.Runs + fa.Stats.Runs, Time: a.Stats.Total + fa.Stats.Total}, nil
}
