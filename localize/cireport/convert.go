package cireport

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/regress"
	"github.com/faultloc/faultloc/spectra"
)

// Localize turns localize's reports into results, each report in the
// order its text shows it: the verified fix candidates, the lines the
// other evidence ranks (those no candidate placed), the candidates whose
// re-run did not pass, the plausible fixes mutation found. Rule ids:
// fix-candidate/MODE and unverified-candidate/MODE (MODE the report's:
// agx, pf, fs, fi, angelic, sat-tar), ranked-line/EVIDENCE
// (ranked-line/spectrum, ranked-line/slice, ranked-line/native-spectrum,
// …) and mutant-fix. A ranked line has the score that placed it
// (RankedLine.Score; none where that is 0: a line a refiner promoted),
// which Threshold reads. Source lines are read from disk to quote them.
func Localize(reports []*localize.Report) []Result {
	src := localize.Sources{}
	var out []Result
	for _, rep := range reports {
		common := map[string]any{"test": rep.Test, "failure": rep.Failure}
		if rep.Partial {
			common["partial"] = rep.Reason
		}
		props := func(more map[string]any) map[string]any {
			p := map[string]any{}
			for k, v := range common {
				p[k] = v
			}
			for k, v := range more {
				p[k] = v
			}
			return p
		}
		mode := slug(rep.Mode)
		candidate := func(i int, c localize.Candidate) Result {
			rule := Rule{"fix-candidate/" + mode, fmt.Sprintf("A minimal set of statements (%s) whose change, with the angelic values shown, makes the failing test pass, verified by re-running it.", rep.Mode), Error}
			ev, status := localize.EvidenceVerified, "verified"
			if !c.Verified {
				rule = Rule{"unverified-candidate/" + mode, fmt.Sprintf("A minimal set of statements (%s) whose change the formula says makes the failing test pass, but whose re-run with the angelic values did not pass.", rep.Mode), Note}
				ev, status = localize.EvidenceCandidate, "NOT verified"
			}
			var locs []Location
			var what []string
			for _, l := range c.Locations {
				locs = append(locs, Location{Position: l.Position, Text: l.Text})
				w := l.Text
				if l.Expr != "" {
					w = l.Expr + " in " + l.Text
				}
				if vals := angelicAt(c, l); vals != "" {
					w += " [angelic: " + vals + "]"
				}
				what = append(what, fmt.Sprintf("line %d: %s", l.Line, w))
			}
			msg := fmt.Sprintf("%s: fix candidate %d (%s, size %d): %s", rep.Test, i+1, status, len(c.Locations), strings.Join(what, "; "))
			if c.Flex != nil {
				msg += " [" + c.Flex.String() + "]"
			}
			var angelic []map[string]any
			for _, a := range c.Angelic {
				angelic = append(angelic, map[string]any{"line": a.Line, "expr": a.Expr, "value": a.Text(), "orig": a.Orig})
			}
			// The candidate's rank is its lines' worst.
			return Result{Rule: rule, Message: msg, Locations: locs, Group: rep.Test, Rank: float64(worstRank(rep.Ranking, locs)), Evidence: string(ev),
				Properties: props(map[string]any{"candidate": i + 1, "size": len(c.Locations), "verified": c.Verified, "angelic": angelic})}
		}
		for i, c := range rep.Candidates {
			if c.Verified {
				out = append(out, candidate(i, c))
			}
		}
		for _, rl := range rep.Ranking {
			if rl.Evidence == localize.EvidenceVerified || rl.Evidence == localize.EvidenceCandidate || rl.Evidence == "" {
				continue // a candidate's line: its result is the candidate's
			}
			text := src.Line(rl.File, rl.Line)
			out = append(out, Result{
				Rule:      Rule{"ranked-line/" + slug(string(rl.Evidence)), fmt.Sprintf("A line the failing test's %s evidence ranks, after the verified fix candidates' lines.", rl.Evidence), Warning},
				Message:   strings.TrimSuffix(fmt.Sprintf("%s: rank %d (%s): %s", rep.Test, rl.Rank, rl.Evidence, text), ": "),
				Locations: []Location{{Position: localize.Position{File: rl.File, Line: rl.Line}, Text: text}},
				Group:     rep.Test, Rank: float64(rl.Rank), Score: rl.Score, Scored: rl.Score != 0, Evidence: string(rl.Evidence),
				Properties: props(nil),
			})
		}
		for i, c := range rep.Candidates {
			if !c.Verified {
				out = append(out, candidate(i, c))
			}
		}
		for _, m := range rep.Fixes {
			msg := fmt.Sprintf("%s: mutant fix (%s): %s", rep.Test, m.Op, m.Edit())
			if n := m.FailToPass - 1; n > 0 {
				msg += fmt.Sprintf(" (also fixes %d other failing test%s)", n, map[bool]string{true: "s"}[n > 1])
			}
			out = append(out, Result{
				Rule:      Rule{"mutant-fix", "A mutant of the line under which the failing test passes and no passing test fails: a plausible fix.", Error},
				Message:   msg,
				Locations: []Location{{Position: m.Position, Text: src.Line(m.File, m.Line)}},
				Group:     rep.Test, Evidence: string(localize.EvidenceMutation),
				Properties: props(map[string]any{"operator": m.Op, "orig": m.Orig, "repl": m.Repl, "failToPass": m.FailToPass, "passToFail": m.PassToFail}),
			})
		}
	}
	return out
}

// angelicAt formats the candidate's angelic values at the location's line.
func angelicAt(c localize.Candidate, l localize.Location) string {
	var vals []string
	for _, a := range c.Angelic {
		if a.File == l.File && a.Line == l.Line {
			vals = append(vals, a.Text())
		}
	}
	return strings.Join(vals, ", ")
}

// worstRank is the largest rank of the locations' lines in the ranking,
// 0 if it has none of them.
func worstRank(rs []localize.RankedLine, locs []Location) int {
	worst := 0
	for _, rl := range rs {
		if slices.ContainsFunc(locs, func(l Location) bool { return l.File == rl.File && l.Line == rl.Line }) {
			worst = max(worst, rl.Rank)
		}
	}
	return worst
}

// Regress turns a regression explanation into results: its root changes
// (regression/root-cause, an error when the final re-run verified them,
// a warning when not), their auxiliary changes
// (regression/auxiliary-change), the other changes the failing run
// depends on (regression/cause) and the critical predicates
// (regression/critical-predicate). newRoot is the new version's root
// directory, which the changes' files are relative to.
func Regress(r *regress.Report, newRoot string) []Result {
	src := localize.Sources{}
	byID := map[string]*changeLoc{}
	for _, c := range r.Changes {
		file := filepath.Join(newRoot, filepath.FromSlash(c.File))
		l := Location{Position: localize.Position{File: file, Line: c.New.StartLine}}
		if c.New.EndLine > c.New.StartLine {
			l.EndLine = c.New.EndLine
		}
		if l.Line > 0 {
			l.Text = src.Line(file, l.Line)
		}
		byID[c.ID] = &changeLoc{c.String(), l}
	}
	common := func(more map[string]any) map[string]any {
		p := map[string]any{"failing": r.Failing, "failure": r.Failure}
		for k, v := range more {
			p[k] = v
		}
		return p
	}
	var out []Result
	rootLevel, verified := Error, "verified: reverting the root cause, with its auxiliary changes, makes the cases pass"
	if !r.Verified {
		rootLevel, verified = Warning, "NOT verified: the final run with the root cause reverted did not pass"
	}
	for _, id := range r.Root {
		c := byID[id]
		if c == nil {
			continue
		}
		out = append(out, Result{
			Rule:      Rule{"regression/root-cause", "A change of a minimal set whose reversal, with its auxiliary changes, makes the failing tests pass (AFTER).", rootLevel},
			Message:   fmt.Sprintf("root cause of the regression of %s (%s): %s", strings.Join(r.Failing, ", "), verified, c.text),
			Locations: []Location{c.loc}, Evidence: "root cause",
			Properties: common(map[string]any{"change": id, "root": r.Root, "aux": r.Aux, "verified": r.Verified}),
		})
	}
	for _, id := range r.Aux {
		if c := byID[id]; c != nil {
			out = append(out, Result{
				Rule:      Rule{"regression/auxiliary-change", "A change reverted with the root cause only so that the version builds: not a cause.", Note},
				Message:   "auxiliary change of the root cause (reverted with it so that it builds): " + c.text,
				Locations: []Location{c.loc}, Evidence: "auxiliary change",
				Properties: common(map[string]any{"change": id}),
			})
		}
	}
	for _, cause := range r.Causes {
		c := byID[cause.Change]
		fix := slices.IndexFunc(r.FixSites, func(s regress.FixSite) bool { return s.Change == cause.Change })
		if c == nil || slices.Contains(r.Root, cause.Change) || slices.Contains(r.Aux, cause.Change) && fix < 0 {
			continue
		}
		core := ""
		if cause.Core {
			core = ", in a minimal correction set"
		}
		if i := fix; i >= 0 {
			out = append(out, Result{
				Rule:      Rule{"regression/fix-site", "A change the root cause brought into the failing run, which the failure depends on: where the fix may lie when the root cause replaced code.", Warning},
				Message:   fmt.Sprintf("where to fix, rank %d (the root cause replaced code; this change runs only because of it; round %d%s): %s", r.FixSites[i].Rank, cause.Round, core, c.text),
				Locations: []Location{c.loc}, Evidence: "fix site",
				Properties: common(map[string]any{"change": cause.Change, "rank": r.FixSites[i].Rank, "round": cause.Round, "core": cause.Core}),
			})
			continue
		}
		out = append(out, Result{
			Rule:      Rule{"regression/cause", "A change among the statements the failing run depends on (AFTER's semantic analysis), outside the root cause.", Warning},
			Message:   fmt.Sprintf("change the failing run depends on (round %d%s): %s", cause.Round, core, c.text),
			Locations: []Location{c.loc}, Evidence: "cause",
			Properties: common(map[string]any{"change": cause.Change, "round": cause.Round, "core": cause.Core}),
		})
	}
	for _, p := range r.Predicates {
		ch := ""
		if p.Change != "" {
			ch = " [" + p.Change + "]"
		}
		out = append(out, Result{
			Rule:      Rule{"regression/critical-predicate", "A branch of the failing run that decides whether a statement the failure depends on runs (AFTER's critical predicate).", Note},
			Message:   fmt.Sprintf("critical predicate, round %d, %s influence, took %s: %s%s", p.Round, p.Influence, p.Taken, p.Code, ch),
			Locations: []Location{{Position: localize.Position{File: p.File, Line: p.Line}, Text: src.Line(p.File, p.Line)}}, Evidence: "critical predicate",
			Properties: common(map[string]any{"round": p.Round, "influence": p.Influence, "taken": p.Taken, "old": p.Old, "differs": p.Differs}),
		})
	}
	return out
}

// changeLoc is a change as a result shows it.
type changeLoc struct {
	text string
	loc  Location
}

// Spectra turns a spectrum ranking into results, most suspicious first,
// one per element (rule spectrum/FORMULA), its score, rank and counts
// in the properties; elements of no source position (none has) are
// left out.
func Spectra(r *spectra.Ranking) []Result {
	src := localize.Sources{}
	rule := Rule{"spectrum/" + slug(r.Formula), fmt.Sprintf("A program element ranked by the %s formula over which test cases, failing and passing, execute it.", r.Formula), Warning}
	var out []Result
	for _, e := range r.Entries {
		el := e.Element
		if el.Line <= 0 {
			continue
		}
		l := Location{Position: localize.Position{File: el.File, Line: el.Line, Column: el.Col}, Text: src.Line(el.File, el.Line)}
		if el.Kind == spectra.Block {
			l.EndLine, l.EndColumn = el.EndLine, el.EndCol
		}
		what := l.Text
		if el.Kind == spectra.Function || el.Kind == spectra.Instruction {
			what = el.Name
		}
		suspect := ""
		if e.Suspect {
			suspect = ", a suspect"
		}
		out = append(out, Result{
			Rule: rule,
			Message: fmt.Sprintf("rank %s (%s %s%s; executed by %d of %d failing and %d of %d passing cases): %s",
				spectra.FormatRank(e.Rank), r.Formula, spectra.FormatScore(e.Score), suspect, e.Counts.EF, e.Counts.EF+e.Counts.NF, e.Counts.EP, e.Counts.EP+e.Counts.NP, what),
			Locations: []Location{l}, Rank: e.Rank, Score: e.Score, Scored: true, Evidence: "spectrum",
			Properties: map[string]any{"formula": r.Formula, "kind": el.Kind.String(), "confidence": jsonFloat(e.Confidence),
				"ef": e.Counts.EF, "ep": e.Counts.EP, "nf": e.Counts.NF, "np": e.Counts.NP, "suspect": e.Suspect},
		})
	}
	return out
}
