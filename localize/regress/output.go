package regress

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"
)

// WriteText writes the report for a reader: the root changes and their
// auxiliary changes, the fix sites (if the root cause replaced code), the
// cause tree, the causes and critical predicates,
// every change, and the baselines. Files are relative to r.Output.Dir
// when below it. Durations are shown with r.Output.Timing only (golden
// files leave them out).
func (r *Report) WriteText(w io.Writer) error {
	dir, timing := r.Output.Dir, r.Output.Timing
	var b strings.Builder
	rel := func(f string) string {
		if x, err := filepath.Rel(dir, f); err == nil && !strings.HasPrefix(x, "..") {
			return x
		}
		return f
	}
	byID := map[string]string{}
	for _, c := range r.Changes {
		byID[c.ID] = c.String()
	}
	list := func(ids []string) string {
		if len(ids) == 0 {
			return "none"
		}
		return strings.Join(ids, " ")
	}
	verified := "verified: reverting them makes the cases pass"
	if !r.Verified {
		verified = "NOT verified: the final run with them reverted did not pass"
	} else if r.Chosen == ChosenSwitched {
		verified = fmt.Sprintf("verified: reverting them, with %s in place of the statement nested in it, makes the cases pass", list(r.Enclosing))
	} else if r.Chosen == ChosenBroughtIn {
		verified = fmt.Sprintf("verified: reverting them, with %s in place of the statement whose added code it needs deleted, makes the cases pass", list(r.Enclosing))
	}
	fmt.Fprintf(&b, "regression of %s: %s fail on the new version\n", r.Package, strings.Join(r.Failing, ", "))
	if r.Failure != "" {
		fmt.Fprintf(&b, "failure: %s\n", r.Failure)
	}
	if r.Trials == TrialsNative.String() {
		b.WriteString("versions tried: built and run by go test (native trials)\n")
	}
	if r.AnalysisError != "" {
		fmt.Fprintf(&b, "semantic analysis: %s\n", r.AnalysisError)
	}
	if len(r.Unreachable) > 0 {
		back := "set aside"
		if r.PutBack {
			back = "put back: with every other change reverted the cases did not pass"
		}
		fmt.Fprintf(&b, "unreachable from the failing cases (%d, %s): %s\n", len(r.Unreachable), back, list(r.Unreachable))
	}
	for _, nr := range r.NotRun {
		fmt.Fprintf(&b, "not run (the interpreter could not run it on the new version): %s\n", nr)
	}
	if r.Partial {
		fmt.Fprintf(&b, "PARTIAL: stopped before the search ended (%s); what follows is what it found by then\n", r.Reason)
		verified = "not verified: the search was stopped"
	}
	where := fmt.Sprintf("among the causes up to round %d", r.Rounds)
	if r.Rounds < 0 {
		where = "among every change (no set of causes sufficed)"
	}
	if r.Chosen != "" {
		how := r.Chosen
		switch r.Chosen {
		case ChosenAuxiliary:
			how = "an auxiliary change that, reverted alone or in place of one of the set's changes, passes with fewer changes reverted"
		case ChosenOrigin:
			how = "where the wrong value starts: a cause that the root found before it cannot be reverted without, and whose code it depends on by data"
		case ChosenAddedCode:
			how = "a statement of added code that the root found before it depends on by data, and that, deleted alone, passes"
		case ChosenSwitched:
			how = fmt.Sprintf("the statement of the added block %s that decides the failure: a switch of its branch in the failing run passes", list(r.Enclosing))
		case ChosenBroughtIn:
			how = fmt.Sprintf("the statement of added code, deleted with %s as an auxiliary change, that decides the failure: a switch of its branch in the failing run passes", list(r.Enclosing))
		case ChosenGuard:
			how = fmt.Sprintf("the changed condition that %s runs under, whose reversal alone passes too: the failing run executes it because of the condition", list(r.Guarded))
		}
		where = fmt.Sprintf("%s; delta debugging found %s %s", how, list(r.Found), where)
	}
	fmt.Fprintf(&b, "\nroot cause: %s (%s; %s)\n", list(r.Root), where, verified)
	for _, id := range r.Root {
		fmt.Fprintf(&b, "  %s\n", byID[id])
	}
	if len(r.Guards) > 0 {
		b.WriteString("under conditions the release changed too (reverting the root passes, and so may neutralising them; the fix may belong there):\n")
		for _, id := range r.Guards {
			fmt.Fprintf(&b, "  %s\n", byID[id])
		}
	}
	fmt.Fprintf(&b, "auxiliary changes (reverted with it so that it builds): %s\n", list(r.Aux))
	for _, id := range r.Aux {
		fmt.Fprintf(&b, "  %s\n", byID[id])
	}
	if len(r.FixSites) > 0 {
		b.WriteString("\nwhere to fix (the root cause replaced code: the causes it brought into the failing run, which with it reverted do not run; ranked):\n")
		for _, s := range r.FixSites {
			core := ""
			if s.Core {
				core = ", in a minimal correction set"
			}
			if s.Switched {
				core += ", a switch of its branch passes"
			}
			var ls []string
			for _, p := range s.Lines {
				ls = append(ls, fmt.Sprint(p.Line))
			}
			fmt.Fprintf(&b, "  %d. %s (round %d%s; ran lines %s)\n", s.Rank, byID[s.Change], s.Round, core, strings.Join(ls, ", "))
		}
	}
	if sw := r.Switching; sw != nil && sw.Sites > 0 {
		fmt.Fprintf(&b, "  (predicate switching: sites with a branch %d, tried %d, switched runs %d", sw.Sites, sw.Tried, sw.Runs)
		if sw.Partial {
			fmt.Fprintf(&b, "; partial, %s", sw.Reason)
		}
		b.WriteString(")\n")
	}
	if r.Descent != "" {
		fmt.Fprintf(&b, "where to fix: %s\n", r.Descent)
	}
	if r.Tree != nil {
		b.WriteString("\ncause tree (from the failure back to the root changes):\n")
		writeTree(&b, r.Tree, 1, dir)
	}
	b.WriteString("\ncauses (changes the failing run depends on, by round of critical predicates):\n")
	if len(r.Causes) == 0 {
		b.WriteString("  none\n")
	}
	for _, c := range r.Causes {
		core := ""
		if c.Core {
			core = " [in a minimal correction set]"
		}
		fmt.Fprintf(&b, "  round %d: %s%s\n", c.Round, byID[c.Change], core)
	}
	fmt.Fprintf(&b, "trace formula: %s\n", r.Solver)
	b.WriteString("\ncritical predicates:\n")
	if len(r.Predicates) == 0 {
		b.WriteString("  none\n")
	}
	for _, p := range r.Predicates {
		ch := ""
		if p.Change != "" {
			ch = " [" + p.Change + "]"
		}
		outcome := p.Taken
		switch {
		case p.Old == "":
		case p.Differs:
			outcome += ", old version " + p.Old + ": changed"
		default:
			outcome += ", old version too"
		}
		fmt.Fprintf(&b, "  round %d %s (%s): %s:%d: %s%s\n", p.Round, p.Influence, outcome, rel(p.File), p.Line, p.Code, ch)
	}
	fmt.Fprintf(&b, "\nchanges (%d; kept, as the tests need them: %s):\n", len(r.Changes), list(r.Kept))
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "  %s\n", c)
	}
	effort := func(e localize.Stats) string {
		s := fmt.Sprintf("%d versions tried, %d test runs, %d unresolved", e.Probes, e.Runs, e.Unresolved)
		if timing {
			s += ", " + e.Total.Round(time.Millisecond).String()
		}
		return s
	}
	fmt.Fprintf(&b, "\nAFTER: root %s, aux %s: %s", list(r.Root), list(r.Aux), effort(r.Effort))
	if timing {
		fmt.Fprintf(&b, " (semantic analysis %v)", r.Effort.Analysis.Round(time.Millisecond))
	}
	b.WriteString("\n")
	for _, bl := range r.Baselines {
		fmt.Fprintf(&b, "%s (%s", bl.Name, list(bl.Universe))
		if len(bl.Base) > 0 {
			fmt.Fprintf(&b, "; %s reverted in every version", list(bl.Base))
		}
		fmt.Fprintf(&b, "): %s: %s", list(bl.Diff), effort(bl.Effort))
		if bl.Err != "" {
			fmt.Fprintf(&b, " (%s)", bl.Err)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the report as one indented JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	return localize.EncodeJSON(w, r)
}
