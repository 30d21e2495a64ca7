package cireport

import (
	"fmt"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair"
)

// Repair turns a repair's patches into results, in rank order, each
// with its fix (the span replaced, the text put there): the plausible
// patches (repair/plausible-patch, an error: the package's whole test
// suite passes on them) and those not validated (repair/unvalidated-
// patch, a note: they fit the repair's evidence only); refuted patches
// are left out. Each patch is its own group, so that two patches of one
// line have their own fingerprints. Source lines are read from disk to
// quote them.
func Repair(res *repair.Result) []Result {
	src := localize.Sources{}
	var out []Result
	for _, p := range res.Patches {
		var rule Rule
		switch {
		case p.Validation == nil:
			rule = Rule{"repair/unvalidated-patch", "A patch that fits the repair's evidence (the selected test cases, interpreted) but was not validated on the package's test suite.", Note}
		case p.Validation.Plausible:
			rule = Rule{"repair/plausible-patch", "A patch under which the package's whole test suite passes, natively: a plausible fix.", Error}
		default:
			continue
		}
		change := fmt.Sprintf("replace `%s` with `%s`", p.Orig, p.Repl)
		at := Location{Position: p.Position, EndLine: p.EndLine, EndColumn: p.EndColumn, Text: src.Line(p.File, p.Line)}
		if p.Orig == "" {
			change = fmt.Sprintf("insert `%s`", p.Repl)
			at = Location{Position: localize.Position{File: p.File, Line: p.Line}, Text: at.Text} // before the line
		}
		props := map[string]any{"package": res.Package, "origin": p.Origin, "size": p.Size, "distance": p.Distance, "orig": p.Orig, "repl": p.Repl}
		if res.Partial {
			props["partial"] = res.Reason
		}
		out = append(out, Result{
			Rule:       rule,
			Message:    fmt.Sprintf("patch %d (%s): %s", p.Rank, p.Origin, change),
			Locations:  []Location{at},
			Group:      change,
			Rank:       float64(p.Rank),
			Evidence:   "repair",
			Properties: props,
			Fixes:      []Fix{{Description: change, Deleted: Location{Position: p.Position, EndLine: p.EndLine, EndColumn: p.EndColumn}, Inserted: p.Inserted()}},
		})
	}
	return out
}
