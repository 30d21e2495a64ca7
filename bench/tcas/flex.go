package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/faultloc/faultloc/localize/angelic"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// flexInfo is the flexibility test of angelic debugging (angelic.FlexTest)
// on one version's AgxFaults candidates: every run's candidates tested on
// a seeded sample of the universe's tests the version passes.
type flexInfo struct {
	Passing int // passing tests sampled
	Runs    int // AgxFaults runs whose candidates were tested
	// Candidates tested; Inhibited of them (a sampled passing test
	// inhibits them); InhibitedFaulty of those hold a faulty line, and
	// InhibitedFaultyVerified are also verified (the done-when: none).
	Candidates, Inhibited, InhibitedFaulty, InhibitedFaultyVerified int
	// ExamTie and ExamTieDemoted sum the runs' expected EXAM (random
	// order among ties) before and after the inhibited candidates are
	// demoted (localize.Report.PruneInhibited with demote); Removed, the
	// EXAM when they are removed, a faulty line then unranked counting as
	// bench/tcas's exam does.
	ExamTie, ExamTieDemoted, ExamTieRemoved float64
	Replays                                 int // replays of passing tests
	Time                                    time.Duration
	// Proved counts the inhibited candidates with an inhibitor the solver
	// search proved (localize.Flexibility.Proved), Searches the searches
	// and SolverFlexible the (candidate, case) pairs flexible by a value
	// the solver found.
	Proved, Searches, SolverFlexible int
	// Values is the same test with the values tried alone
	// (angelic.FlexOptions.NoSolver), for comparison: its Values is nil.
	Values *flexInfo
}

// flexScores runs the flexibility test on the candidates of rs (the runs
// of ver) with n passing tests of the universe sampled by seed: with its
// solver search, and again with the values tried alone (flexInfo.Values).
func flexScores(ctx context.Context, ver *version, rs []runResult, n int, seed uint64) (*flexInfo, error) {
	start := time.Now()
	tests, err := universeTests(ver)
	if err != nil {
		return nil, err
	}
	var passing []trace.Test
	for _, t := range tests {
		if t.WantPanic {
			continue
		}
		res, err := ver.prog.RunTest(ctx, t, &trace.RunOptions{NoTrace: true})
		if err != nil {
			return nil, fmt.Errorf("v%d: %s: %w", ver.v.N, t.Name, err)
		}
		if res.Passed() {
			passing = append(passing, t)
		}
	}
	if n < len(passing) {
		r := rand.New(rand.NewPCG(seed, uint64(ver.v.N)))
		perm := r.Perm(len(passing))[:n]
		slices.Sort(perm)
		sample := make([]trace.Test, n)
		for i, p := range perm {
			sample[i] = passing[p]
		}
		passing = sample
	}
	cases := ver.prog.TestCases(passing)
	fi, err := flexRuns(ctx, ver, rs, cases, false)
	if err != nil {
		return nil, err
	}
	if fi.Values, err = flexRuns(ctx, ver, rs, cases, true); err != nil {
		return nil, err
	}
	fi.Time = time.Since(start) - fi.Values.Time // the load and the sampling's runs counted once
	return fi, nil
}

// flexRuns runs the flexibility test on the candidates of rs with the
// passing cases, with or without its solver search (noSolver).
func flexRuns(ctx context.Context, ver *version, rs []runResult, cases []trace.Case, noSolver bool) (*flexInfo, error) {
	start := time.Now()
	fi := &flexInfo{Passing: len(cases)}
	for _, r := range rs {
		if len(r.cands) == 0 {
			continue
		}
		out, err := angelic.FlexTest(ctx, ver.prog, r.cands, &angelic.FlexOptions{Passing: cases, NoSolver: noSolver})
		if err != nil {
			return nil, fmt.Errorf("v%d %s: flexibility test: %w", ver.v.N, r.Test, err)
		}
		fi.Runs++
		for _, c := range out {
			fi.Candidates++
			fi.Replays += c.Flex.Runs
			fi.Searches += c.Flex.Searches
			for _, v := range c.Flex.Flexible {
				if v.Solver {
					fi.SolverFlexible++
				}
			}
			if !c.Inhibited() {
				continue
			}
			fi.Inhibited++
			if len(c.Flex.Proved) > 0 {
				fi.Proved++
			}
			if slices.ContainsFunc(c.Locations, func(l localize.Location) bool { return l.File == ver.file && ver.faulty[l.Line] }) {
				fi.InhibitedFaulty++
				if c.Verified {
					fi.InhibitedFaultyVerified++
				}
			}
		}
		fi.ExamTie += examOf(out, r.Exec, ver, false, false)
		fi.ExamTieDemoted += examOf(out, r.Exec, ver, true, true)
		fi.ExamTieRemoved += examOf(out, r.Exec, ver, true, false)
	}
	fi.Time = time.Since(start)
	return fi, nil
}

// examOf is the expected EXAM of reading the candidates cs as AgxFaults
// orders them (prune false), or with the inhibited ones read last
// (demote) or not at all: ties are read in a random order (tieRank), the
// inhibited candidates forming groups of their own after the others.
func examOf(cs []localize.Candidate, exec int, ver *version, prune, demote bool) float64 {
	lines := func(cs []localize.Candidate) int {
		seen := map[int]bool{}
		for _, c := range cs {
			for _, l := range c.Locations {
				seen[l.Line] = true
			}
		}
		return len(seen)
	}
	if !prune {
		if rank := tieRank(cs, ver.file, ver.faulty, nil); rank > 0 {
			return rank / float64(exec)
		}
		return exam(0, lines(cs), exec)
	}
	kept := slices.DeleteFunc(slices.Clone(cs), localize.Candidate.Inhibited)
	if rank := tieRank(kept, ver.file, ver.faulty, nil); rank > 0 {
		return rank / float64(exec)
	}
	if demote {
		inhibited := slices.DeleteFunc(slices.Clone(cs), func(c localize.Candidate) bool { return !c.Inhibited() })
		if rank := tieRank(inhibited, ver.file, ver.faulty, nil); rank > 0 {
			return (float64(lines(kept)) + rank) / float64(exec)
		}
		return exam(0, lines(cs), exec)
	}
	return exam(0, lines(kept), exec)
}

// writeFlex writes the flexibility test's section.
func writeFlex(p func(string, ...any), vers []versionInfo) {
	p("\n## Flexibility test (angelic debugging)\n\n")
	p("For `-flex`, `angelic.FlexTest` on each run's candidates, with a seeded sample of the universe's tests that the " +
		"version passes (twelve inputs, an output expected). A candidate is inhibited when a sampled passing test that " +
		"executes its line fails under every alternate value tried at its instances and, with the solver search (the " +
		"default), when the search of that test's formula finds no other value that its replay verifies: proved when " +
		"the formula has none (within what it models), undecided (the test then decides nothing) when the search ran out " +
		"of bounds. The search stops, for a candidate, at its first proved inhibitor. Expected EXAM (random order among " +
		"ties) of the candidates as AgxFaults orders them, with the inhibited ones demoted, and with them removed (a " +
		"faulty line left unranked then counts as half the unread lines). The columns headed *values* are the same test " +
		"with the values tried alone (`FlexOptions.NoSolver`), on the same candidates and passing tests.\n\n")
	p("| v | passing | runs | candidates | inhibited (proved) | *values*: inhibited | inhibited faulty (verified) | *values* | searches | solver values | replays | EXAM | demoted | *values* | removed | *values* | time | *values* |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var t, tv flexInfo
	add := func(t, f *flexInfo) {
		t.Runs += f.Runs
		t.Candidates += f.Candidates
		t.Inhibited += f.Inhibited
		t.Proved += f.Proved
		t.InhibitedFaulty += f.InhibitedFaulty
		t.InhibitedFaultyVerified += f.InhibitedFaultyVerified
		t.Replays += f.Replays
		t.Searches += f.Searches
		t.SolverFlexible += f.SolverFlexible
		t.ExamTie += f.ExamTie
		t.ExamTieDemoted += f.ExamTieDemoted
		t.ExamTieRemoved += f.ExamTieRemoved
		t.Time += f.Time
	}
	row := func(name, passing string, f, v *flexInfo) {
		p("| %s | %s | %d | %d | %d (%d) | %d | %d (%d) | %d (%d) | %d | %d | %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f s | %.1f s |\n", name, passing, f.Runs, f.Candidates,
			f.Inhibited, f.Proved, v.Inhibited, f.InhibitedFaulty, f.InhibitedFaultyVerified, v.InhibitedFaulty, v.InhibitedFaultyVerified, f.Searches, f.SolverFlexible, f.Replays,
			pctOf(f.ExamTie, f.Runs), pctOf(f.ExamTieDemoted, f.Runs), pctOf(v.ExamTieDemoted, v.Runs), pctOf(f.ExamTieRemoved, f.Runs), pctOf(v.ExamTieRemoved, v.Runs), f.Time.Seconds(), v.Time.Seconds())
	}
	for _, v := range vers {
		f := v.Flex
		if f == nil {
			continue
		}
		vals := f.Values
		if vals == nil {
			vals = &flexInfo{}
		}
		row(fmt.Sprintf("v%d", v.N), fmt.Sprint(f.Passing), f, vals)
		add(&t, f)
		add(&tv, vals)
	}
	row("**all**", "", &t, &tv)
	if t.Replays > 0 {
		p("\nCost: %.2f ms of wall time per replay of a passing test with the solver search (its searches included), %.2f ms with the values alone "+
			"(loading and the passing tests' own runs included).\n", float64(t.Time.Milliseconds())/float64(t.Replays), float64(tv.Time.Milliseconds())/float64(max(tv.Replays, 1)))
	}
}

// pctOf is the mean of a sum of fractions over n, as a percentage.
func pctOf(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * sum / float64(n)
}
