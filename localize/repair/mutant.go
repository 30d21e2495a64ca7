package repair

import (
	"context"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/localize/repair/internal/locate"
	"github.com/faultloc/faultloc/trace"
)

// mutant is a plausible fix of mutation analysis as a patch.
type mutant struct {
	localize.MutantResult
	patch Patch
}

// mutants returns mutation analysis' plausible fixes on the sites'
// lines: the mutants under which every failing case passes and no
// passing case fails, interpreted. An analysis the context cut gives
// those of its mutants every case ran on, with the context's error.
func mutants(ctx context.Context, prog *trace.Program, sites []localize.Candidate, cases []trace.Case, failing int) ([]mutant, error) {
	cfg, patterns := prog.LoadedWith()
	a, cut := mutation.Analyze(ctx, sites, &mutation.Options{Load: cfg, Patterns: patterns, Cases: cases, Repair: true})
	if a == nil {
		return nil, cut
	}
	var out []mutant
	files := locate.NewFiles(cfg.Overlay)
	for _, m := range a.Mutants {
		if m.PassToFail != 0 || m.FailToPass != failing {
			continue
		}
		src, start, err := files.Mutant(m.File, m.Line, m.Column, m.Orig)
		if err != nil {
			return out, err
		}
		if start < 0 {
			continue // not where the mutant says: leave it out
		}
		out = append(out, mutant{m, *replaceUsed(m.File, src, start, start+len(m.Orig), m.Repl)})
	}
	return out, cut
}
