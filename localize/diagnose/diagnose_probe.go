package diagnose

import (
	"cmp"
	"context"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/trace"
)

// probe runs the fix probe of a (AgxDiagnosis.NoProbe) on the mutants of
// lines, for every case of fs at once, within a.Probe.Timeout and a
// quarter of the time left before ctx's deadline.
func (a *Diagnoser) probe(ctx context.Context, fs []*localize.Failure, lines []trace.Line) ([]localize.MutantResult, error) {
	p := a.Probe
	p.Timeout = cmp.Or(p.Timeout, mutation.DefaultProbeTimeout)
	if dl, ok := ctx.Deadline(); ok {
		p.Timeout = min(p.Timeout, time.Until(dl)/4)
	}
	if p.Timeout <= 0 {
		return nil, nil
	}
	return p.Fixes(ctx, fs, lines)
}

// addFixes records in r the fixes the probe found (each makes every failing
// case pass) in every group: a diagnosis of the fix's line alone gets it
// as its Fix and is one fix; a line no diagnosis holds becomes one. The
// groups are ordered again.
func addFixes(r *localize.DiagnosisReport, fixes []localize.MutantResult) {
	if len(fixes) == 0 {
		return
	}
	for gi := range r.Groups {
		g := &r.Groups[gi]
		for _, m := range fixes {
			i := -1
			for j, d := range g.Diagnoses {
				if len(d.Locations) == 1 && d.Locations[0].File == m.File && d.Locations[0].Line == m.Line {
					i = j
					break
				}
			}
			if i < 0 {
				g.Diagnoses = append(g.Diagnoses, localize.Diagnosis{
					Locations: []localize.Location{{Position: localize.At(m.SourceLine()), Text: localize.Sources{}.Line(m.File, m.Line)}},
					Explains:  []string{},
					Cases:     []localize.CaseValues{},
				})
				i = len(g.Diagnoses) - 1
			}
			d := &g.Diagnoses[i]
			d.Fix = &m
			d.Verified, d.OneFix, d.Rejected, d.AlsoReads = true, true, "", nil
			d.Explains = append([]string(nil), g.Cases...)
		}
		g.Sort()
	}
}
