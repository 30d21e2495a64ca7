package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/pipeline"
)

// A rule is one way to order the lines of a failing case that the fix
// candidates leave: scores in order of precedence, as localize.Report.Fuse
// reads them.
type rule struct {
	name   string
	scores func(e *evidence) []localize.LineScores
	// report, if set, is the rule's report instead of scores'.
	report func(e *evidence) *localize.Report
}

// evidence is what the scorers say of one failing case.
type evidence struct {
	spectrum, slice, proximity localize.LineScores
	relevant                   localize.LineScores // ProximityScorer with Relevant
	def                        *localize.Report    // ranked by localize.DefaultScorers
	probed                     []*localize.Report  // def refined by each of probes
}

// weighted returns the slice's lines scored by Ochiai times
// proximity^(2k): Ochiai / (1+d)^k for distance d (ProximityScorer's
// scores are 1/sqrt(1+d)).
func (e *evidence) weighted(k float64) localize.LineScores {
	out := localize.LineScores{}
	for l, p := range e.proximity {
		if s, ok := e.spectrum[l]; ok {
			out[l] = s * math.Pow(p, 2*k)
		}
	}
	return out
}

// relevantWeighted returns the relevant slice's lines scored by Ochiai /
// (1+r)^k for their distance r in the relevant slice, those of the
// dynamic slice first, then the others.
func (e *evidence) relevantWeighted(k float64) []localize.LineScores {
	var inSlice, rest localize.LineScores = localize.LineScores{}, localize.LineScores{}
	for l, p := range e.relevant {
		if s, ok := e.spectrum[l]; ok {
			x := s * math.Pow(p, 2*k)
			if _, ok := e.slice[l]; ok {
				inSlice[l] = x
			}
			rest[l] = x
		}
	}
	return []localize.LineScores{inSlice, rest, e.spectrum}
}

// probes are the fix probes the rules compare.
var probes = []mutation.FixProbe{{Parallel: 2}, {Parallel: 2, Lines: 10}, {Parallel: 2, NoRepair: true}}

var rules = []rule{
	{name: "Ochiai", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.spectrum} }},
	{name: "slice, then Ochiai", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.slice, e.spectrum} }},
	{name: "slice by proximity, then Ochiai", scores: func(e *evidence) []localize.LineScores {
		return []localize.LineScores{e.proximity, e.spectrum}
	}},
	{name: "slice by Ochiai/(1+d)^0.25", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.weighted(0.25), e.spectrum} }},
	{name: "slice by Ochiai/(1+d)^0.5", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.weighted(0.5), e.spectrum} }},
	{name: "slice by Ochiai/(1+d)^0.75", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.weighted(0.75), e.spectrum} }},
	{name: "slice by Ochiai/(1+d)", scores: func(e *evidence) []localize.LineScores { return []localize.LineScores{e.weighted(1), e.spectrum} }},
	{name: "slice, then relevant slice, by Ochiai/(1+r)^0.25", scores: func(e *evidence) []localize.LineScores { return e.relevantWeighted(0.25) }},
	{name: "slice, then relevant slice, by Ochiai/(1+r)^0.5 (default)"},
	{name: "slice, then relevant slice, by Ochiai/(1+r)^0.75", scores: func(e *evidence) []localize.LineScores { return e.relevantWeighted(0.75) }},
	{name: "default, then the fix probe (default: 20 lines, repair operators)", report: func(e *evidence) *localize.Report { return e.probed[0] }},
	{name: "default, then the fix probe of 10 lines", report: func(e *evidence) *localize.Report { return e.probed[1] }},
	{name: "default, then the fix probe without repair operators", report: func(e *evidence) *localize.Report { return e.probed[2] }},
}

// rankersResult is the rank of a bug's faulty line under each rule.
type rankersResult struct {
	bug   bug
	err   string
	cases int
	ranks []int // by rule; 0: not ranked
}

// none is a technique that finds nothing: the rules order every line.
type none struct{}

func (none) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
}

// rankBug validates bug b in a fresh copy and ranks the lines of each of
// its failing cases by every rule, in this process, without fix
// candidates; a rule's rank of the bug is that of the failing case that
// places a faulty line best.
func rankBug(ctx context.Context, b bug, tmp string) rankersResult {
	r := rankersResult{bug: b, ranks: make([]int, len(rules))}
	bc, msg := loadBug(ctx, b, tmp, "rank")
	if bc == nil {
		r.err = msg
		return r
	}
	faulty, prog, pkg := bc.faulty, bc.prog, bc.pkg
	res, err := pipeline.Run(ctx, prog, pkg, &pipeline.Options{Run: historical.LocalizeRun(b.Run), Technique: none{}, Scorers: []localize.Scorer{}})
	if err != nil {
		r.err = err.Error()
		return r
	}
	if len(res.Failing) == 0 {
		r.err = "no failing case ran under faultloc"
		if len(res.Errors) > 0 {
			r.err += ": " + res.Errors[0].Error()
		}
		return r
	}
	for _, name := range res.Failing {
		f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, name), Spectrum: res.Spectrum}
		var e evidence
		var errs []string
		for _, s := range []struct {
			dst *localize.LineScores
			s   localize.Scorer
		}{{&e.spectrum, localize.SpectrumScorer{}}, {&e.slice, localize.SliceScorer{}}, {&e.proximity, localize.ProximityScorer{}}, {&e.relevant, localize.ProximityScorer{Relevant: true}}} {
			ls, err := s.s.Score(ctx, f)
			if err != nil {
				errs = append(errs, err.Error())
			}
			*s.dst = ls
		}
		if len(errs) > 0 {
			r.err = name + ": " + strings.Join(errs, "; ")
		}
		e.def = localize.NewReport(name, "none", "failed", nil)
		localize.Rank(ctx, e.def, f, localize.DefaultScorers()...)
		e.probed = nil
		for _, p := range probes {
			rep := localize.NewReport(name, "none", "failed", nil)
			rep.Ranking = slices.Clone(e.def.Ranking)
			start := time.Now()
			if err := p.Refine(ctx, rep, f); err != nil {
				r.err = strings.TrimPrefix(r.err+"; "+name+": "+err.Error(), "; ")
			}
			fmt.Fprintf(os.Stderr, "realbugs: %s: %s: fix probe (%d lines, no repair %v) %v: %d fixes\n", b.Name, name, p.Lines, p.NoRepair, time.Since(start).Round(time.Millisecond), len(rep.Fixes))
			e.probed = append(e.probed, rep)
		}
		r.cases++
		for i, ru := range rules {
			rep := e.def
			if ru.report != nil {
				rep = ru.report(&e)
			} else if ru.scores != nil {
				rep = localize.NewReport(name, "none", "failed", nil)
				rep.Fuse(nil, ru.scores(&e)...)
			}
			if k := firstFaulty(rep, faulty); k > 0 && (r.ranks[i] == 0 || k < r.ranks[i]) {
				r.ranks[i] = k
			}
		}
	}
	return r
}

// firstFaulty returns the rank of the first faulty line of rep's
// ranking (ties at their worst position), 0 if none.
func firstFaulty(rep *localize.Report, faulty func(string, int) bool) int {
	for _, l := range rep.Ranking {
		if faulty(l.File, l.Line) {
			return l.Rank
		}
	}
	return 0
}

// writeRankers writes the comparison of the rules.
func writeRankers(rep *strings.Builder, rs []rankersResult) {
	rep.WriteString("## Ranking rules compared\n\n" +
		"The lines that fix candidates leave are ordered by a rule over the evidence of the failing case:\n" +
		"its spectrum (Ochiai over the package's test cases, run in faultloc's interpreter), the dynamic\n" +
		"slice of its failure, and the distance d of a slice line from the failure in dependences\n" +
		"(localize.ProximityScorer), or r in the relevant slice's, where a branch whose other outcome would have\n" +
		"assigned what an event read counts as a dependence (ProximityScorer with Relevant). Each rule is a list\n" +
		"of scores in order of precedence (localize.Report.Fuse): \"slice by X, then Ochiai\" ranks the slice's\n" +
		"lines by X, then the other executed lines by Ochiai; \"slice, then relevant slice, by X\" ranks the\n" +
		"slice's lines by X, then the relevant slice's other lines by X, then the other executed lines by Ochiai.\n" +
		"Each cell is the rank of the bug's first faulty line (ties at their worst position) in the failing\n" +
		"case that places it best, without fix candidates; \"-\": not ranked. The default is\n" +
		"localize.DefaultScorers. \"Then the fix probe\" revises the default's ranking with mutation.FixProbe\n" +
		"(the refiner of pipeline.Run's default pipeline): the lines, among the first 20 (or 10), with a\n" +
		"plausible fix among their mutants (the failing case passes, no passing case that executes the line\n" +
		"fails; the operators of mutation-based fault localization and the repair ones, or the former alone)\n" +
		"move to the front. The probe has a time bound (mutation.DefaultProbeTimeout): what it settles on a\n" +
		"package with slow tests depends on the machine's load.\n\n")
	rep.WriteString("| bug | cases |")
	for _, ru := range rules {
		fmt.Fprintf(rep, " %s |", ru.name)
	}
	rep.WriteString("\n|---|--:|" + strings.Repeat("--:|", len(rules)) + "\n")
	tops := []int{1, 3, 5, 10}
	counts := make([][]int, len(rules))
	for i := range counts {
		counts[i] = make([]int, len(tops))
	}
	for _, r := range rs {
		if r.cases == 0 {
			fmt.Fprintf(rep, "| %s | error: %s |%s\n", r.bug.Name, cell(r.err), strings.Repeat(" |", len(rules)))
			continue
		}
		fmt.Fprintf(rep, "| %s | %d |", r.bug.Name, r.cases)
		for i, k := range r.ranks {
			if k == 0 {
				rep.WriteString(" - |")
				continue
			}
			fmt.Fprintf(rep, " %d |", k)
			for j, t := range tops {
				if k <= t {
					counts[i][j]++
				}
			}
		}
		rep.WriteString("\n")
	}
	for j, t := range tops {
		fmt.Fprintf(rep, "| **top %d** | |", t)
		for i := range rules {
			fmt.Fprintf(rep, " %d |", counts[i][j])
		}
		rep.WriteString("\n")
	}
	var errs []string
	for _, r := range rs {
		if r.cases > 0 && r.err != "" {
			errs = append(errs, fmt.Sprintf("- %s: %s", r.bug.Name, r.err))
		}
	}
	if len(errs) > 0 {
		rep.WriteString("\nEvidence that failed (the rules rank without it):\n\n" + strings.Join(errs, "\n") + "\n")
	}
}
