package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/localize/diagnose"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/pipeline"
)

// diagnoseResult is the diagnosis of one historical bug's failing cases
// together (diagnose.Run through pipeline.Run, with the
// one-fix check on the package's passing cases).
type diagnoseResult struct {
	bug     bug
	err     string
	failing int // failing cases diagnosed
	groups  int
	// diagnoses, verified, oneFix count every group's; first counts
	// DiagnosisGroup.Best's.
	diagnoses, verified, oneFix, first int
	// mutantFixes counts the diagnoses with a mutant fix
	// (Diagnosis.Fix, the fix probe's), faultFix whether one is on a
	// faulty line.
	mutantFixes int
	faultFix    bool
	// rankedAt is the position of the first faulty line among the
	// lines checked first (DiagnosisReport.Ranked), 0 when not there.
	rankedAt int
	// undecided counts the checks of a statement against one case that
	// did not answer within their share of the time (Stats.Undecided).
	undecided int
	probeErr  string
	// faultIn: a diagnosis holds a faulty line; faultFirst: one of the
	// first diagnoses does.
	faultIn, faultFirst bool
	// faultAt is the place of the first diagnosis holding a faulty
	// line, in the report's order (groups in order), 0 when none.
	faultAt int
	partial string
	elapsed time.Duration
	// peak is this process's peak resident memory after the bug
	// (getrusage; 0 when unknown): the bugs run in one process, as a
	// library user diagnosing several packages would.
	peak int64
}

// diagnoseBug validates bug b in a fresh copy and diagnoses its failing
// cases together in this process, as faultloc localize -all does
// (consistent, bounded by timeout in all).
func diagnoseBug(ctx context.Context, b bug, tmp string, timeout time.Duration) diagnoseResult {
	r := diagnoseResult{bug: b}
	bc, msg := loadBug(ctx, b, tmp, "diagnose")
	if bc == nil {
		r.err = msg
		return r
	}
	start := time.Now()
	lctx, cancel := context.WithTimeout(ctx, 2*timeout+time.Minute) // listing the cases runs the package's tests
	defer cancel()
	d := &diagnose.Diagnoser{Options: diagnose.Options{Consistent: true, Parallel: runtime.NumCPU()}, Probe: mutation.FixProbe{Parallel: runtime.NumCPU()}}
	res, err := pipeline.Run(lctx, bc.prog, bc.pkg, &pipeline.Options{Run: historical.LocalizeRun(b.Run), Diagnoser: d, Timeout: timeout})
	r.elapsed = time.Since(start)
	r.peak, _ = peakRSS()
	if err != nil {
		r.err = err.Error()
		return r
	}
	rep := res.Diagnosis
	if rep == nil {
		r.err = "no failing case ran under faultloc"
		return r
	}
	r.failing = len(rep.Cases) - len(rep.Errors)
	r.groups = len(rep.Groups)
	if rep.Partial {
		r.partial = rep.Reason
	}
	r.probeErr = rep.ProbeError
	r.undecided = rep.Stats.Undecided
	for i, l := range rep.Ranked {
		if bc.faulty(l.File, l.Line) {
			r.rankedAt = i + 1
			break
		}
	}
	holds := func(dg localize.Diagnosis) bool {
		return slices.ContainsFunc(dg.Locations, func(l localize.Location) bool { return bc.faulty(l.File, l.Line) })
	}
	for _, g := range rep.Groups {
		for _, dg := range g.Diagnoses {
			r.diagnoses++
			if r.faultAt == 0 && holds(dg) {
				r.faultAt = r.diagnoses
			}
			if dg.Verified {
				r.verified++
			}
			if dg.OneFix {
				r.oneFix++
			}
			if dg.Fix != nil {
				r.mutantFixes++
				r.faultFix = r.faultFix || holds(dg)
			}
			r.faultIn = r.faultIn || holds(dg)
		}
		for _, dg := range g.Best() {
			r.first++
			r.faultFirst = r.faultFirst || holds(dg)
		}
	}
	return r
}

// writeDiagnose writes the diagnosis table.
func writeDiagnose(rep *strings.Builder, rs []diagnoseResult, timeout time.Duration) {
	rep.WriteString("## Diagnosis of each bug's failing cases together\n\n")
	fmt.Fprintf(rep, "Each historical bug's failing cases (its test's) diagnosed together in this process, as\n"+
		"`faultloc localize -all -run ... -timeout %v` does: pipeline.Run with diagnose.Diagnoser,\n"+
		"diagnose.Run with the one-fix check (diagnose.Options.Consistent) on the package's passing cases.\n"+
		"failing: cases diagnosed; diagnoses: all / verified / one fix; first: the diagnoses a reader looks at\n"+
		"first (DiagnosisGroup.Best: one fix, else verified, else all); fault: whether a diagnosis, and one of the\n"+
		"first, holds a faulty line; place: the place of the first diagnosis that does, in the report's order;\n"+
		"mutant fixes: diagnoses whose line has a mutant under which every failing case\n"+
		"passes and no passing case that executes it fails (the fix probe, Diagnosis.Fix), and whether one is on a\n"+
		"faulty line; ranked: where the first faulty line is among the lines checked first (the failures' ranking's\n"+
		"first, DiagnosisReport.Ranked, which the text report lists when no diagnosis is verified; \"-\": not there);\n"+
		"undecided: checks of a statement against one case that did not answer within their share of the time (Stats.Undecided);\n"+
		"ended: \"complete\" or why the search stopped (and the probe, when it was cut); time: the\n"+
		"whole pipeline's (listing and running the package's cases included); peak RSS: this process's peak\n"+
		"resident memory once the bug is done (getrusage; the bugs run one after the other in one process).\n\n", timeout)
	rep.WriteString("| bug | kind | failing | groups | diagnoses (verified, one fix) | first | fault in a diagnosis | fault in a first one | place | mutant fixes (on the fault) | ranked | undecided | ended | time | peak RSS |\n")
	rep.WriteString("|---|---|--:|--:|---|--:|:-:|:-:|--:|---|--:|--:|---|--:|--:|\n")
	var n, in, first, top, multi, multiIn int
	var firsts []float64
	for _, r := range rs {
		if r.err != "" {
			fmt.Fprintf(rep, "| %s | %s | | | error: %s | | | | | | | | | %v | %s |\n", r.bug.Name, r.bug.Kind, oneLine(r.err), r.elapsed.Round(100*time.Millisecond), gib(r.peak))
			continue
		}
		n++
		firsts = append(firsts, float64(r.first))
		if r.faultIn {
			in++
		}
		if r.faultFirst {
			first++
		}
		if r.faultAt == 1 {
			top++
		}
		if r.failing > 1 {
			multi++
			if r.faultFirst {
				multiIn++
			}
		}
		ended := "complete"
		if r.partial != "" {
			ended = oneLine(r.partial)
		}
		if r.probeErr != "" {
			ended += "; " + oneLine(r.probeErr)
		}
		ranked := "-"
		if r.rankedAt > 0 {
			ranked = fmt.Sprint(r.rankedAt)
		}
		place := "-"
		if r.faultAt > 0 {
			place = fmt.Sprint(r.faultAt)
		}
		fmt.Fprintf(rep, "| %s | %s | %d | %d | %d (%d, %d) | %d | %v | %v | %s | %d (%v) | %s | %d | %s | %v | %s |\n", r.bug.Name, r.bug.Kind, r.failing, r.groups,
			r.diagnoses, r.verified, r.oneFix, r.first, r.faultIn, r.faultFirst, place, r.mutantFixes, r.faultFix, ranked, r.undecided, ended, r.elapsed.Round(100*time.Millisecond), gib(r.peak))
	}
	slices.Sort(firsts)
	med := 0.0
	if len(firsts) > 0 {
		med = firsts[len(firsts)/2]
		if len(firsts)%2 == 0 {
			med = (firsts[len(firsts)/2-1] + firsts[len(firsts)/2]) / 2
		}
	}
	fmt.Fprintf(rep, "\nOf %d bugs diagnosed: a diagnosis holds the fault for %d, a first one for %d, the first of all for %d; first diagnoses per bug, median %g; "+
		"of the %d bugs with several failing cases, a first diagnosis holds the fault for %d.\n", n, in, first, top, med, multi, multiIn)
}

// gib formats a byte count in GiB, "-" when unknown.
func gib(n int64) string {
	if n <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}

// oneLine makes s fit a table cell.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "|", "\\|")
}
