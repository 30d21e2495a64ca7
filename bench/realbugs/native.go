package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/bench/internal/nativeochiai"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/spectra"
)

// nativeShares are the shares of native.Fuse the native kind
// compares; math.MaxInt32 appends the native ranking's other lines after
// the interpreter's.
var nativeShares = []int{1, 2, 3, 4, math.MaxInt32}

// nativeResult is the rank of a bug's faulty line under the native
// evidence, the interpreter's, and their fusions.
type nativeResult struct {
	bug     bug
	err     string
	cases   int // failing cases ranked
	native  int // failing cases only the native run fails
	ochiai  int // native Ochiai over every case of the package
	natRank int // native.Scorers
	interp  int // localize.DefaultScorers over the interpreter's evidence
	fused   []int
	elapsed time.Duration // the native stage (native.Collect)
}

// nativeBug validates bug b in a fresh copy, runs the pipeline without
// fix candidates with its native evidence stage, and ranks each failing
// case's lines by the native evidence alone, by the interpreter's, and
// by their fusion under each share; a rule's rank of the bug is that of
// the failing case that places a faulty line best.
func nativeBug(ctx context.Context, b bug, tmp string) nativeResult {
	r := nativeResult{bug: b, fused: make([]int, len(nativeShares))}
	bc, msg := loadBug(ctx, b, tmp, "native")
	if bc == nil {
		r.err = msg
		return r
	}
	faulty, prog, pkg := bc.faulty, bc.prog, bc.pkg
	start := time.Now()
	n, err := native.Collect(ctx, prog, pkg, nil)
	r.elapsed = time.Since(start)
	if err != nil {
		r.err = err.Error()
		if n == nil || n.Spectrum == nil {
			return r
		}
	}
	if f, err := spectra.Lookup("ochiai"); err == nil {
		rk := n.Spectrum.Rank(f, nil)
		for _, e := range rk.Entries {
			if faulty(e.Element.File, e.Element.Line) && e.Counts.EF > 0 {
				r.ochiai = int(e.Rank)
				break
			}
		}
	}
	res, err := pipeline.Run(ctx, prog, pkg, &pipeline.Options{Run: historical.LocalizeRun(b.Run), Technique: none{}, Scorers: []localize.Scorer{}, Refiners: []localize.Refiner{}, CaseSetRefiners: []localize.CaseSetRefiner{}, NoNative: true})
	if err != nil {
		r.err = strings.TrimPrefix(r.err+"; "+err.Error(), "; ")
	}
	better := func(dst *int, k int) {
		if k > 0 && (*dst == 0 || k < *dst) {
			*dst = k
		}
	}
	interpreted := map[string]bool{}
	if res != nil {
		for _, name := range res.Failing {
			interpreted[name] = true
		}
	}
	for i := range n.Spectrum.NumTests() {
		t := n.Spectrum.Test(i)
		if !t.Failed || !inRun(b.Run, t.Name) {
			continue
		}
		r.cases++
		f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, t.Name), Native: n}
		nat := localize.NewReport(t.Name, "none", "failed", nil)
		localize.Rank(ctx, nat, f, native.Scorers()...)
		better(&r.natRank, firstFaulty(nat, faulty))
		if !interpreted[t.Name] {
			r.native++
			for i := range nativeShares {
				better(&r.fused[i], firstFaulty(nat, faulty))
			}
			continue
		}
		f.Spectrum = res.Spectrum
		def := localize.NewReport(t.Name, "none", "failed", nil)
		localize.Rank(ctx, def, f, localize.DefaultScorers()...)
		better(&r.interp, firstFaulty(def, faulty))
		for i, s := range nativeShares {
			rep := localize.NewReport(t.Name, "none", "failed", nil)
			rep.Ranking = append(rep.Ranking, def.Ranking...)
			native.Fuse(ctx, rep, f, s)
			better(&r.fused[i], firstFaulty(rep, faulty))
		}
	}
	fmt.Fprintf(os.Stderr, "realbugs: %s: native stage %v (%d cases, build %v)\n", b.Name, r.elapsed.Round(time.Millisecond), n.Stats.Cases, n.Stats.Build.Round(time.Millisecond))
	return r
}

// inRun reports whether go test -run run (one level: ^Name$ or
// ^(A|B)$) selects case name, a test or one of its subtests.
func inRun(run, name string) bool {
	top, _, _ := strings.Cut(name, "/")
	ok, err := regexp.MatchString(run, top)
	return err == nil && ok
}

// writeNative writes the native kind's table.
func writeNative(rep *strings.Builder, rs []nativeResult) {
	rep.WriteString("## Native evidence and its fusion\n\n" +
		"Each bug's failing cases (those of its test that fail under go test) ranked without fix candidates\n" +
		"or refiners, in this process: by native Ochiai alone (the spectrum of one native go test run of the\n" +
		"package, every case, as `faultloc spectra` ranks it); by native.Scorers (the ranking of a\n" +
		"case the interpreter cannot run: native Ochiai times the line's static proximity to the failure's\n" +
		"lines, with the package data they read); by localize.DefaultScorers over the interpreter's evidence;\n" +
		"and by native.Fuse of the latter with the former under each share (\"append\": the native\n" +
		"ranking's other lines after the interpreter's). Each cell is the rank of the bug's first faulty line\n" +
		"(ties at their worst position) in the case that places it best; \"-\": not ranked. A case that only\n" +
		"go test fails (\"native only\") is ranked by native.Scorers in every fused column. native stage: the\n" +
		"time of native.Collect.\n\n")
	rep.WriteString("| bug | cases | native only | native Ochiai | native.Scorers | interpreter |")
	for _, s := range nativeShares {
		fmt.Fprintf(rep, " %s |", shareName(s))
	}
	rep.WriteString(" native stage |\n|---|--:|--:|--:|--:|--:|" + strings.Repeat("--:|", len(nativeShares)) + "--:|\n")
	rk := func(k int) string {
		if k == 0 {
			return "-"
		}
		return fmt.Sprint(k)
	}
	cols := 3 + len(nativeShares)
	atLeast := make([]int, cols) // as good as native Ochiai
	valid := 0
	var errs []string
	for _, r := range rs {
		if r.cases == 0 {
			fmt.Fprintf(rep, "| %s | error: %s |%s\n", r.bug.Name, cell(r.err), strings.Repeat(" |", 4+len(nativeShares)))
			continue
		}
		if r.err != "" {
			errs = append(errs, fmt.Sprintf("- %s: %s", r.bug.Name, r.err))
		}
		valid++
		ranks := append([]int{r.natRank, r.interp}, r.fused...)
		fmt.Fprintf(rep, "| %s | %d | %d | %s |", r.bug.Name, r.cases, r.native, rk(r.ochiai))
		for i, k := range ranks {
			fmt.Fprintf(rep, " %s |", rk(k))
			if k > 0 && (r.ochiai == 0 || k <= r.ochiai) {
				atLeast[i]++
			}
		}
		fmt.Fprintf(rep, " %v |\n", r.elapsed.Round(100*time.Millisecond))
	}
	fmt.Fprintf(rep, "| **at least as good as native Ochiai** (of %d) | | | |", valid)
	for i := range len(nativeShares) + 2 {
		fmt.Fprintf(rep, " %d |", atLeast[i])
	}
	rep.WriteString(" |\n")
	if len(errs) > 0 {
		rep.WriteString("\nErrors (the row ranks what ran):\n\n" + strings.Join(errs, "\n") + "\n")
	}
}

// shareName names a share in the table's header.
func shareName(s int) string {
	if s == math.MaxInt32 {
		return "append"
	}
	return fmt.Sprintf("fused %d:1", s)
}

// nativeOchiai runs the tests of bug b's package in its copy dir natively
// (spectra.GoTest: every case) and returns the rank of the first of the
// faulty lines of path under Ochiai (ties at their worst position; 0:
// not ranked), the selected cases that fail, and why there is no rank.
func nativeOchiai(ctx context.Context, b bug, dir, path string, lines []int) (int, []string, string) {
	m, err := nativeochiai.Collect(ctx, dir, b.Package())
	if err != nil {
		return 0, nil, err.Error()
	}
	failing := nativeochiai.Failing(m, func(name string) bool { return inRun(b.Run, name) })
	rank, why := nativeochiai.Rank(m, path, lines)
	// Beside the copy, for -keep: the ranking the reports are put beside,
	// which -kinds refuse reads.
	if data, err := json.Marshal(keptOchiaiOf(m, path, lines, failing)); err == nil {
		os.WriteFile(dir+".ochiai.json", data, 0o666)
	}
	return rank, failing, why
}

// writeBeside writes the historical bugs' table of the default beside
// native Ochiai.
func writeBeside(rep *strings.Builder, rs []bugResult) {
	rep.WriteString("\n### The default beside native Ochiai\n\n" +
		"native Ochiai: the rank of the first faulty line (ties at their worst position) under Ochiai over one\n" +
		"native go test run of the package (every case, as `faultloc spectra` ranks it); failing: the selected\n" +
		"cases that fail under go test; ranked: those of them with a ranking in faultloc's reports (native:\n" +
		"how many of those reports the native evidence alone ranked, the interpreter having stopped); as good:\n" +
		"the default's rank at most native Ochiai's (or native Ochiai ranking nothing).\n\n")
	rep.WriteString("| bug | failing | ranked | native | default rank | native Ochiai | as good |\n|---|--:|--:|--:|--:|--:|---|\n")
	rk := func(k int) string {
		if k == 0 {
			return "-"
		}
		return fmt.Sprint(k)
	}
	valid, good, allRanked := 0, 0, 0
	for _, r := range rs {
		if r.invalid != "" {
			continue
		}
		valid++
		ranked := 0
		for _, n := range r.failingNative {
			if slices.Contains(r.reported, n) {
				ranked++
			}
		}
		if ranked == len(r.failingNative) && len(r.failingNative) > 0 {
			allRanked++
		}
		ok := r.rank > 0 && (r.ochiai == 0 || r.rank <= r.ochiai)
		if ok {
			good++
		}
		och := rk(r.ochiai)
		if r.nativeErr != "" {
			och += " (" + cell(r.nativeErr) + ")"
		}
		fmt.Fprintf(rep, "| %s | %d | %d | %d | %s | %s | %s |\n", r.bug.Name, len(r.failingNative), ranked, r.nativeOnly, rk(r.rank), och, yesNo(ok))
	}
	fmt.Fprintf(rep, "\nOf %d valid bugs: the default at least as good as native Ochiai for %d; every failing case ranked for %d.\n", valid, good, allRanked)
}
