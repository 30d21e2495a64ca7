package main

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// flexResult is what the flexibility test did to one historical bug's
// AgxFaults ranking: the verified candidates of its failing cases tested
// on the package's passing cases (angelic.FlexTest), the inhibited ones
// demoted.
type flexResult struct {
	bug        bug
	err        string
	cases      int // failing cases localized
	passing    int // passing cases of the package
	candidates int // verified candidates tested, over the failing cases
	inhibited  int // of them, inhibited by a passing case
	proved     int // of those, with an inhibitor the solver search proved
	// faultyInhibited is set when an inhibited candidate holds a faulty
	// line.
	faultyInhibited bool
	// rank and demoted are the ranks of the first faulty line (the
	// failing case that places it best) without and with the inhibited
	// candidates demoted; 0: not ranked.
	rank, demoted int
	executable    int
	partial       bool // a flexibility test stopped at its bound
	agxTime       time.Duration
	flexTime      time.Duration
}

// flexBug validates bug b in a fresh copy, localizes each of its failing
// cases with AgxFaults in this process (pipeline.Run with
// agx.Technique, timeout per case and four times that plus a minute in
// all, ranked by localize.DefaultScorers), and tests the
// flexibility of each report's verified candidates on the package's
// passing cases, within flexBound per failing case.
func flexBug(ctx context.Context, b bug, tmp string, timeout, flexBound time.Duration) flexResult {
	r := flexResult{bug: b}
	bc, msg := loadBug(ctx, b, tmp, "flex")
	if bc == nil {
		r.err = msg
		return r
	}
	dir, path, faulty, prog, pkg := bc.dir, bc.path, bc.faulty, bc.prog, bc.pkg
	r.executable = executableLines(filepath.Join(dir, b.Package()), filepath.Dir(path))
	start := time.Now()
	// The whole localization is bounded as -kinds historical bounds
	// faultloc's run (-deadline): listing the cases runs all the
	// package's tests.
	lctx, cancel := context.WithTimeout(ctx, 4*timeout+time.Minute)
	// The fix probe alone: the candidates tested are AgxFaults's, not
	// those ForceProbe finds without the solver.
	refiners := []localize.Refiner{mutation.FixProbe{Parallel: runtime.NumCPU()}}
	res, err := pipeline.Run(lctx, prog, pkg, &pipeline.Options{Run: historical.LocalizeRun(b.Run), Technique: &agx.Technique{}, Scorers: []localize.Scorer{}, Refiners: refiners, Timeout: timeout})
	cancel()
	r.agxTime = time.Since(start)
	if err != nil {
		r.err = err.Error()
		return r
	}
	if len(res.Reports) == 0 {
		r.err = "no failing case ran under faultloc"
		if len(res.Errors) > 0 {
			r.err += ": " + res.Errors[0].Error()
		}
		return r
	}
	var passing []trace.Case
	for i := range res.Spectrum.NumTests() {
		if t := res.Spectrum.Test(i); !t.Failed {
			passing = append(passing, prog.GoTestCase(pkg, t.Name))
		}
	}
	r.passing = len(passing)
	best := func(cur, k int) int {
		if k > 0 && (cur == 0 || k < cur) {
			return k
		}
		return cur
	}
	for _, rep := range res.Reports {
		r.cases++
		f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, rep.Test), Spectrum: res.Spectrum}
		localize.Rank(ctx, rep, f, localize.DefaultScorers()...)
		r.rank = best(r.rank, firstFaulty(rep, faulty))

		var verified, other []localize.Candidate
		for _, c := range rep.Candidates {
			if c.Verified {
				verified = append(verified, c)
			} else {
				other = append(other, c)
			}
		}
		fctx, cancel := context.WithTimeout(ctx, flexBound)
		start := time.Now()
		tested, err := angelic.FlexTest(fctx, prog, verified, &angelic.FlexOptions{Passing: passing})
		r.flexTime += time.Since(start)
		cancel()
		if err != nil {
			r.partial = true // the candidates tested so far count
		}
		r.candidates += len(tested)
		for _, c := range tested {
			if !c.Inhibited() {
				continue
			}
			r.inhibited++
			if len(c.Flex.Proved) > 0 {
				r.proved++
			}
			if slices.ContainsFunc(c.Locations, func(l localize.Location) bool { return faulty(l.File, l.Line) }) {
				r.faultyInhibited = true
			}
		}
		rep.Candidates = append(tested, other...)
		rep.PruneInhibited(true)
		localize.Rank(ctx, rep, f, localize.DefaultScorers()...)
		r.demoted = best(r.demoted, firstFaulty(rep, faulty))
	}
	return r
}

// writeFlex writes the flexibility test's table.
func writeFlex(rep *strings.Builder, rs []flexResult, flexBound time.Duration) {
	fmt.Fprintf(rep, "## Flexibility test on AgxFaults' candidates\n\n"+
		"Each bug's failing cases are localized with AgxFaults in this process (pipeline.Run with agx.Technique,\n"+
		"its default options, -timeout per failing case and four times that plus a minute in all, ranked by\n"+
		"localize.DefaultScorers); each report's verified candidates are then tested\n"+
		"by angelic.FlexTest (its defaults: the values tried, then the solver search) on the package's passing test\n"+
		"cases, within %v per failing case, and the inhibited ones demoted (localize.Report.PruneInhibited), the ranking\n"+
		"redone. candidates: verified candidates tested, over the failing cases; inhibited: those a passing case\n"+
		"inhibits (proved: with an inhibitor the solver search proved); faulty inhibited: an inhibited candidate holds\n"+
		"a faulty line; rank: lines read in the ranking up to the first faulty line (the failing case that places it\n"+
		"best; \"-\": not ranked), as AgxFaults ranks them and with the inhibited candidates demoted; EXAM: rank /\n"+
		"executable lines; cut: the flexibility test of a failing case reached its bound (what it decided counts);\n"+
		"time: AgxFaults' localization, then the flexibility test.\n\n", flexBound)
	rep.WriteString("| bug | cases | passing | candidates | inhibited (proved) | faulty inhibited | rank | demoted | EXAM | demoted | cut | time |\n" +
		"|---|--:|--:|--:|--:|---|--:|--:|--:|--:|---|--:|\n")
	var n, placed, placedD, faultyInh, better, worse int
	var sumExam, sumExamD float64
	exam := func(k, exec int) (string, float64) {
		if k == 0 || exec == 0 {
			return "-", 0
		}
		x := float64(k) / float64(exec)
		return fmt.Sprintf("%.3f", x), x
	}
	rk := func(k int) string {
		if k == 0 {
			return "-"
		}
		return fmt.Sprint(k)
	}
	for _, r := range rs {
		if r.cases == 0 {
			fmt.Fprintf(rep, "| %s | error: %s | | | | | | | | | | |\n", r.bug.Name, cell(r.err))
			continue
		}
		n++
		e, x := exam(r.rank, r.executable)
		ed, xd := exam(r.demoted, r.executable)
		if r.rank > 0 {
			placed++
			sumExam += x
		}
		if r.demoted > 0 {
			placedD++
			sumExamD += xd
		}
		if r.faultyInhibited {
			faultyInh++
		}
		switch {
		case r.demoted > 0 && (r.rank == 0 || r.demoted < r.rank):
			better++
		case r.rank > 0 && (r.demoted == 0 || r.demoted > r.rank):
			worse++
		}
		fmt.Fprintf(rep, "| %s | %d | %d | %d | %d (%d) | %s | %s | %s | %s | %s | %s | %v + %v |\n", r.bug.Name, r.cases, r.passing, r.candidates,
			r.inhibited, r.proved, yesNo(r.faultyInhibited), rk(r.rank), rk(r.demoted), e, ed, yesNo(r.partial),
			r.agxTime.Round(100*time.Millisecond), r.flexTime.Round(100*time.Millisecond))
	}
	fmt.Fprintf(rep, "\n%d bugs localized; a faulty line ranked in %d as AgxFaults ranks it (mean EXAM of those %.3f), in %d with the inhibited candidates demoted (mean EXAM %.3f); demotion placed the faulty line better in %d and worse in %d; an inhibited candidate held a faulty line in %d.\n",
		n, placed, mean(sumExam, placed), placedD, mean(sumExamD, placedD), better, worse, faultyInh)
	var errs []string
	for _, r := range rs {
		if r.cases > 0 && r.err != "" {
			errs = append(errs, fmt.Sprintf("- %s: %s", r.bug.Name, r.err))
		}
	}
	if len(errs) > 0 {
		rep.WriteString("\nErrors:\n\n" + strings.Join(errs, "\n") + "\n")
	}
}

// mean is sum/n, 0 when n is 0.
func mean(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
