package localize

import (
	"cmp"
	"context"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// probe runs the fix probe of a (AgxDiagnosis.NoProbe) on the mutants of
// lines, for every case of fs at once, within a.Probe.Timeout and a
// quarter of the time left before ctx's deadline.
func (a *AgxDiagnosis) probe(ctx context.Context, fs []*Failure, lines []trace.Line) ([]MutantResult, error) {
	p := a.Probe
	p.Timeout = cmp.Or(p.Timeout, DefaultProbeTimeout)
	if dl, ok := ctx.Deadline(); ok {
		p.Timeout = min(p.Timeout, time.Until(dl)/4)
	}
	if p.Timeout <= 0 {
		return nil, nil
	}
	return p.fixes(ctx, fs, lines)
}

// addFixes records the fixes the probe found (each makes every failing
// case pass) in every group: a diagnosis of the fix's line alone gets it
// as its Fix and is one fix; a line no diagnosis holds becomes one. The
// groups are ordered again.
func (r *DiagnosisReport) addFixes(fixes []MutantResult) {
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
				g.Diagnoses = append(g.Diagnoses, Diagnosis{
					Locations: []Location{{File: m.File, Line: m.Line, Text: Sources{}.Line(m.File, m.Line)}},
					Explains:  []string{},
					Cases:     []CaseValues{},
				})
				i = len(g.Diagnoses) - 1
			}
			d := &g.Diagnoses[i]
			d.Fix = &m
			d.Verified, d.OneFix, d.Rejected, d.AlsoReads = true, true, "", nil
			d.Explains = append([]string(nil), g.Cases...)
		}
		g.order()
	}
}
