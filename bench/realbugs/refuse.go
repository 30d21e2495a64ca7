package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// keptOchiai is what the historical kind keeps beside a bug's copy
// (<copy>.ochiai.json), with the reports faultloc wrote (<copy>.json):
// the faulty lines, and native Ochiai's ranking of the lines a failing
// case executed, as the table beside native Ochiai ranks them.
type keptOchiai struct {
	File    string            `json:"file"`  // the faulty file, absolute
	Lines   []int             `json:"lines"` // its faulty lines
	Failing []string          `json:"failing"`
	Entries []keptOchiaiEntry `json:"entries"`
}

// keptOchiaiEntry is one line of native Ochiai's ranking: its score, its
// rank (ties at their worst position), and how many failing and
// passing cases executed it.
type keptOchiaiEntry struct {
	File  string  `json:"file"`
	Line  int     `json:"line"`
	Score float64 `json:"score"`
	Rank  int     `json:"rank"`
	EF    int     `json:"ef"`
	EP    int     `json:"ep"`
}

// keptOchiaiOf returns m's native Ochiai ranking to keep, the lines a
// failing case executed.
func keptOchiaiOf(m *spectra.Matrix, path string, lines []int, failing []string) keptOchiai {
	k := keptOchiai{File: path, Lines: lines, Failing: failing}
	f, err := spectra.Lookup("ochiai")
	if err != nil {
		return k
	}
	for _, e := range m.Rank(f, nil).Entries {
		if e.Element.Kind != spectra.Line || e.Counts.EF == 0 || math.IsNaN(e.Score) {
			continue
		}
		k.Entries = append(k.Entries, keptOchiaiEntry{File: e.Element.File, Line: e.Element.Line, Score: e.Score, Rank: int(e.Rank), EF: e.Counts.EF, EP: e.Counts.EP})
	}
	return k
}

// notWhole reports whether a report's Reason says its ranking was not
// fused with the native stage's whole run: the stage was not done when
// the case was ranked (its evidence so far, or none, fused), and not done
// before the command ended, to fuse the report again.
func notWhole(reason string) bool {
	return (strings.Contains(reason, "native evidence partial") || strings.Contains(reason, "native evidence left out")) &&
		!strings.Contains(reason, "native evidence fused again")
}

// keptReport is the part of a kept report the fusion kind reads.
type keptReport struct {
	Name    string `json:"name"`
	Reason  string `json:"reason"`
	Ranking []struct {
		File     string  `json:"file"`
		Line     int     `json:"line"`
		Rank     int     `json:"rank"`
		Evidence string  `json:"evidence"`
		Score    float64 `json:"score"`
	} `json:"ranking"`
}

// fusionRule is a rule the fusion kind compares: how the default's final
// ranking of a failing case is ordered again with native Ochiai's scores.
type fusionRule struct {
	name  string
	apply func(rs []localize.RankedLine, ochiai localize.LineScores) []localize.RankedLine
}

// fusionResult is one bug's rank under each rule, and native Ochiai's.
type fusionResult struct {
	bug    bug
	err    string // why the bug has no kept reports
	ochiai int    // native Ochiai's rank of the first faulty line (0: none)
	ranks  []int  // per rule; 0: not placed
	ahead  string // the lines the default placed ahead of the faulty line (-ahead)
	// partial: a report's ranking was fused with the native evidence
	// the native stage had when the case was ranked, not its whole run,
	// which native Ochiai's kept ranking is.
	partial bool
}

// readKept reads the reports and native Ochiai ranking the historical
// kind kept of bug b in keep.
func readKept(b bug, keep string) ([]keptReport, keptOchiai, string, error) {
	dir := filepath.Join(keep, "bug", strings.NewReplacer("/", "_").Replace(b.Name))
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // a copy kept by another run, linked in
	}
	var k keptOchiai
	data, err := os.ReadFile(dir + ".ochiai.json")
	if err != nil {
		return nil, k, dir, err
	}
	if err := json.Unmarshal(data, &k); err != nil {
		return nil, k, dir, fmt.Errorf("%s.ochiai.json: %v", dir, err)
	}
	var reps []keptReport
	if data, err = os.ReadFile(dir + ".json"); err != nil {
		return nil, k, dir, err
	}
	if err := json.Unmarshal(data, &reps); err != nil {
		return nil, k, dir, fmt.Errorf("%s.json: %v", dir, err)
	}
	return reps, k, dir, nil
}

// rankingOf returns a kept report's ranking, its files absolute (dir:
// where faultloc ran).
func rankingOf(rep keptReport, dir string) []localize.RankedLine {
	out := make([]localize.RankedLine, len(rep.Ranking))
	for i, l := range rep.Ranking {
		file := l.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		out[i] = localize.RankedLine{Position: localize.Position{File: filepath.Clean(file), Line: l.Line}, Rank: l.Rank, Evidence: localize.Evidence(l.Evidence), Score: l.Score}
	}
	return out
}

// fusionBug ranks bug b's kept reports under each rule.
func fusionBug(b bug, keep string, rules []fusionRule, verbose bool) fusionResult {
	r := fusionResult{bug: b, ranks: make([]int, len(rules))}
	reps, k, dir, err := readKept(b, keep)
	if err != nil {
		r.err = err.Error()
		return r
	}
	ochiai := localize.LineScores{}
	orank := map[trace.Line]int{}
	for _, e := range k.Entries {
		l := trace.Line{File: filepath.Clean(e.File), Line: e.Line}
		ochiai[l], orank[l] = e.Score, e.Rank
		if r.ochiai == 0 && filepath.Clean(e.File) == filepath.Clean(k.File) && slices.Contains(k.Lines, e.Line) {
			r.ochiai = e.Rank // entries come best first
		}
	}
	faulty := func(l trace.Line) bool {
		return filepath.Clean(l.File) == filepath.Clean(k.File) && slices.Contains(k.Lines, l.Line)
	}
	place := func(rs []localize.RankedLine) (int, int) {
		for i, rl := range rs {
			if faulty(rl.SourceLine()) {
				return rl.Rank, i
			}
		}
		return 0, -1
	}
	var ahead strings.Builder
	for _, rep := range reps {
		if notWhole(rep.Reason) {
			r.partial = true
		}
		rs := rankingOf(rep, dir)
		for i, rule := range rules {
			if rk, _ := place(rule.apply(slices.Clone(rs), ochiai)); rk > 0 && (r.ranks[i] == 0 || rk < r.ranks[i]) {
				r.ranks[i] = rk
			}
		}
		if verbose {
			rk, at := place(rs)
			fmt.Fprintf(&ahead, "  case %s: rank %d\n", rep.Name, rk)
			end := at + 1
			if at < 0 {
				end = min(len(rs), 20)
			}
			for _, rl := range rs[:end] {
				l := rl.SourceLine()
				fmt.Fprintf(&ahead, "    %4d %-22s %.4f  ochiai %4d %.4f  %s:%d\n", rl.Rank, rl.Evidence, rl.Score, orank[l], ochiai[l], filepath.Base(l.File), l.Line)
			}
		}
	}
	r.ahead = ahead.String()
	return r
}

// verboseFusion is -ahead.
var verboseFusion bool

// fusionRules are the rules the fusion kind compares, the default's
// ranking as faultloc wrote it first.
var fusionRules = []fusionRule{
	{"default", func(rs []localize.RankedLine, _ localize.LineScores) []localize.RankedLine { return rs }},
	{"no tests", func(rs []localize.RankedLine, _ localize.LineScores) []localize.RankedLine { return noTests(rs) }},
	{"floor 0.33", floor(0.33)},
	{"floor 0.5", floor(0.5)},
	{"floor 0.75", floor(0.75)},
	{"floor 1", floor(1)},
	{"floor 1.5", floor(1.5)},
	{"floor 2", floor(2)},
	{"floor 3", floor(3)},
}

// floor is native.Floor with the factor c, on the ranking less the lines
// of test files, as the native evidence now ranks none.
func floor(c float64) func(rs []localize.RankedLine, o localize.LineScores) []localize.RankedLine {
	return func(rs []localize.RankedLine, o localize.LineScores) []localize.RankedLine {
		return native.Floor(noTests(rs), o, c)
	}
}

// noTests returns rs less the lines of test files, ranked as if rs had
// not held them.
func noTests(rs []localize.RankedLine) []localize.RankedLine {
	var out []localize.RankedLine
	n, before := 0, 0
	for i, rl := range rs {
		if i == 0 || rl.Rank != rs[i-1].Rank {
			before = n
		}
		rl.Rank -= before
		if localize.IsTestFile(rl.File) {
			n++
			continue
		}
		out = append(out, rl)
	}
	return out
}

// keptRunFile, in a -keep directory, is the header of the historical run
// that kept its reports.
const keptRunFile = "RUN.md"

// keptRun returns what the historical run that kept the reports in keep
// said of itself (its command, commit, date, bound and load), as the
// lines of a Markdown quote, or a sentence saying it left no record.
func keptRun(keep string) string {
	b, err := os.ReadFile(filepath.Join(keep, keptRunFile))
	if err != nil {
		return "The historical run that kept these reports left no record of itself (" + keptRunFile + ").\n"
	}
	var w strings.Builder
	w.WriteString("The reports were kept by this run:\n\n")
	text := strings.TrimSpace(string(b))
	if title, rest, ok := strings.Cut(text, "\n"); ok && strings.HasPrefix(title, "# ") {
		text = strings.TrimSpace(rest)
	}
	for _, l := range strings.Split(text, "\n") {
		w.WriteString(strings.TrimRight("> "+l, " ") + "\n")
	}
	return w.String()
}

// writeFusion writes the fusion kind's table; kept says which run kept
// the reports (keptRun).
func writeFusion(rep *strings.Builder, rs []fusionResult, rules []fusionRule, kept string) {
	rep.WriteString("## Fusion rules on kept reports\n\n" +
		"Each bug's reports, as a historical run kept them (-keep: made by the faultloc that run built),\n" +
		"ordered again by each rule with native Ochiai's ranking kept beside them (Ochiai over one native go\n" +
		"test run of the package, every case, as the table beside native Ochiai ranks it). default: the\n" +
		"ranking as faultloc wrote it (floored already, by the native.DefaultFloor of the faultloc that ran);\n" +
		"no tests: less the lines of test files; floor k: no tests, then native.Floor with factor k (each\n" +
		"line past the head of verified candidates' and plausible fixes' lines takes the position\n" +
		"min(its own, k times its native Ochiai rank); a verified candidate's line that native Ochiai\n" +
		"scores below a third of its best score leaves the head for its Ochiai rank). Each cell is the\n" +
		"rank of the first faulty line\n" +
		"(ties at their worst position) in the case that places it best; \"-\": not placed. as good: at most\n" +
		"native Ochiai's rank (or native Ochiai ranking nothing).\n\n")
	rep.WriteString(kept + "\n")
	rep.WriteString("| bug | native run | native Ochiai |")
	for _, r := range rules {
		rep.WriteString(" " + r.name + " |")
	}
	rep.WriteString("\n|---|---|--:|" + strings.Repeat("--:|", len(rules)) + "\n")
	rk := func(k int) string {
		if k == 0 {
			return "-"
		}
		return fmt.Sprint(k)
	}
	n := 0
	// The counts with every rule given native Ochiai's whole ranking,
	// and as run: a bug whose reports were not fused with the native
	// stage's whole run keeps the default's rank under every rule (the
	// first), as the rule would have had no more evidence than the
	// default had.
	var whole, asRun [4][]int
	for i := range 4 {
		whole[i], asRun[i] = make([]int, len(rules)), make([]int, len(rules))
	}
	count := func(c *[4][]int, i, k, och int) {
		if k == 1 {
			c[0][i]++
		}
		if k > 0 && k <= 5 {
			c[1][i]++
		}
		if k > 0 && k <= 10 {
			c[2][i]++
		}
		if k > 0 && (och == 0 || k <= och) {
			c[3][i]++
		}
	}
	partial := 0
	for _, r := range rs {
		if r.err != "" {
			fmt.Fprintf(rep, "| %s | | %s |%s\n", r.bug.Name, cell(r.err), strings.Repeat(" |", len(rules)))
			continue
		}
		n++
		if r.partial {
			partial++
		}
		fmt.Fprintf(rep, "| %s | %s | %s |", r.bug.Name, map[bool]string{true: "not whole", false: "whole"}[r.partial], rk(r.ochiai))
		for i, k := range r.ranks {
			fmt.Fprintf(rep, " %s |", rk(k))
			count(&whole, i, k, r.ochiai)
			if r.partial {
				k = r.ranks[0]
			}
			count(&asRun, i, k, r.ochiai)
		}
		rep.WriteString("\n")
	}
	for _, c := range []struct {
		name string
		c    [4][]int
	}{{"", whole}, {", as run", asRun}} {
		for j, name := range []string{"top-1", "top-5", "top-10", "as good as native Ochiai"} {
			fmt.Fprintf(rep, "| **%s%s** (of %d) | | |", name, c.name, n)
			for _, x := range c.c[j] {
				fmt.Fprintf(rep, " %d |", x)
			}
			rep.WriteString("\n")
		}
	}
	fmt.Fprintf(rep, "\nnative run: \"not whole\" where a report of the bug was ranked before the native stage was done\n"+
		"and not fused again with its whole run (%d of %d bugs); the rows \"as run\" count such a bug at the\n"+
		"default's rank under every rule.\n", partial, n)
}
