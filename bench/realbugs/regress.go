package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/regress"
)

// regressResult is one historical bug explained as a regression by
// regress.Explain (AFTER).
type regressResult struct {
	bug      bug
	changes  int      // changes between the versions
	truth    []string // the changes putting this bug back: what its fix reverts
	rep      *regress.Report
	err      string
	duration time.Duration
}

// regressGroups groups the bugs by release, in the order of bugs.
func regressGroups(bs []bug) [][]bug {
	var out [][]bug
	at := map[string]int{}
	for _, b := range bs {
		i, ok := at[b.Module]
		if !ok {
			i = len(out)
			at[b.Module] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], b)
	}
	return out
}

// regressGroup explains the bugs of one release as regressions: the old
// version is the release, the new one the release with every bug of the
// group put back (each bug's test then fails, and the other bugs are
// changes that may or may not matter to it); for each bug, its test is
// explained by Regress, with the changes that put it back as ground
// truth.
func regressGroup(ctx context.Context, group []bug, tmp string, timeout time.Duration, progress func(regressResult)) []regressResult {
	module := group[0].Module
	base := filepath.Join(tmp, "regress", strings.NewReplacer("/", "_", "@", "_").Replace(module))
	oldDir, newDir := filepath.Join(base, "old"), filepath.Join(base, "new")
	fail := func(msg string) []regressResult {
		var rs []regressResult
		for _, b := range group {
			rs = append(rs, regressResult{bug: b, err: msg})
		}
		return rs
	}
	for _, d := range []string{oldDir, newDir} {
		if err := historical.Prepare(ctx, module, d); err != nil {
			return fail(err.Error())
		}
	}
	var applied []bug
	var rs []regressResult
	for _, b := range group {
		if _, err := historical.PutBack(b, newDir); err != nil {
			rs = append(rs, regressResult{bug: b, err: "does not go back in with the others: " + err.Error()})
			continue
		}
		applied = append(applied, b)
	}
	set, err := changes.Dirs(oldDir, newDir, nil)
	if err != nil {
		return fail(err.Error())
	}
	for _, b := range applied {
		r := regressResult{bug: b, changes: len(set.Changes)}
		truth, err := groundTruth(set, oldDir, b)
		if err != nil {
			r.err = err.Error()
			rs = append(rs, r)
			continue
		}
		r.truth = truth
		bctx, cancel := context.WithTimeout(ctx, 5*timeout)
		start := time.Now()
		rep, err := regress.Explain(bctx, &regress.Options{
			Old: oldDir, New: newDir, Changes: set, Package: "./" + strings.TrimPrefix(b.Package(), "./"),
			Dir: newDir, Run: historical.LocalizeRun(b.Run), RunTimeout: timeout,
		})
		cancel()
		r.duration = time.Since(start)
		r.rep = rep
		if err != nil {
			r.err = err.Error()
		}
		progress(r)
		rs = append(rs, r)
	}
	return rs
}

// groundTruth returns the IDs of the changes of set that putting b back
// alone into the old version makes: changes of b's file whose old spans
// overlap those of b's own changes.
func groundTruth(set *changes.Set, oldDir string, b bug) ([]string, error) {
	src, err := os.ReadFile(filepath.Join(oldDir, b.File))
	if err != nil {
		return nil, err
	}
	buggy := strings.Replace(string(src), b.Fixed, b.Buggy, 1)
	own, err := changes.Diff(map[string][]byte{b.File: src}, map[string][]byte{b.File: []byte(buggy)})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range set.Changes {
		if c.File != b.File {
			continue
		}
		for _, o := range own.Changes {
			overlap := c.Old.Offset < o.Old.End && o.Old.Offset < c.Old.End
			point := c.Old.Offset == c.Old.End && o.Old.Offset <= c.Old.Offset && c.Old.Offset <= o.Old.End ||
				o.Old.Offset == o.Old.End && c.Old.Offset <= o.Old.Offset && o.Old.Offset <= c.Old.End
			if overlap || point {
				out = append(out, c.ID)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no change of %s puts the bug back", b.File)
	}
	return out, nil
}

// verdict compares a found set of changes with the ground truth, as the
// AFTER paper's Table II does: matched (the same changes), superset (the
// truth and more), partial (some of the truth), missed (none of it).
func verdict(found, truth []string) string {
	hit := 0
	for _, t := range truth {
		if slices.Contains(found, t) {
			hit++
		}
	}
	switch {
	case hit == len(truth) && len(found) == len(truth):
		return "matched"
	case hit == len(truth):
		return "superset"
	case hit > 0:
		return "partial"
	}
	return "missed"
}

func ids(xs []string) string {
	if len(xs) == 0 {
		return "∅"
	}
	return strings.Join(xs, " ")
}

// writeRegress writes the regression table.
func writeRegress(rep *strings.Builder, rs []regressResult) {
	rep.WriteString("## Historical bugs as regressions (AFTER)\n\n")
	rep.WriteString("Each release is the old version; the new version is the release with every one of its historical bugs\n")
	rep.WriteString("put back (each by its literal replacement), so that each bug's test fails and the other bugs are\n")
	rep.WriteString("changes that may or may not matter to it. changes: between the versions (`changes.Dirs`); truth: the\n")
	rep.WriteString("changes that putting this bug back alone makes (what its upstream fix reverts); AFTER: `regress.Explain`,\n")
	rep.WriteString("its root cause and auxiliary changes, checked against the truth (matched; matched with aux: the root\n")
	rep.WriteString("and its auxiliary changes are the truth; superset, partial, missed); found among: the causes of the semantic\n")
	rep.WriteString("analysis up to a round of critical predicates, or every change when no set of causes sufficed;\n")
	rep.WriteString("verified: a final run with them reverted passes; dd all / dd causes: classic dd over all changes and over\n")
	rep.WriteString("the causes the semantic analysis found, without auxiliary changes. Each method: the versions it tried\n")
	rep.WriteString("(v), the test runs (r), the versions that did not build or run (u) and its time; AFTER's time includes its\n")
	rep.WriteString("semantic analysis (sem.: the failing run recorded and walked back, and the solver's minimal correction\n")
	rep.WriteString("sets, bounded at 20 s), which the dd baselines do not do. Every run is in\n")
	rep.WriteString("faultloc's interpreter. Where two bugs of a release break the same test, the test passes only with both\n")
	rep.WriteString("reverted: a root cause holding both is then right, and counted as a superset of the one bug's truth.\n\n")
	rep.WriteString("| bug | changes | truth | AFTER root + aux | found among | vs truth | verified | AFTER v/r/u, time | dd all | vs truth | v/r/u, time | dd causes | v/r/u, time |\n")
	rep.WriteString("|---|--:|---|---|---|---|---|---|---|---|---|---|---|\n")
	effort := func(e localize.Stats) string {
		return fmt.Sprintf("%d/%d/%d, %v", e.Probes, e.Runs, e.Unresolved, e.Total.Round(100*time.Millisecond))
	}
	counts := map[string]int{}
	ddCounts := map[string]int{}
	for _, r := range rs {
		if r.rep == nil || r.err != "" && len(r.rep.Root) == 0 {
			msg := r.err
			if len(msg) > 160 {
				msg = msg[:157] + "..."
			}
			fmt.Fprintf(rep, "| %s | %d | %s | error: %s | | | | | | | | | |\n", r.bug.Name, r.changes, ids(r.truth), cell(msg))
			continue
		}
		x := r.rep
		v := verdict(x.Root, r.truth)
		if v != "matched" && verdict(slices.Concat(x.Root, x.Aux), r.truth) == "matched" {
			v = "matched with aux"
		}
		counts[v]++
		root := ids(x.Root)
		if len(x.Aux) > 0 {
			root += " + " + ids(x.Aux)
		}
		among := "all changes"
		if x.Rounds >= 0 {
			among = fmt.Sprintf("causes ≤ round %d", x.Rounds)
		}
		cols := []string{r.bug.Name, fmt.Sprint(r.changes), ids(r.truth), root, among, v, yesNo(x.Verified),
			effort(x.Effort) + fmt.Sprintf(" (sem. %v)", x.Effort.Analysis.Round(100*time.Millisecond))}
		for i := range 2 {
			if i >= len(x.Baselines) {
				cols = append(cols, "-", "-", "-")
				if i == 1 {
					cols = cols[:len(cols)-1]
				}
				continue
			}
			bl := x.Baselines[i]
			d := ids(bl.Diff)
			if bl.Err != "" {
				d += " (" + cell(firstWords(bl.Err, 8)) + ")"
			}
			if i == 0 {
				dv := verdict(bl.Diff, r.truth)
				ddCounts[dv]++
				cols = append(cols, d, dv, effort(bl.Effort))
			} else {
				cols = append(cols, d, effort(bl.Effort))
			}
		}
		fmt.Fprintf(rep, "| %s |\n", strings.Join(cols, " | "))
	}
	fmt.Fprintf(rep, "\nAFTER: %d matched, %d matched with its auxiliary changes, %d superset, %d partial, %d missed; dd over all changes: %d matched, %d superset, %d partial, %d missed.\n",
		counts["matched"], counts["matched with aux"], counts["superset"], counts["partial"], counts["missed"],
		ddCounts["matched"], ddCounts["superset"], ddCounts["partial"], ddCounts["missed"])
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = append(f[:n], "...")
	}
	return strings.Join(f, " ")
}
