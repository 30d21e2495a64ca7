package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// flexInfo is the flexibility test of angelic debugging (localize.FlexTest)
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
}

// flexScores runs the flexibility test on the candidates of rs (the runs
// of ver) with n passing tests of the universe sampled by seed.
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
	fi := &flexInfo{Passing: len(passing)}
	cases := ver.prog.TestCases(passing)
	for _, r := range rs {
		if len(r.cands) == 0 {
			continue
		}
		out, err := localize.FlexTest(ctx, ver.prog, r.cands, &localize.FlexOptions{Passing: cases})
		if err != nil {
			return nil, fmt.Errorf("v%d %s: flexibility test: %w", ver.v.N, r.Test, err)
		}
		fi.Runs++
		for _, c := range out {
			fi.Candidates++
			fi.Replays += c.Flex.Runs
			if !c.Inhibited() {
				continue
			}
			fi.Inhibited++
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
	p("For `-flex`, `localize.FlexTest` on each run's candidates, with a seeded sample of the universe's tests that the " +
		"version passes (twelve inputs, an output expected). A candidate is inhibited when a sampled passing test that " +
		"executes its line fails under every alternate value tried at its instances (an approximate verdict: the values " +
		"tried are few). Expected EXAM (random order among ties) of the candidates as AgxFaults orders them, with the " +
		"inhibited ones demoted, and with them removed (a faulty line left unranked then counts as half the unread " +
		"lines).\n\n")
	p("| v | passing | runs | candidates | inhibited | inhibited faulty (verified) | replays | EXAM | demoted | removed | time |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|\n")
	var t flexInfo
	for _, v := range vers {
		f := v.Flex
		if f == nil {
			continue
		}
		p("| v%d | %d | %d | %d | %d | %d (%d) | %d | %.1f%% | %.1f%% | %.1f%% | %.1f s |\n", v.N, f.Passing, f.Runs, f.Candidates, f.Inhibited,
			f.InhibitedFaulty, f.InhibitedFaultyVerified, f.Replays, pctOf(f.ExamTie, f.Runs), pctOf(f.ExamTieDemoted, f.Runs), pctOf(f.ExamTieRemoved, f.Runs), f.Time.Seconds())
		t.Runs += f.Runs
		t.Candidates += f.Candidates
		t.Inhibited += f.Inhibited
		t.InhibitedFaulty += f.InhibitedFaulty
		t.InhibitedFaultyVerified += f.InhibitedFaultyVerified
		t.Replays += f.Replays
		t.ExamTie += f.ExamTie
		t.ExamTieDemoted += f.ExamTieDemoted
		t.ExamTieRemoved += f.ExamTieRemoved
		t.Time += f.Time
	}
	p("| **all** | | %d | %d | %d | %d (%d) | %d | %.1f%% | %.1f%% | %.1f%% | %.1f s |\n", t.Runs, t.Candidates, t.Inhibited,
		t.InhibitedFaulty, t.InhibitedFaultyVerified, t.Replays, pctOf(t.ExamTie, t.Runs), pctOf(t.ExamTieDemoted, t.Runs), pctOf(t.ExamTieRemoved, t.Runs), t.Time.Seconds())
	if t.Replays > 0 {
		p("\nCost: %.2f ms of wall time per replay of a passing test (loading and the passing tests' own runs included).\n",
			float64(t.Time.Milliseconds())/float64(t.Replays))
	}
}

// pctOf is the mean of a sum of fractions over n, as a percentage.
func pctOf(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * sum / float64(n)
}
