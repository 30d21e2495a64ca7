package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// report is what the command writes: how it ran and every library's
// results.
type report struct {
	Command string      // the command line that regenerates it
	Env     string      // Go version, OS, architecture and cores
	Bounds  string      // the per-case and per-library bounds
	Libs    []libResult // in the order of libraries
	// Missing are the selected libraries not measured (the run was
	// stopped): a report with any is partial.
	Missing []string
}

// tally counts cases.
type tally struct {
	libs, cases, ran, verdict, output, falseFail int
	inOrder                                      int // cases that passed only after the earlier test functions
	allRan, allVerdict, noneRan                  int // libraries
	sumRan, sumVerdict                           float64
	measured                                     int // libraries with cases, for the means
}

func (t *tally) add(r *libResult) {
	t.libs++
	var ran, verdict int
	for i := range r.Cases {
		c := &r.Cases[i]
		t.cases++
		if c.Ran {
			ran++
			t.ran++
		}
		if c.sameVerdict() {
			verdict++
			t.verdict++
			if c.SameOutput {
				t.output++
			}
		}
		if c.falseFailure() {
			t.falseFail++
		}
		if c.InOrder {
			t.inOrder++
		}
	}
	n := len(r.Cases)
	if n == 0 {
		return
	}
	t.measured++
	t.sumRan += float64(ran) / float64(n)
	t.sumVerdict += float64(verdict) / float64(n)
	if ran == n {
		t.allRan++
	}
	if verdict == n {
		t.allVerdict++
	}
	if ran == 0 {
		t.noneRan++
	}
}

// pct formats n of total as "n (p%)".
func pct(n, total int) string {
	if total == 0 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(total))
}

// dur formats a duration to about three digits.
func dur(d time.Duration) string {
	switch {
	case d == 0:
		return "0"
	case d < time.Millisecond:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.0fms", float64(d)/float64(time.Millisecond))
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%.1fm", d.Minutes())
}

// interpTime sums the interpreted wall and CPU time of r's cases.
func interpTime(r *libResult) (wall, cpu time.Duration) {
	for _, c := range r.Cases {
		wall += c.Wall
		cpu += c.CPU
	}
	return wall, cpu
}

// cpuRatio is the interpreted CPU time of r's cases over the native
// suite's, known when at least 90% of its cases ran (otherwise the two
// do not measure the same work).
func cpuRatio(r *libResult) (float64, bool) {
	ran := 0
	for _, c := range r.Cases {
		if c.Ran {
			ran++
		}
	}
	_, cpu := interpTime(r)
	if len(r.Cases) == 0 || 10*ran < 9*len(r.Cases) || r.Native.CPU <= 0 {
		return 0, false
	}
	return float64(cpu) / float64(r.Native.CPU), true
}

// ratio formats a ratio of times.
func ratio(x float64, ok bool) string {
	switch {
	case !ok:
		return "—"
	case x < 10:
		return fmt.Sprintf("%.1f×", x)
	}
	return fmt.Sprintf("%.0f×", x)
}

// escape makes s safe in a markdown table cell.
func escape(s string) string {
	s = strings.NewReplacer("|", `\|`, "\n", " ", "`", "'").Replace(s)
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1 // terminal escapes that colour a test's output
		}
		return r
	}, s)
}

// blocked is a reason cases cannot run.
type blocked struct {
	reason  string
	cases   int
	libs    []string
	example string
}

// reasonsOf groups the cases of libs that msg picks (ok) by the reason
// of the message it gives, most cases first.
func reasonsOf(libs []libResult, msg func(r *libResult, c *caseResult) (string, bool)) []blocked {
	by := map[string]*blocked{}
	var order []*blocked
	for i := range libs {
		r := &libs[i]
		for j := range r.Cases {
			m, ok := msg(r, &r.Cases[j])
			if !ok {
				continue
			}
			k := reason(m)
			b := by[k]
			if b == nil {
				b = &blocked{reason: k, example: m}
				by[k] = b
				order = append(order, b)
			}
			b.cases++
			if !slices.Contains(b.libs, r.Name) {
				b.libs = append(b.libs, r.Name)
			}
		}
	}
	var out []blocked
	for _, b := range order {
		out = append(out, *b)
	}
	slices.SortStableFunc(out, func(a, b blocked) int { return cmp.Compare(b.cases, a.cases) })
	return out
}

// cannotRun gives why a case that did not run did not.
func cannotRun(r *libResult, c *caseResult) (string, bool) {
	switch {
	case c.Ran:
		return "", false
	case c.Error != "":
		return c.Error, true
	}
	return "not tried: " + r.Partial, true
}

// whyFalse gives why a false failure failed.
func whyFalse(_ *libResult, c *caseResult) (string, bool) { return c.Detail, c.falseFailure() }

// libsOf names up to four libraries, and how many more.
func libsOf(b blocked) string {
	libs, more := b.libs, ""
	if len(libs) > 4 {
		libs, more = libs[:4], fmt.Sprintf(" and %d more", len(b.libs)-4)
	}
	return fmt.Sprintf("%d: %s%s", len(b.libs), strings.Join(libs, ", "), more)
}

// cut shortens s to n bytes, on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + " …"
}

// maxReasons is the number of reasons the report lists.
const maxReasons = 30

// write writes the report as markdown.
func (rep *report) write(w io.Writer) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Real test suites under the interpreter\n\n")
	p("Generated by `%s` (%s; %s). Do not edit: rerun the command.\n\n", rep.Command, rep.Env, rep.Bounds)
	if len(rep.Missing) > 0 {
		p("**Partial**: %d of %d libraries measured; not measured: %s.\n\n",
			len(rep.Libs), len(rep.Libs)+len(rep.Missing), strings.Join(rep.Missing, ", "))
	}
	var stopped []string
	for _, r := range rep.Libs {
		if r.Partial != "" {
			stopped = append(stopped, r.Name+" ("+r.Partial+")")
		}
	}
	if len(stopped) > 0 {
		p("**Libraries measured in part** (a case not tried counts as not run): %s.\n\n", strings.Join(stopped, "; "))
	}
	p("Each library's whole test suite, its main package's, as `go test -json` reports it: a case is a test that runs no subtest, a leaf subtest, a fuzz target's seed or an example. Each case then runs alone under faultloc's interpreter (`trace.RunGoTest`, default budgets raised by the case's native time, no trace). *Run*: the interpreter ran it to a verdict; *verdict*: to go test's verdict; *output*: that, and the same log (durations aside, invalid UTF-8 as go test -json carries it); *false failures*: cases that pass under go test and fail interpreted.\n\n")

	var all tally
	fam := map[family]*tally{}
	for i := range rep.Libs {
		r := &rep.Libs[i]
		all.add(r)
		if fam[r.Family] == nil {
			fam[r.Family] = &tally{}
		}
		fam[r.Family].add(r)
	}
	p("## Overall\n\n")
	p("| libraries | cases | run | go test's verdict | and output | false failures |\n|---|---|---|---|---|---|\n")
	p("| %d | %d | %s | %s | %s | %d |\n\n", all.libs, all.cases, pct(all.ran, all.cases), pct(all.verdict, all.cases), pct(all.output, all.cases), all.falseFail)
	if all.measured > 0 {
		p("Per library, on average, %.1f%% of the cases run and %.1f%% get go test's verdict. ", 100*all.sumRan/float64(all.measured), 100*all.sumVerdict/float64(all.measured))
		p("Of %d libraries with cases, every case runs in %d, every case gets go test's verdict in %d, and no case runs in %d.\n\n", all.measured, all.allRan, all.allVerdict, all.noneRan)
	}
	if all.inOrder > 0 {
		p("%d cases failed run alone and passed run after the test functions go test runs before them, as go test runs them: their verdict is that run's.\n\n", all.inOrder)
	}
	var ratios []float64
	for i := range rep.Libs {
		if x, ok := cpuRatio(&rep.Libs[i]); ok {
			ratios = append(ratios, x)
		}
	}
	if len(ratios) > 0 {
		slices.Sort(ratios)
		p("Time: where at least 90%% of a library's cases run (libraries: %d), its interpreted cases take %s the CPU time of its native suite (the median; from %s to %s), the package's load aside.\n\n",
			len(ratios), ratio(ratios[len(ratios)/2], true), ratio(ratios[0], true), ratio(ratios[len(ratios)-1], true))
	}

	p("## Per family\n\n")
	p("| family | libraries | cases | run | go test's verdict | and output | false failures |\n|---|---|---|---|---|---|---|\n")
	for _, f := range families {
		t := fam[f]
		if t == nil {
			continue
		}
		p("| %s | %d | %d | %s | %s | %s | %d |\n", f, t.libs, t.cases, pct(t.ran, t.cases), pct(t.verdict, t.cases), pct(t.output, t.cases), t.falseFail)
	}

	p("\n## Per library\n\n")
	p("Native: the test binary's run (wall, CPU). Interpreted: loading the package and its tests, then the cases (wall, CPU), and the CPU time of the cases over the native suite's where at least 90%% of them ran.\n\n")
	p("| library | version | family | cases | run | verdict | output | false failures | native | load | interpreted | CPU ratio | note |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for i := range rep.Libs {
		r := &rep.Libs[i]
		var t tally
		t.add(r)
		_, version, _ := strings.Cut(r.Mod, "@")
		wall, cpu := interpTime(r)
		note := r.Partial
		if r.Err != "" {
			note = r.Err
		}
		note = cut(note, 160)
		p("| %s | %s | %s | %d | %s | %s | %s | %d | %s / %s | %s / %s | %s / %s | %s | %s |\n",
			r.Name, version, r.Family, t.cases, pct(t.ran, t.cases), pct(t.verdict, t.cases), pct(t.output, t.cases), t.falseFail,
			dur(r.Native.Wall), dur(r.Native.CPU), dur(r.Load.Wall), dur(r.Load.CPU), dur(wall), dur(cpu), ratio(cpuRatio(r)), escape(note))
	}

	reasons := reasonsOf(rep.Libs, cannotRun)
	p("\n## Why cases cannot run\n\n")
	if len(reasons) == 0 {
		p("Every case runs.\n")
	} else {
		p("The reasons by cases blocked (the error's message without positions, names of tests, quoted strings, numbers and the library's types), with the first message seen for each; %d reasons in all", len(reasons))
		if len(reasons) > maxReasons {
			p(", the first %d here", maxReasons)
			reasons = reasons[:maxReasons]
		}
		p(".\n\n| reason | cases | libraries | first message |\n|---|---|---|---|\n")
		for _, r := range reasons {
			p("| %s | %d | %s | %s |\n", escape(r.reason), r.cases, libsOf(r), escape(cut(r.example, 200)))
		}
	}

	p("\n## False failures\n\n")
	if all.falseFail == 0 {
		p("None: no case that passes under go test fails interpreted.\n")
	} else {
		p("Cases that pass under go test and fail interpreted, by reason:\n\n| reason | cases | libraries |\n|---|---|---|\n")
		for _, r := range reasonsOf(rep.Libs, whyFalse) {
			p("| %s | %d | %s |\n", escape(r.reason), r.cases, libsOf(r))
		}
		p("\nEach, with why it failed:\n\n| library | case | why it failed |\n|---|---|---|\n")
		for _, r := range rep.Libs {
			for _, c := range r.Cases {
				if c.falseFailure() {
					p("| %s | %s | %s |\n", r.Name, escape(c.Name), escape(cut(c.Detail, 200)))
				}
			}
		}
	}
	p("\n## Other output\n\n")
	var diffs []string
	for _, r := range rep.Libs {
		n, first := 0, ""
		for _, c := range r.Cases {
			if c.sameVerdict() && !c.SameOutput {
				if n == 0 {
					first = c.Name
					if c.OutputDiff != "" {
						first += ": " + c.OutputDiff
					}
				}
				n++
			}
		}
		if n > 0 {
			diffs = append(diffs, fmt.Sprintf("| %s | %d | %s |\n", r.Name, n, escape(cut(first, 240))))
		}
	}
	if len(diffs) == 0 {
		p("Every case with go test's verdict has its log too.\n")
	} else {
		p("Cases with go test's verdict and another log, and the first of them with the first line that differs:\n\n| library | cases | first |\n|---|---|---|\n%s", strings.Join(diffs, ""))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
