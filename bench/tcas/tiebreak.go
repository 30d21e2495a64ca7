package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// A tiePolicy orders the candidates of a run that tie on localize's
// ranking keys (verified first, then size) by a score of their lines,
// then by position: localize.Report.Rerank with a localize.Suspiciousness.
// Every run is localized once, in the report's default order (position);
// each policy chosen with -tiebreak reorders a copy of its report and is
// scored like the report's own order, with the expected rank when the
// candidates that still tie (on verified, size and score) are read in a
// random order. The report's order (position) and the expectation of a
// random order of the ties are always scored.
type tiePolicy struct {
	Name string
	// Evidence says what information the policy uses beyond the failing
	// test being localized.
	Evidence string
	// Doc defines the policy's line score for the report.
	Doc string
	// Mutation says the policy needs the version's mutation analysis
	// (mutationScores).
	Mutation bool
	// Spectrum names the formula (spectraFormulas) over the universe
	// that gives the scores; "" for policies computed from the reports.
	Spectrum string
	// lines computes the line scores of run i of a version from the
	// version's runs, for policies computed from the reports.
	lines func(rs []runResult, i int) map[int]float64
	// parts, for a composite policy "a+b", are a and b: order by a, ties
	// by b.
	parts []tiePolicy
}

// tiePolicies are the policies -tiebreak can choose, in report order.
var tiePolicies = []tiePolicy{
	{
		Name: "ochiai", Spectrum: "ochiai",
		Evidence: "every passing and failing test of the universe",
		Doc: "the line's Ochiai score over the whole universe (the spectrum of the baseline below): SAT-TAR's " +
			"combination of a formula's suspects with a spectrum, with far more information than the paper's " +
			"single failing test",
	},
	{
		Name: "tarantula", Spectrum: "tarantula",
		Evidence: "every passing and failing test of the universe",
		Doc:      "the line's Tarantula score over the whole universe, as for ochiai",
	},
	{
		Name: "failcount", lines: failingCount,
		Evidence: "the version's other evaluated failing tests, no passing test",
		Doc: "how many of the version's evaluated failing tests have a verified candidate holding the line " +
			"(BugAssist's ranking by how often a location appears across failing tests); it depends on which " +
			"failing tests are evaluated (all of them with -all)",
	},
	{
		Name: "ochiai-mfc", Spectrum: passingKey,
		Evidence: "the version's other evaluated failing tests and every passing test of the universe",
		Doc: "Ochiai, ef / sqrt(F (ef + ep)), where a failing test involves a line when one of its verified " +
			"candidates holds it (ef: failcount's count, F: the version's evaluated failing tests in the mode) " +
			"and a passing test when it executes it (ep, over the universe): the formula's evidence on the " +
			"failing side, coverage on the passing side",
	},
	{
		Name: mutMetallaxis, Mutation: true,
		lines:    func(rs []runResult, i int) map[int]float64 { return rs[i].mut[mutMetallaxis] },
		Evidence: "every passing and failing test of the universe, run on mutants of the run's candidate lines",
		Doc: "Metallaxis-FL (Papadakis and Le Traon, STVR 2015; mutation.Analysis.Metallaxis): the score of " +
			"the line's best mutant, kf / sqrt(F (kf + kp)), where kf and kp count the failing and passing tests of " +
			"the universe whose output (or panic) the mutant changes and F is the universe's failing tests; 0 when " +
			"no failing test changes. The mutants (mutation.Analyze) are those of the run's verified candidate lines: " +
			"ROR, LCR, AOR, CRP (constant ±1), NEG and CON (condition negated, or true, false), and ANG, the line's " +
			"right-hand side or result replaced by one of the run's own angelic values; a line without a mutant " +
			"(no operator applies) scores below all",
	},
	{
		Name: mutMUSE, Mutation: true,
		lines:    func(rs []runResult, i int) map[int]float64 { return rs[i].mut[mutMUSE] },
		Evidence: "every passing and failing test of the universe, run on mutants of the run's candidate lines",
		Doc: "MUSE (Moon, Kim, Kim and Yoo, ICST 2014; mutation.Analysis.MUSE): over the same mutants, the " +
			"line's mean of f2p / (F2P + 1) − α p2f / (P2F + 1), where f2p counts the failing tests the mutant makes " +
			"pass, p2f the passing tests it makes fail, F2P and P2F their sums over the mutants of the run's " +
			"candidate lines and α = F2P / P2F (the mean divides by the line's mutants plus one)",
	},
	{
		Name: mutFixes, Mutation: true,
		lines:    func(rs []runResult, i int) map[int]float64 { return rs[i].mut[mutFixes] },
		Evidence: "every passing test of the universe, run on mutants of the report's first lines",
		Doc: "1 for a line among the report's first (mutation.DefaultProbeLines, in the report's order) with a " +
			"plausible fix of the failing test among their mutants (the operators above but ANG, and the repair " +
			"operators: a variable read as another, an integer off by one; mutation.Options.Repair): the " +
			"failing test passes and no passing test of the universe fails (mutation.Analysis.Fixes); 0 for " +
			"the others: the evidence mutation.FixProbe, a refiner of pipeline.Run's default pipeline, adds to a " +
			"ranking's first lines",
	},
	{
		Name: "frequency", lines: frequency,
		Evidence: "nothing but the failing test",
		Doc: "how many of the run's verified candidates hold the line: with size bound 1 every line is in " +
			"one candidate and the order is position's; with a larger bound a line in many minimal fixes " +
			"takes part in many ways of making the test pass",
	},
	{
		Name: "guards", lines: func(rs []runResult, i int) map[int]float64 { return kind(rs[i].cands, true) },
		Evidence: "nothing but the failing test",
		Doc: "1 for a line whose angelic values are branch decisions (a guard), 0 for the others " +
			"(assignments, calls, returns): a prior on the kind of statement, not on the subject",
	},
	{
		Name: "assignments", lines: func(rs []runResult, i int) map[int]float64 { return kind(rs[i].cands, false) },
		Evidence: "nothing but the failing test",
		Doc:      "the opposite prior: 1 for a line whose angelic values are values, 0 for a guard",
	},
}

// parseTies parses -tiebreak: a comma-separated list of tiePolicies'
// names ("" or "none": no policy beyond position and random), or of
// composites "a+b" (order by a, ties by b; any number of parts).
func parseTies(s string) ([]tiePolicy, error) {
	var out []tiePolicy
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" || name == "none" || name == "position" || name == "random" {
			continue // position and random are always scored
		}
		var parts []tiePolicy
		for _, part := range strings.Split(name, "+") {
			i := slices.IndexFunc(tiePolicies, func(p tiePolicy) bool { return p.Name == part })
			if i < 0 {
				var names []string
				for _, p := range tiePolicies {
					names = append(names, p.Name)
				}
				return nil, fmt.Errorf("unknown -tiebreak policy %q (want position, random, %s, or a+b: by a, ties by b)", part, strings.Join(names, ", "))
			}
			parts = append(parts, tiePolicies[i])
		}
		p := parts[0]
		if len(parts) > 1 {
			p = tiePolicy{Name: name, parts: parts}
			var ev, doc []string
			for _, q := range parts {
				if !slices.Contains(ev, q.Evidence) {
					ev = append(ev, q.Evidence)
				}
				doc = append(doc, q.Name)
			}
			p.Evidence = strings.Join(ev, "; ")
			p.Doc = "by " + doc[0] + ", ties by " + strings.Join(doc[1:], ", then by ") + " (lexicographic)"
		}
		if !slices.ContainsFunc(out, func(q tiePolicy) bool { return q.Name == name }) {
			out = append(out, p)
		}
	}
	return out, nil
}

// needsSpectrum reports whether p or one of its parts uses the universe's
// spectrum.
func (p tiePolicy) needsSpectrum() bool {
	return p.Spectrum != "" || slices.ContainsFunc(p.parts, tiePolicy.needsSpectrum)
}

// needsMutation reports whether p or one of its parts uses the mutation
// analysis.
func (p tiePolicy) needsMutation() bool {
	return p.Mutation || slices.ContainsFunc(p.parts, tiePolicy.needsMutation)
}

// scores are the line scores of run i under p. A composite's score is
// lexicographic: each part's scores are replaced by their dense rank among
// the lines scored (lines missing from a part rank lowest), and the ranks
// combined in mixed radix, exactly in a float64 for the few dozen lines of
// a run.
func (p tiePolicy) scores(rs []runResult, i int, spectrum map[string]map[int]float64) map[int]float64 {
	switch {
	case p.lines != nil:
		return p.lines(rs, i)
	case p.Spectrum == passingKey:
		return mfcOchiai(rs, i, spectrum[passingKey])
	case p.parts == nil:
		return spectrum[p.Spectrum]
	}
	var lines []int
	for _, c := range rs[i].cands {
		for _, l := range c.Locations {
			if !slices.Contains(lines, l.Line) {
				lines = append(lines, l.Line)
			}
		}
	}
	out := make(map[int]float64, len(lines))
	for _, l := range lines {
		out[l] = 0
	}
	for _, q := range p.parts {
		sc := q.scores(rs, i, spectrum)
		val := func(l int) float64 {
			if x, ok := sc[l]; ok && !math.IsNaN(x) {
				return x
			}
			return math.Inf(-1)
		}
		var distinct []float64
		for _, l := range lines {
			if !slices.Contains(distinct, val(l)) {
				distinct = append(distinct, val(l))
			}
		}
		slices.Sort(distinct)
		radix := float64(len(lines) + 1)
		for _, l := range lines {
			out[l] = out[l]*radix + float64(slices.Index(distinct, val(l)))
		}
	}
	return out
}

// tieScore is one run scored under one tie policy.
type tieScore struct {
	Rank    int     // best-ranked faulty line (0: none)
	Exam    float64 // as runResult.Exam
	RankTie float64 // ties left by the score in random order (see tieRank)
	ExamTie float64
}

// scoreTies scores the runs of one version under each policy; spectrum
// gives the universe's line scores by formula. It drops the runs' kept
// candidates afterwards.
func scoreTies(rs []runResult, pols []tiePolicy, spectrum map[string]map[int]float64, file string, faulty map[int]bool) {
	for i := range rs {
		r := &rs[i]
		r.Ties = make([]tieScore, len(pols))
		if r.Err != "" { // no report: every policy scores exam's fallback
			for k := range r.Ties {
				r.Ties[k] = tieScore{Exam: r.Exam, ExamTie: r.Exam}
			}
			continue
		}
		for k, p := range pols {
			lines := p.scores(rs, i, spectrum)
			s := func(f string, l int) float64 {
				if x, ok := lines[l]; ok && f == file {
					return x
				}
				return math.Inf(-1)
			}
			rep := &localize.Report{Candidates: slices.Clone(r.cands)}
			rep.Rerank(s)
			var t tieScore
			for _, l := range rep.Ranking {
				if l.File == file && faulty[l.Line] && (t.Rank == 0 || l.Rank < t.Rank) {
					t.Rank = l.Rank
				}
			}
			t.Exam = exam(t.Rank, len(rep.Ranking), r.Exec)
			t.RankTie = tieRank(rep.Candidates, file, faulty, s)
			t.ExamTie = t.Exam
			if t.RankTie > 0 {
				t.ExamTie = t.RankTie / float64(r.Exec)
			}
			r.Ties[k] = t
		}
	}
	for i := range rs {
		rs[i].cands, rs[i].mut = nil, nil
	}
}

// failingCount scores a line by the number of the version's runs (failing
// tests, in this run's mode) with a verified candidate holding it.
func failingCount(rs []runResult, i int) map[int]float64 {
	out := map[int]float64{}
	for _, r := range rs {
		if r.Mode != rs[i].Mode {
			continue
		}
		seen := map[int]bool{}
		for _, c := range r.cands {
			if !c.Verified {
				continue
			}
			for _, l := range c.Locations {
				if !seen[l.Line] {
					seen[l.Line] = true
					out[l.Line]++
				}
			}
		}
	}
	return out
}

// mfcOchiai is ochiai-mfc's score: Ochiai with failingCount's counts as
// ef and the passing tests that execute the line (ep) as given.
func mfcOchiai(rs []runResult, i int, ep map[int]float64) map[int]float64 {
	ef := failingCount(rs, i)
	F := 0
	for _, r := range rs {
		if r.Mode == rs[i].Mode {
			F++
		}
	}
	out := make(map[int]float64, len(ef))
	for l, n := range ef {
		if d := math.Sqrt(float64(F) * (n + ep[l])); d > 0 {
			out[l] = n / d
		}
	}
	return out
}

// frequency scores a line by the number of the run's verified candidates
// holding it.
func frequency(rs []runResult, i int) map[int]float64 {
	out := map[int]float64{}
	for _, c := range rs[i].cands {
		if c.Verified {
			for _, l := range c.Locations {
				out[l.Line]++
			}
		}
	}
	return out
}

// kind scores 1 the lines of the candidates whose angelic values are
// branch decisions (guards is true) or values (guards is false), 0 the
// others.
func kind(cs []localize.Candidate, guards bool) map[int]float64 {
	out := map[int]float64{}
	for _, c := range cs {
		for _, a := range c.Angelic {
			if a.Branch == guards {
				out[a.Line] = 1
			} else if _, ok := out[a.Line]; !ok {
				out[a.Line] = 0
			}
		}
		for _, l := range c.Locations {
			if _, ok := out[l.Line]; !ok {
				out[l.Line] = 0
			}
		}
	}
	return out
}
