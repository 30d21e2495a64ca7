package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/diagnose"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// cfaults holds CFaults' TCAS figures (Orvalho, Janota and Manquinho,
// "CFaults: Model-Based Diagnosis for Fault Localization in C with
// Multiple Test Cases", FM 2024), as issue 29 quotes them: a median of 2
// diagnoses per version, and a median of 61 s per version on their
// cluster.
var cfaults = struct {
	medianDiagnoses float64
	medianSeconds   float64
}{2, 61}

// diagResult is the diagnosis of one version's failing tests together.
type diagResult struct {
	Version int
	Faulty  []int
	Pool    int // eligible failing tests
	Tests   int // diagnosed (given to diagnose.Run)
	Left    int // left out by Diagnose (passed, not encodable)

	Err      string
	Partial  bool
	Reason   string
	Grouping string
	Groups   int

	Diagnoses, Verified int
	// Best counts the diagnoses a reader looks at first, group by group
	// (localize.DiagnosisGroup.Best: those that are one fix with
	// -consistent, else the verified ones); OneFix those that are one
	// fix; FaultBest: one of Best contains a faulty line.
	Best, OneFix int
	FaultBest    bool
	// FaultInC, FaultBestC: as FaultIn and FaultBest, a line counting
	// as faulty when it ports the tcas.c statement a faulty line ports
	// (tcas.CLine: lines 62–65 port C's conditional expression of
	// line 63).
	FaultInC, FaultBestC bool
	// FaultBestRepair: as FaultBest, or a first diagnosis is one
	// statement whose line is a known repair of the version
	// (tcas.Repairs: another line whose change alone is a fix).
	FaultBestRepair bool
	// FaultOnly: a diagnosis lies on faulty lines only; FaultIn: a
	// diagnosis contains a faulty line; FaultVerified: a verified one
	// does; FaultAll: for every group, a diagnosis of it contains a
	// faulty line.
	FaultOnly, FaultIn, FaultVerified, FaultAll bool
	MaxSize                                     int      // statements of the largest diagnosis
	Lines                                       []string // the diagnoses, "12+30" ("*": verified), group by group
	// Baseline: a single-test agx run of the baseline CSV found the
	// fault (a candidate on faulty lines only); "" when the CSV has no
	// run of the version.
	Baseline string

	Total, Solve                    time.Duration
	Runs, Refinements, MCSes, Calls int
	Joint                           int // cases in the groups' search formulas
}

// runDiagnosis diagnoses each version's failing tests together and
// writes the report and the CSV after each version.
func runDiagnosis(ctx context.Context, o options, stderr io.Writer) error {
	start := time.Now()
	base, err := readBaseline(o.Baseline)
	if err != nil {
		return err
	}
	var rs []diagResult
	write := func(status string) error {
		env := environment{
			Command: commandLine(o.Args),
			Date:    time.Now().UTC().Format("2006-01-02 15:04 MST"),
			Machine: fmt.Sprintf("%s/%s, %d CPUs, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version()),
			Wall:    time.Since(start),
			Status:  status,
			Commit:  commit(),
		}
		if err := writeFile(o.Out, func(w io.Writer) error { return writeDiagReport(w, env, o, rs) }); err != nil {
			return err
		}
		if o.CSV != "" {
			return writeFile(o.CSV, func(w io.Writer) error { return writeDiagCSV(w, rs) })
		}
		return nil
	}
	for i, n := range o.Versions {
		ver, err := loadVersion(ctx, n, o.Sel)
		if err != nil {
			if ctx.Err() != nil && len(rs) > 0 {
				if werr := write(fmt.Sprintf("INTERRUPTED during v%d: only the %d versions listed below were evaluated", n, len(rs))); werr != nil {
					return werr
				}
			}
			return err
		}
		r := diagnoseVersion(ctx, ver, o)
		if b, ok := base[n]; ok {
			r.Baseline = strconv.FormatBool(b)
		}
		if ctx.Err() != nil {
			if len(rs) > 0 {
				if werr := write(fmt.Sprintf("INTERRUPTED during v%d: only the %d versions listed below were evaluated", n, len(rs))); werr != nil {
					return werr
				}
			}
			return ctx.Err()
		}
		rs = append(rs, r)
		if o.Verbose {
			fmt.Fprintf(stderr, "v%d: %d tests, %d diagnoses (%d verified), %s, fault in one: %v, %v%s\n", n, r.Tests, r.Diagnoses, r.Verified,
				r.Grouping, r.FaultIn, r.Total.Round(time.Millisecond), diagNote(r))
		}
		status := ""
		if i < len(o.Versions)-1 {
			status = fmt.Sprintf("IN PROGRESS: %d of %d versions evaluated", len(rs), len(o.Versions))
		}
		if status == "" || o.Out != "-" {
			if err := write(status); err != nil {
				return err
			}
		}
	}
	return nil
}

func diagNote(r diagResult) string { return noteOf(r.Err, r.Partial, r.Reason) }

// diagnoseVersion runs diagnose.Run on ver's selected failing tests
// with the version's timeout and scores the report.
func diagnoseVersion(ctx context.Context, ver *version, o options) diagResult {
	r := diagResult{Version: ver.v.N, Faulty: ver.lines, Pool: ver.pool, Tests: len(ver.tests)}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cases := make([]trace.Case, len(ver.tests))
	for i, t := range ver.tests {
		cases[i] = ver.prog.TestCase(t)
	}
	var passing []trace.Case
	if o.Consistent {
		for _, t := range ver.passing {
			passing = append(passing, ver.prog.TestCase(t))
		}
	}
	scope := ver.scope
	if o.NoDriver {
		scope = func(f *ssa.Function) bool { return f.Name() != "main" && ver.scope(f) }
	}
	start := time.Now()
	rep, err := diagnose.Run(ctx, ver.prog, cases, &diagnose.Options{
		Search: agx.Options{
			Mode:       encode.ATF,
			InScope:    scope,
			MaxSize:    o.MaxSize,
			Arith:      o.Arith,
			Overlay:    ver.overlay,
			SliceScope: o.Slice,
		},
		Parallel:   o.Jobs,
		Consistent: o.Consistent,
		Passing:    passing,
	})
	r.Total = time.Since(start)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	scoreDiagnosis(&r, rep, ver.file, ver.faulty)
	if o.Show {
		rep.Output.Dir = filepath.Dir(ver.file)
		rep.WriteText(os.Stderr)
	}
	return r
}

// scoreDiagnosis fills r from a diagnosis report.
func scoreDiagnosis(r *diagResult, rep *localize.DiagnosisReport, file string, faulty map[int]bool) {
	r.Partial, r.Reason = rep.Partial, rep.Reason
	r.Grouping, r.Groups = rep.Grouping, len(rep.Groups)
	r.Left = len(rep.Errors)
	r.Solve, r.Runs, r.Refinements, r.MCSes, r.Calls = rep.Stats.Solve, rep.Stats.Runs, rep.Stats.Refinements, rep.Stats.MCSes, rep.Stats.SolverCalls
	r.FaultAll = len(rep.Groups) > 0
	faultyC := map[int]bool{}
	for l := range faulty {
		if c := tcas.CLine(l); c != 0 {
			faultyC[c] = true
		}
	}
	isFaulty := func(l localize.Location) bool { return l.File == file && faulty[l.Line] }
	isFaultyC := func(l localize.Location) bool { return l.File == file && faultyC[tcas.CLine(l.Line)] }
	repairs := map[int]bool{}
	for _, rp := range tcas.Repairs() {
		if rp.Version == r.Version {
			repairs[rp.Line] = true
		}
	}
	for _, g := range rep.Groups {
		r.Joint += g.Joint
		inGroup := false
		for _, d := range g.Best() {
			r.Best++
			r.FaultBest = r.FaultBest || slices.ContainsFunc(d.Locations, isFaulty)
			r.FaultBestC = r.FaultBestC || slices.ContainsFunc(d.Locations, isFaultyC)
			r.FaultBestRepair = r.FaultBestRepair || slices.ContainsFunc(d.Locations, isFaulty) ||
				len(d.Locations) == 1 && d.Locations[0].File == file && repairs[d.Locations[0].Line]
		}
		for _, d := range g.Diagnoses {
			if d.OneFix {
				r.OneFix++
			}
			r.Diagnoses++
			if d.Verified {
				r.Verified++
			}
			r.MaxSize = max(r.MaxSize, len(d.Locations))
			all, any := len(d.Locations) > 0, false
			var ls []string
			for _, l := range d.Locations {
				ls = append(ls, strconv.Itoa(l.Line))
				if l.File == file && faulty[l.Line] {
					any = true
				} else {
					all = false
				}
			}
			s := strings.Join(ls, "+")
			if d.OneFix {
				s += "**"
			} else if d.Verified {
				s += "*"
			}
			r.Lines = append(r.Lines, s)
			r.FaultOnly = r.FaultOnly || all
			r.FaultIn = r.FaultIn || any
			r.FaultInC = r.FaultInC || slices.ContainsFunc(d.Locations, isFaultyC)
			r.FaultVerified = r.FaultVerified || any && d.Verified
			inGroup = inGroup || any
		}
		r.FaultAll = r.FaultAll && inGroup
	}
}

// readBaseline reads, from a bench/tcas CSV of single-test agx runs,
// whether some run of each version found the fault (correct_location).
// An empty path reads nothing.
func readBaseline(path string) (map[int]bool, error) {
	out := map[int]bool{}
	if path == "" {
		return out, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-baseline: %w", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("-baseline %s: %v", path, err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, k := range []string{"version", "mode", "correct_location"} {
		if _, ok := col[k]; !ok {
			return nil, fmt.Errorf("-baseline %s: no column %q", path, k)
		}
	}
	for _, row := range rows[1:] {
		if row[col["mode"]] != "agx" {
			continue
		}
		n, err := strconv.Atoi(row[col["version"]])
		if err != nil {
			return nil, fmt.Errorf("-baseline %s: version %q", path, row[col["version"]])
		}
		out[n] = out[n] || row[col["correct_location"]] == "true"
	}
	return out, nil
}

// median returns the median of xs (the mean of the middle two for an
// even count), 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// writeDiagReport writes the diagnosis report.
func writeDiagReport(w io.Writer, env environment, o options, rs []diagResult) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# TCAS: diagnosis of all failing tests together, against CFaults\n\n")
	p("Generated by `bench/tcas -diagnose`; do not edit. Made with\n\n")
	p("    %s\n\n", strings.TrimSpace(env.Command))
	if env.Commit != "" {
		p("at commit %s, ", env.Commit)
	}
	sample := "all eligible failing tests of each version"
	if o.Sel.Sample > 0 {
		sample = fmt.Sprintf("a sample of at most %d eligible failing tests per version (seed %d)", o.Sel.Sample, o.Sel.Seed)
	}
	size := strconv.Itoa(o.MaxSize)
	if o.MaxSize == 0 {
		size = fmt.Sprintf("%d (diagnose.DefaultSize)", diagnose.DefaultSize)
	}
	arith := "exact bit-vectors"
	if o.Arith == encode.Integer {
		arith = "unbounded integers (`-arith int`; every diagnosis is still verified by replaying the tests in Go's semantics)"
	}
	var vs []versionInfo
	for _, r := range rs {
		vs = append(vs, versionInfo{N: r.Version})
	}
	p("on %s (%s), in %v of wall time. Settings: versions %s; %s, diagnosed together per version "+
		"(diagnose.Run, ATF); slice scope %v; blame %s; per-version timeout %v; size bound %s; integer encoding %s; "+
		"out-of-bounds tests %s; %d replay(s) at a time. Per-version figures are in `%s`.\n\n",
		env.Date, env.Machine, env.Wall.Round(time.Second), versionList(vs), sample, o.Slice,
		map[bool]string{false: "the port's functions, main (tcas.c's test driver) included, as in the single-test runs", true: "the port's functions but main, tcas.c's test driver (`-driver=false`)"}[o.NoDriver], o.Timeout, size, arith,
		map[bool]string{true: "included", false: "excluded"}[o.Sel.OOB], o.Jobs, csvName(o.CSV))
	if env.Status != "" {
		p("**%s.**\n\n", env.Status)
	}
	var diags, verified, best, secsAll []float64
	inBest, baseAndBest := 0, 0
	inC, inBestC, baseAndInC, baseAndBestC, baseAndBestRepair := 0, 0, 0, 0, 0
	maxD, maxBest, maxT := 0, 0, time.Duration(0)
	var only, in, inVer, all, errs, partial, grouped, baseFound, baseAndIn, tests int
	var missed, missedFirst, missedFirstC []string
	for _, r := range rs {
		tests += r.Tests
		if r.Err != "" {
			errs++
		}
		if r.Partial {
			partial++
		}
		if r.Grouping != diagnose.GroupingJoint && r.Err == "" {
			grouped++
		}
		diags = append(diags, float64(r.Diagnoses))
		verified = append(verified, float64(r.Verified))
		best = append(best, float64(r.Best))
		maxBest = max(maxBest, r.Best)
		if r.FaultBest {
			inBest++
		}
		if r.FaultBestC {
			inBestC++
		}
		if r.FaultInC {
			inC++
		}
		secsAll = append(secsAll, r.Total.Seconds())
		maxD = max(maxD, r.Diagnoses)
		maxT = max(maxT, r.Total)
		if r.FaultOnly {
			only++
		}
		if r.FaultIn {
			in++
		}
		if r.FaultVerified {
			inVer++
		}
		if r.FaultAll {
			all++
		}
		if r.Baseline == "true" {
			baseFound++
			if r.FaultBest {
				baseAndBest++
			} else if o.Consistent {
				missedFirst = append(missedFirst, fmt.Sprintf("v%d", r.Version))
			}
			if r.FaultIn {
				baseAndIn++
			} else {
				missed = append(missed, fmt.Sprintf("v%d", r.Version))
			}
			if r.FaultInC {
				baseAndInC++
			}
			if r.FaultBestC {
				baseAndBestC++
			} else if o.Consistent {
				missedFirstC = append(missedFirstC, fmt.Sprintf("v%d", r.Version))
			}
			if r.FaultBestRepair {
				baseAndBestRepair++
			}
		}
	}
	n := len(rs)
	p("## Summary\n\n")
	p("| | faultloc | CFaults (FM 2024) |\n|---|---|---|\n")
	p("| versions | %d | 41 |\n", n)
	p("| failing tests diagnosed | %d | all |\n", tests)
	p("| diagnoses per version, median (max) | %g (%d) | %g |\n", median(diags), maxD, cfaults.medianDiagnoses)
	p("| verified diagnoses per version, median | %g | — |\n", median(verified))
	if o.Consistent {
		p("| first diagnoses per version (one fix, else verified: what the report leads with), median (max) | %g (%d) | %g |\n", median(best), maxBest, cfaults.medianDiagnoses)
		p("| versions whose first diagnoses contain a faulty line | %s | — |\n", pct(inBest, n))
		p("| … a faulty tcas.c statement (tcas.CLine) | %s | — |\n", pct(inBestC, n))
	}
	p("| versions with a diagnosis containing a faulty line | %s | — |\n", pct(in, n))
	p("| … a faulty tcas.c statement (tcas.CLine) | %s | — |\n", pct(inC, n))
	p("| … with such a diagnosis verified | %s | — |\n", pct(inVer, n))
	p("| versions with a diagnosis on faulty lines only | %s | — |\n", pct(only, n))
	p("| versions where every group has a diagnosis containing a faulty line | %s | — |\n", pct(all, n))
	if o.Baseline != "" {
		p("| versions where a single-test agx run finds the fault (`%s`) | %d | — |\n", o.Baseline, baseFound)
		p("| … of which a diagnosis contains a faulty line | %s | — |\n", pct(baseAndIn, baseFound))
		p("| … of which a diagnosis contains a faulty tcas.c statement | %s | — |\n", pct(baseAndInC, baseFound))
		if o.Consistent {
			p("| … of which a first diagnosis contains a faulty line | %s | — |\n", pct(baseAndBest, baseFound))
			p("| … of which a first diagnosis contains a faulty tcas.c statement | %s | — |\n", pct(baseAndBestC, baseFound))
			p("| … of which a first diagnosis contains a faulty line or is a repair at another line (tcas.Repairs) | %s | — |\n", pct(baseAndBestRepair, baseFound))
		}
	}
	p("| versions whose tests were grouped (no joint diagnosis verified) | %d | — |\n", grouped)
	p("| time per version, median (max) | %.1f s (%.1f s) | %g s (cluster) |\n", median(secsAll), maxT.Seconds(), cfaults.medianSeconds)
	p("| partial versions (a bound or the timeout) | %d | — |\n", partial)
	p("| errors | %d | — |\n\n", errs)
	if len(missed) > 0 {
		p("Versions where a single-test run finds the fault and no diagnosis contains a faulty line: %s.\n\n", strings.Join(missed, ", "))
	}
	if len(missedFirst) > 0 {
		p("Versions where a single-test run finds the fault and no first diagnosis contains a faulty line: %s.\n\n", strings.Join(missedFirst, ", "))
	}
	if o.Consistent && o.Baseline != "" {
		c := "none"
		if len(missedFirstC) > 0 {
			c = strings.Join(missedFirstC, ", ")
		}
		p("Versions where a single-test run finds the fault and no first diagnosis contains a faulty tcas.c statement: %s.\n\n", c)
	}
	p("## Versions\n\n")
	p("| version | faulty lines | failing tests | left out | grouping (groups) | diagnoses (verified, one fix) | diagnoses: lines, * verified, ** one fix | fault in a diagnosis | fault in a first diagnosis | single-test agx | time | runs | refinements | note |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		note := ""
		switch {
		case r.Err != "":
			note = "error: " + r.Err
		case r.Partial:
			note = "partial: " + r.Reason
		}
		note = strings.ReplaceAll(note, "|", "\\|")
		lines := strings.Join(r.Lines, ", ")
		if len(r.Lines) > 12 {
			lines = strings.Join(r.Lines[:12], ", ") + fmt.Sprintf(", … (%d more)", len(r.Lines)-12)
		}
		base := r.Baseline
		if base == "" {
			base = "—"
		}
		p("| v%d | %s | %d of %d | %d | %s (%d) | %d (%d, %d) | %s | %v | %v | %s | %.1f s | %d | %d | %s |\n", r.Version, ints(r.Faulty), r.Tests, r.Pool, r.Left,
			r.Grouping, r.Groups, r.Diagnoses, r.Verified, r.OneFix, lines, r.FaultIn, r.FaultBest, base, r.Total.Seconds(), r.Runs, r.Refinements, note)
	}
	p("\n## Definitions\n\n")
	p("- A version's failing tests are the eligible failing tests of bench/tcas (expected outcome an output, altitude layer " +
		"in 0..3 unless `-oob`); all of them are given to `diagnose.Run` at once, each run encoded with its own values " +
		"and one fault predicate per statement shared by all. Only the port's functions of tcas.go can be blamed.\n")
	p("- A diagnosis is a subset-minimal set of statements (lines) whose relaxation explains every test of its group; " +
		"diagnoses are enumerated by increasing size up to the first size that holds a verified one (CFaults reports " +
		"minimum-size diagnoses), so \"diagnoses per version\" counts every diagnosis reported, verified or not, over all groups.\n")
	p("- Verified: every test of the group passed when replayed with its own angelic values for the diagnosis' statements.\n")
	p("- One fix (`-consistent`, diagnose.Options.Consistent): a verified diagnosis whose statements do the same " +
		"for the same inputs, in every failing test, and which keeps every eligible passing test of the universe passing when " +
		"applied to it as that function. First diagnoses (localize.DiagnosisGroup.Best): those that are one fix, else the " +
		"verified ones, else all; the diagnoses a reader looks at first.\n")
	p("- Grouping: `joint` when the tests were diagnosed as one group; otherwise no diagnosis within the size bound " +
		"explained all of them, and they were grouped (diagnose.GroupingByDiagnosis, GroupingByAssertion) and each group diagnosed.\n")
	p("- \"A diagnosis contains a faulty line\": some reported diagnosis holds a line of the version's ground truth " +
		"(examples/tcas); \"on faulty lines only\": all its lines are. \"A faulty tcas.c statement\": a line of the diagnosis " +
		"ports the tcas.c statement that a faulty line ports (tcas.CLine); the two differ only on lines 62–65, which port " +
		"C's conditional expression on line 63 (v35 swaps its branches, lines 63 and 65, and negating its condition, line 62, " +
		"is the same fix).\n")
	p("- Single-test agx: whether some run of the baseline CSV (one failing test per AgxFaults run) reported a candidate " +
		"on faulty lines only — issue 29's criterion is that diagnosis finds the fault wherever that single-test search does.\n")
	p("- Time: wall time of diagnose.Run per version (running the tests, encoding, solving, replaying), " +
		"without loading the version; CFaults' figure is theirs, on their cluster, for comparison only.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDiagCSV writes one row per version.
func writeDiagCSV(w io.Writer, rs []diagResult) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"version", "faulty_lines", "pool", "tests", "left_out", "grouping", "groups", "diagnoses", "verified",
		"one_fix", "first", "fault_first", "fault_first_c", "fault_first_repair", "fault_only", "fault_in", "fault_in_c", "fault_verified", "fault_all_groups", "max_size", "single_test_found", "total_ms", "solve_ms",
		"runs", "refinements", "mcses", "solver_calls", "joint_cases", "partial", "reason", "error", "diagnoses_lines"})
	for _, r := range rs {
		cw.Write([]string{strconv.Itoa(r.Version), ints(r.Faulty), strconv.Itoa(r.Pool), strconv.Itoa(r.Tests), strconv.Itoa(r.Left),
			r.Grouping, strconv.Itoa(r.Groups), strconv.Itoa(r.Diagnoses), strconv.Itoa(r.Verified),
			strconv.Itoa(r.OneFix), strconv.Itoa(r.Best), strconv.FormatBool(r.FaultBest), strconv.FormatBool(r.FaultBestC), strconv.FormatBool(r.FaultBestRepair), strconv.FormatBool(r.FaultOnly), strconv.FormatBool(r.FaultIn), strconv.FormatBool(r.FaultInC), strconv.FormatBool(r.FaultVerified), strconv.FormatBool(r.FaultAll),
			strconv.Itoa(r.MaxSize), r.Baseline, strconv.FormatInt(r.Total.Milliseconds(), 10), strconv.FormatInt(r.Solve.Milliseconds(), 10),
			strconv.Itoa(r.Runs), strconv.Itoa(r.Refinements), strconv.Itoa(r.MCSes), strconv.Itoa(r.Calls), strconv.Itoa(r.Joint),
			strconv.FormatBool(r.Partial), r.Reason, r.Err, strings.Join(r.Lines, " ")})
	}
	cw.Flush()
	return cw.Error()
}
