package main

import (
	"fmt"
	"strings"
	"time"
)

// report formats the rows of results (of total regressions) as Markdown:
// a summary, then a table.
func report(results []result, total int, checkOnly bool) string {
	var b strings.Builder
	if len(results) < total {
		fmt.Fprintf(&b, "**Partial: %d of %d regressions run so far.**\n\n", len(results), total)
	}
	if checkOnly {
		b.WriteString("| regression | releases | test | premise |\n|---|---|---|---|\n")
		for _, res := range results {
			premise := "holds"
			if res.err != "" {
				premise = cell(res.err)
			}
			fmt.Fprintf(&b, "| %s | %s %s → %s (test of %s) | `%s` | %s |\n", res.r.name, res.r.module, res.r.good, res.r.bad, res.r.fix, res.r.run, premise)
		}
		return b.String()
	}
	var ran, explained, within, ref, guarded, fix1, fix3, fewer, ddDone int
	for _, res := range results {
		if res.rep == nil {
			continue
		}
		ran++
		if res.explained() {
			explained++
			if res.rep.Effort.Time <= 5*time.Minute {
				within++
			}
		}
		if res.explained() && res.rootRef() {
			ref++
			if !res.holdsRef(res.rep.Root) {
				guarded++
			}
		}
		if res.explained() && (res.rootRef() || res.fixRef() == 1) {
			fix1++
		}
		if k := res.fixRef(); res.explained() && (res.rootRef() || k >= 1 && k <= 3) {
			fix3++
		}
		if dd := res.baseline("dd over all changes"); dd != nil && dd.Err == "" && len(dd.Diff) > 0 {
			ddDone++
			if res.rep.Effort.Runs < dd.Effort.Runs {
				fewer++
			}
		}
	}
	fmt.Fprintf(&b, "## Summary\n\n")
	fmt.Fprintf(&b, "- regressions: %d; faultloc regress reported on %d\n", len(results), ran)
	fmt.Fprintf(&b, "- explained (a root cause, verified by a run of its version, before the deadline): %d; with AFTER's own time (its semantic analysis and trials, baselines not counted) within 5 minutes: %d\n", explained, within)
	fmt.Fprintf(&b, "- explained with a root cause holding a reference line (which change broke it): %d of %d (%s); %d of them in a guard of the root (a changed condition its statement runs under) only\n", ref, len(results), pct(ref, len(results)), guarded)
	fmt.Fprintf(&b, "- explained with a reference line in the root cause or, where the root cause replaced code, in the first fix site (where to fix it): %d of %d (%s); in the first 3 fix sites: %d (%s)\n", fix1, len(results), pct(fix1, len(results)), fix3, pct(fix3, len(results)))
	fmt.Fprintf(&b, "- AFTER with fewer test runs than dd over all changes: %d of the %d where dd over all changes ended with an answer (%s)\n\n", fewer, ddDone, pct(fewer, ddDone))
	b.WriteString("## Regressions\n\n")
	b.WriteString("changes: between the releases (`changes.Dirs`, test files not compared); causes: the changes the failing run depends on (the semantic analysis; none when the interpreter could not record it); trials: how the versions tried ran (interp: faultloc's interpreter; native: go test builds with overlays); ref: whether the answer holds a reference line (a line of the bad release that the upstream fix changes): one of its changes covers the line and no change nested in it does (the finest change there; a modified statement has no nested changes, whatever its size), and the size of the root's narrowest such change when it spans more than one line (\"yes (14 lines)\"; in guard: in the header of the innermost if, loop or case around a root statement, which the release changed too and faultloc regress reports with the root; in aux: not the root cause but one of its auxiliary changes); fix sites: how many causes the root cause brought into the failing run (those it runs that the run with the root cause reverted does not), and the rank of the first whose executed lines hold a reference line; v/r: versions tried and test runs; time: AFTER's own (semantic analysis and trials), then the whole command's wall time with the baselines; a baseline that the deadline stopped shows the smallest failing set it had found, not a minimal one, with why it stopped in parentheses (its ref then says little: the whole set may hold a reference line).\n\n")
	b.WriteString("| regression | releases | changes | causes | trials | AFTER root + aux | ref | verified | fix sites | v/r, time | dd all | ref | v/r | dd causes | v/r | bisection | ref | v/r |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, res := range results {
		r := res.r
		rel := fmt.Sprintf("%s %s → %s", strings.TrimPrefix(r.module, "github.com/"), r.good, r.bad)
		if res.rep == nil {
			fmt.Fprintf(&b, "| %s | %s | %s |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |\n", r.name, rel, cell(res.err))
			continue
		}
		rep := res.rep
		root := ids(rep.Root)
		if len(rep.Guarded) > 0 {
			root += " (guarding " + ids(rep.Guarded) + ")"
		}
		if len(rep.Guards) > 0 {
			root += " (under " + ids(rep.Guards) + ")"
		}
		if len(rep.Aux) > 0 {
			root += " + " + ids(rep.Aux)
		}
		if rep.Partial {
			root += " (partial: " + cell(rep.Reason) + ")"
		}
		trials := rep.Trials
		if rep.AnalysisError != "" {
			trials += "*"
		}
		fix := "none"
		switch {
		case rep.Descent != "":
			fix = "not looked for"
		case len(rep.FixSites) > 0 && res.fixRef() > 0:
			fix = fmt.Sprintf("%d, ref at %d", len(rep.FixSites), res.fixRef())
		case len(rep.FixSites) > 0:
			fix = fmt.Sprintf("%d, no ref", len(rep.FixSites))
		}
		ref := yes(res.holdsRef(rep.Root))
		if n := res.refSpan(rep.Root); n > 1 {
			ref = fmt.Sprintf("yes (%d lines)", n)
		}
		switch {
		case res.holdsRef(rep.Root):
		case res.holdsRef(rep.Guards):
			ref = "in guard"
		case res.holdsRef(rep.Aux):
			ref = "in aux"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %d/%d, %v / %v |", r.name, rel, len(rep.Changes), len(rep.Causes), trials, root,
			ref, yes(rep.Verified), fix, rep.Effort.Probes, rep.Effort.Runs, rep.Effort.Time.Round(time.Second), res.wall.Round(time.Second))
		for _, name := range []string{"dd over all changes", "dd over the causes", "bisection over all changes"} {
			bl := res.baseline(name)
			switch {
			case bl == nil:
				b.WriteString(" not run |")
			case bl.Err != "" && len(bl.Diff) == 0:
				fmt.Fprintf(&b, " %s |", cell(bl.Err))
			case bl.Err != "":
				// Stopped (by the deadline) with a failing set that is not minimal yet.
				fmt.Fprintf(&b, " %s (%s) |", ids(bl.Diff), cell(bl.Err))
			default:
				fmt.Fprintf(&b, " %s |", ids(bl.Diff))
			}
			if name == "dd over the causes" {
				if bl != nil {
					fmt.Fprintf(&b, " %d/%d |", bl.Effort.Probes, bl.Effort.Runs)
				} else {
					b.WriteString("  |")
				}
				continue
			}
			if bl != nil {
				fmt.Fprintf(&b, " %s | %d/%d |", yes(res.holdsRef(bl.Diff)), bl.Effort.Probes, bl.Effort.Runs)
			} else {
				b.WriteString("  |  |")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n\\* the interpreter could not record the failing run, so there was no semantic analysis and AFTER searched every change:\n\n")
	for _, res := range results {
		if res.rep != nil && res.rep.AnalysisError != "" {
			fmt.Fprintf(&b, "- %s: %s\n", res.r.name, cell(res.rep.AnalysisError))
		}
	}
	b.WriteString("\nLoad average (1, 5, 15 minutes) when each regression ended:\n\n")
	for _, res := range results {
		if res.load != "" {
			fmt.Fprintf(&b, "- %s: %s\n", res.r.name, res.load)
		}
	}
	b.WriteString("\n## Sources\n\n| regression | test (from the fix release) | reference lines (bad release) | upstream fix |\n|---|---|---|---|\n")
	for _, res := range results {
		r := res.r
		fmt.Fprintf(&b, "| %s | `%s` of %s | %s | [%s](%s): %s |\n", r.name, r.run, r.fix, refCell(r.refs), strings.TrimPrefix(r.fixURL, "https://github.com/"), r.fixURL, r.fixNote)
	}
	return b.String()
}

// baseline returns the baseline called name of the report, or nil.
func (res result) baseline(name string) *baseline {
	for i := range res.rep.Baselines {
		if res.rep.Baselines[i].Name == name {
			return &res.rep.Baselines[i]
		}
	}
	return nil
}

func ids(s []string) string {
	switch {
	case len(s) == 0:
		return "none"
	case len(s) > 8:
		return fmt.Sprintf("%s … %s (%d changes)", strings.Join(s[:3], " "), s[len(s)-1], len(s))
	}
	return strings.Join(s, " ")
}

// refCell lists reference lines as file:l1,l2 per file.
func refCell(refs []ref) string {
	var s []string
	for _, r := range refs {
		s = append(s, r.file+":"+lines(r.lines))
	}
	return strings.Join(s, "; ")
}

func lines(ls []int) string {
	var s []string
	for _, l := range ls {
		s = append(s, fmt.Sprint(l))
	}
	return strings.Join(s, ",")
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func pct(n, d int) string {
	if d == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d%%", 100*n/d)
}

// cell makes s fit in a table cell: one line, no pipes, at most 200 bytes.
func cell(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(s), "\n", " "), "|", "\\|")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
