package localize

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// DiagnosisReport is the result of diagnose.Run: one report for the
// failing cases of a package, listing diagnoses and the cases each
// explains.
type DiagnosisReport struct {
	// Package is the import path of the cases' package, when Package
	// made the report ("" otherwise).
	Package string `json:"package,omitempty"`
	// Mode is the encoding (agx, pf, fs, fi).
	Mode string `json:"mode"`
	// Cases are the failing cases given, in the order given.
	Cases []string `json:"cases"`
	// Grouping says how the cases were grouped: GroupingJoint (one
	// group of every case diagnosed), GroupingByDiagnosis or
	// GroupingByAssertion.
	Grouping string `json:"grouping"`
	// Groups are the groups of cases diagnosed together, each with its
	// diagnoses.
	Groups []DiagnosisGroup `json:"groups"`
	// Errors are the cases left out: they passed, or localize could not
	// encode them.
	Errors []CaseFailure `json:"errors,omitempty"`
	// Partial is true when a group's search stopped early (a bound,
	// the deadline, a cancellation); Reason says why.
	Partial bool   `json:"partial"`
	Reason  string `json:"reason,omitempty"`
	// Ranked are the lines diagnose.Diagnoser checked first, the failures'
	// ranking's first (RankedLines): where to read when no diagnosis
	// was found within the deadline (the text report then lists them).
	Ranked []Location `json:"ranked,omitempty"`
	// ProbeError says why diagnose.Diagnoser' fix probe stopped before it
	// settled every mutant (its time bound, a load error); the fixes
	// it found are kept (Diagnosis.Fix).
	ProbeError string `json:"probeError,omitempty"`
	// Stats add up the work of every group (and of the joint search
	// before grouping); Total is the wall time.
	Stats Stats `json:"stats"`
	// Output says how the writers write the report (not written).
	Output WriteOptions `json:"-"`
}

// CaseFailure is a case and how it failed, or why it was left out.
type CaseFailure struct {
	Case    string `json:"case"`
	Failure string `json:"failure"`
}

// DiagnosisGroup is a group of cases diagnosed together.
type DiagnosisGroup struct {
	// Cases are the group's cases that the formula holds.
	Cases []string `json:"cases"`
	// Joint is how many of them the search's formula held in the end:
	// the others' own formulas admitted, and their replays passed with,
	// every correction set the search found among those.
	Joint int `json:"joint"`
	// Diagnoses are the diagnoses in the order to read them: those that
	// are one fix, then the other verified ones, then the others (Best
	// gives the first of these kinds the group has); within a kind, in
	// the order found, by cost, except that a diagnosis forcing found
	// that only passes on a value another was forced to follows it.
	Diagnoses []Diagnosis `json:"diagnoses"`
	Partial   bool        `json:"partial"`
	Reason    string      `json:"reason,omitempty"`
	Stats     Stats       `json:"stats"`
}

// Diagnosis is a set of statements whose change explains the failing
// cases of its group together: a subset-minimal correction set of their
// joint formula, with each case's angelic values.
type Diagnosis struct {
	// Locations are the statements, in source order.
	Locations []Location `json:"locations"`
	// Verified is true only when every case of the group passed when
	// replayed with its angelic values.
	Verified bool `json:"verified"`
	// OneFix, with DiagnoseOptions.Consistent, is true when the
	// diagnosis is verified and its values are one fix: what its
	// statements do is a function of what they read, and that function
	// keeps the passing cases passing. Rejected says why a verified
	// diagnosis is not.
	OneFix   bool   `json:"oneFix,omitempty"`
	Rejected string `json:"rejected,omitempty"`
	// AlsoReads, for a diagnosis that is one fix only when its
	// statements also read a package variable they do not mention now
	// (a flag the faulty statement forgot to test) or a predicate of the
	// package they do not call (a condition it forgot), names that
	// variable, or the predicate as a call: "pkg.Below()".
	AlsoReads []string `json:"alsoReads,omitempty"`
	// Challenged, for a diagnosis that is one fix, counts the passing
	// cases whose runs its table changed and that still passed. With
	// none, the table holds only inputs no passing case has (each
	// test's own strings, say): a weaker claim, which any verified
	// diagnosis with such inputs would pass.
	Challenged int `json:"challenged,omitempty"`
	// Fix, for a diagnosis of one line, is a mutant of the line under
	// which every case of the group passes and no passing case that
	// executes the line fails (diagnose.Diagnoser' fix probe): a change of
	// the source the tests accept (which may overfit them). Such a
	// diagnosis is one fix, and Verified, whatever its angelic values
	// gave; one the search did not find has none.
	Fix *MutantResult `json:"fix,omitempty"`
	// Explains are the cases whose replay passed.
	Explains []string `json:"explains"`
	// Cases are each case's angelic values and whether its replay
	// passed, in the group's order.
	Cases []CaseValues `json:"cases"`
}

// CaseValues are the angelic values of a diagnosis for one case.
type CaseValues struct {
	Case    string         `json:"case"`
	Passed  bool           `json:"passed"`
	Angelic []AngelicValue `json:"angelic"`
}

// Diagnoses returns every diagnosis of the report, group by group.
func (r *DiagnosisReport) Diagnoses() []Diagnosis {
	var out []Diagnosis
	for _, g := range r.Groups {
		out = append(out, g.Diagnoses...)
	}
	return out
}

// Best returns the diagnoses of group g a reader should look at first:
// those that are one fix (DiagnoseOptions.Consistent) when there are
// any, else the verified ones when there are any, else all of them. A
// one fix no passing case challenged (Diagnosis.Challenged) counts: a
// true fix may be keyed by inputs no passing test shares.
func (g *DiagnosisGroup) Best() []Diagnosis {
	for _, keep := range []func(Diagnosis) bool{
		func(d Diagnosis) bool { return d.OneFix },
		func(d Diagnosis) bool { return d.Verified },
	} {
		var out []Diagnosis
		for _, d := range g.Diagnoses {
			if keep(d) {
				out = append(out, d)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return g.Diagnoses
}

// order sorts g's diagnoses into the order to read them (see
// DiagnosisGroup.Diagnoses).
func (g DiagnosisGroup) Sort() {
	kind := func(d Diagnosis) int {
		switch {
		case d.OneFix:
			return 0
		case d.Verified:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(g.Diagnoses, func(a, b Diagnosis) int { return cmp.Compare(kind(a), kind(b)) })
}

// WriteText writes the report as `file:line: message` lines, one per
// statement of each diagnosis, with file names relative to
// r.Output.Dir when possible, as [Report.WriteText] does.
func (r *DiagnosisReport) WriteText(w io.Writer) error {
	rel := relativeTo(r.Output.Dir)
	var sb strings.Builder
	what := "failing cases"
	if r.Package != "" {
		what += " of " + r.Package
	}
	fmt.Fprintf(&sb, "# diagnosis of %d %s (%s, %s): %s\n", len(r.Cases), what, r.Mode, r.Grouping, strings.Join(r.Cases, ", "))
	for gi, g := range r.Groups {
		if len(r.Groups) > 1 {
			fmt.Fprintf(&sb, "## group %d of %d: %s\n", gi+1, len(r.Groups), strings.Join(g.Cases, ", "))
		}
		if len(g.Diagnoses) == 0 {
			sb.WriteString("no diagnosis found\n")
		}
		best := len(g.Best())
		for i, d := range g.Diagnoses {
			if i == best {
				// Best's kind first (order), then the weaker ones.
				weaker := "not verified"
				if g.Diagnoses[0].OneFix {
					weaker = "not one fix"
				}
				fmt.Fprintf(&sb, "# diagnoses %d to %d are weaker: %s\n", best+1, len(g.Diagnoses), weaker)
			}
			status := "verified"
			if d.OneFix {
				status = "verified, one fix"
				if len(d.AlsoReads) > 0 {
					status += " also reading " + strings.Join(d.AlsoReads, ", ")
				}
				if d.Challenged == 0 && d.Fix == nil {
					status += " no passing case challenges"
				}
			} else if !d.Verified {
				status = "NOT verified"
			}
			for _, l := range d.Locations {
				var vals []string
				for _, cv := range d.Cases {
					var vs []string
					for _, a := range cv.Angelic {
						if a.File == l.File && a.Line == l.Line {
							v := a.Text()
							vs = append(vs, v)
						}
					}
					if len(vs) > 0 {
						vals = append(vals, cv.Case+": "+strings.Join(vs, ", "))
					}
				}
				fmt.Fprintf(&sb, "%s:%d: diagnosis %d (%s, size %d, explains %d of %d): %s", rel(l.File), l.Line, i+1, status, len(d.Locations), len(d.Explains), len(g.Cases), l.Text)
				if len(vals) > 0 {
					fmt.Fprintf(&sb, " [angelic: %s]", strings.Join(vals, "; "))
				}
				sb.WriteByte('\n')
			}
			if d.Fix != nil {
				change := fmt.Sprintf("`%s` replaced by `%s`", d.Fix.Orig, d.Fix.Repl)
				if d.Fix.Op == "SDL" {
					change = fmt.Sprintf("`%s` deleted", d.Fix.Orig)
				}
				fmt.Fprintf(&sb, "  (diagnosis %d: every case passes, and no passing case fails, with %s at column %d (%s))\n", i+1, change, d.Fix.Column, d.Fix.Op)
			}
			if d.Rejected != "" {
				fmt.Fprintf(&sb, "  (diagnosis %d is not one fix: %s)\n", i+1, d.Rejected)
			} else if !d.Verified && len(d.Explains) > 0 {
				fmt.Fprintf(&sb, "  (diagnosis %d explains %s only)\n", i+1, strings.Join(d.Explains, ", "))
			}
		}
		if g.Partial {
			fmt.Fprintf(&sb, "(partial: %s)\n", g.Reason)
		}
		if n := g.Stats.Undecided; n > 0 {
			fmt.Fprintf(&sb, "(%s of a statement against one case did not answer within the share of the time each had: those statements are neither found nor ruled out)\n", plural(n, "check"))
		}
	}
	if r.Partial && len(r.Groups) == 0 {
		// Stopped before any group: the groups say nothing of why.
		fmt.Fprintf(&sb, "(partial: %s)\n", r.Reason)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(&sb, "(left out: %s: %s)\n", e.Case, e.Failure)
	}
	if r.ProbeError != "" {
		fmt.Fprintf(&sb, "(fix probe: %s)\n", r.ProbeError)
	}
	if len(r.Ranked) > 0 && !slices.ContainsFunc(r.Diagnoses(), func(d Diagnosis) bool { return d.Verified }) {
		sb.WriteString("# no verified diagnosis; the failures' ranking's first lines:\n")
		for i, l := range r.Ranked {
			fmt.Fprintf(&sb, "%s:%d: rank %d: %s\n", rel(l.File), l.Line, i+1, l.Text)
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// WriteJSON writes the report as indented JSON, which encoding/json
// reads back into a DiagnosisReport.
func (r *DiagnosisReport) WriteJSON(w io.Writer) error {
	return EncodeJSON(w, r)
}

// WriteHTML writes the report's text as one self-contained HTML page
// ([EncodeHTML]: a diagnosis has no view of its own), titled by
// r.Output.Title (default: the text's first line).
func (r *DiagnosisReport) WriteHTML(w io.Writer) error {
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		return err
	}
	title := r.Output.Title
	if title == "" {
		title, _, _ = strings.Cut(strings.TrimPrefix(text.String(), "# "), "\n")
	}
	return EncodeHTML(w, title, text.String())
}

// RelativeTo rewrites the report's file names relative to dir, as
// [Report.RelativeTo] does.
func (r *DiagnosisReport) RelativeTo(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	rel := func(f *string) {
		if p, err := filepath.Rel(abs, *f); err == nil && filepath.IsAbs(*f) {
			*f = p
		}
	}
	for gi := range r.Groups {
		for di := range r.Groups[gi].Diagnoses {
			d := &r.Groups[gi].Diagnoses[di]
			for j := range d.Locations {
				rel(&d.Locations[j].File)
			}
			for ci := range d.Cases {
				for j := range d.Cases[ci].Angelic {
					rel(&d.Cases[ci].Angelic[j].File)
				}
			}
			if d.Fix != nil {
				rel(&d.Fix.File)
			}
		}
	}
	for i := range r.Ranked {
		rel(&r.Ranked[i].File)
	}
}

// A Diagnoser explains several failing cases together: the stage
// pipeline.Options.Diagnoser runs on a package's failing cases instead
// of a Technique on each. diagnose.Diagnoser is the built-in one.
type Diagnoser interface {
	Diagnose(ctx context.Context, fs []*Failure) (*DiagnosisReport, error)
}
