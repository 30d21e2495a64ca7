package cireport

import (
	"fmt"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// Diagnosis turns a diagnosis of several failing cases (localize -all,
// diagnose.Run) into results, group by group in the order its text shows
// them: each diagnosis, rule diagnosis/MODE, an error when verified (its
// statements changed together make every case of the group pass), a
// note when not; then, when no diagnosis is verified, the failures'
// ranking's first lines that the text report lists (ranked-line/
// first-lines, warnings). A diagnosis's rank is its place in its group;
// its properties hold the cases it explains, whether it is one fix, the
// mutant that fixes it and each case's angelic values.
func Diagnosis(r *localize.DiagnosisReport) []Result {
	var out []Result
	common := map[string]any{"cases": r.Cases, "grouping": r.Grouping}
	if r.Partial {
		common["partial"] = r.Reason
	}
	mode := slug(r.Mode)
	for gi, g := range r.Groups {
		group := strings.Join(g.Cases, ", ")
		for i, d := range g.Diagnoses {
			rule := Rule{"diagnosis/" + mode, fmt.Sprintf("A set of statements (%s) whose change explains every failing case of its group at once, verified by replaying each case with its angelic values.", r.Mode), Error}
			status := "verified"
			switch {
			case d.OneFix:
				status = "verified, one fix"
			case !d.Verified:
				rule = Rule{"unverified-diagnosis/" + mode, fmt.Sprintf("A set of statements (%s) whose change the formula says explains every failing case of its group, but whose replays did not all pass.", r.Mode), Note}
				status = "NOT verified"
			}
			var locs []Location
			var what []string
			for _, l := range d.Locations {
				locs = append(locs, Location{Position: l.Position, Text: l.Text})
				what = append(what, fmt.Sprintf("line %d: %s", l.Line, l.Text))
			}
			msg := fmt.Sprintf("%s: diagnosis %d (%s, size %d, explains %d of %d): %s", group, i+1, status, len(d.Locations), len(d.Explains), len(g.Cases), strings.Join(what, "; "))
			props := map[string]any{"group": gi + 1, "diagnosis": i + 1, "size": len(d.Locations), "verified": d.Verified, "oneFix": d.OneFix, "explains": d.Explains}
			if d.Rejected != "" {
				props["rejected"] = d.Rejected
			}
			if len(d.AlsoReads) > 0 {
				props["alsoReads"] = d.AlsoReads
			}
			if d.Fix != nil {
				props["fix"] = map[string]any{"operator": d.Fix.Op, "orig": d.Fix.Orig, "repl": d.Fix.Repl, "column": d.Fix.Column}
				msg += " [fix: " + d.Fix.Edit() + "]"
			}
			var angelic []map[string]any
			for _, cv := range d.Cases {
				for _, a := range cv.Angelic {
					angelic = append(angelic, map[string]any{"case": cv.Case, "line": a.Line, "expr": a.Expr, "value": a.Text(), "orig": a.Orig})
				}
			}
			props["angelic"] = angelic
			for k, v := range common {
				props[k] = v
			}
			out = append(out, Result{Rule: rule, Message: msg, Locations: locs, Group: group, Rank: float64(i + 1), Evidence: string(localize.EvidenceVerified), Properties: props})
			if !d.Verified {
				out[len(out)-1].Evidence = string(localize.EvidenceCandidate)
			}
		}
	}
	if !slices.ContainsFunc(r.Diagnoses(), func(d localize.Diagnosis) bool { return d.Verified }) {
		for i, l := range r.Ranked {
			props := map[string]any{}
			for k, v := range common {
				props[k] = v
			}
			out = append(out, Result{
				Rule:      Rule{"ranked-line/first-lines", "A line among the failures' ranking's first, which the diagnosis checked first: where to read when no diagnosis is verified.", Warning},
				Message:   strings.TrimSuffix(fmt.Sprintf("%s: rank %d: %s", strings.Join(r.Cases, ", "), i+1, l.Text), ": "),
				Locations: []Location{{Position: localize.Position{File: l.File, Line: l.Line}, Text: l.Text}},
				Group:     "ranked", Rank: float64(i + 1), Properties: props,
			})
		}
	}
	return out
}
