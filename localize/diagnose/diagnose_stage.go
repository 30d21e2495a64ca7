package diagnose

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/maxsat"

	"github.com/faultloc/faultloc/trace"
)

// Diagnoser is [Run] as a [localize.Diagnoser]. With
// Options.Consistent and no Options.Passing, the passing cases are those
// of the failures' spectrum (the package's, when pipeline.Run runs it);
// a case whose row the interpreter ran (spectra.Traces: a row with its
// steps) is not run again for its coverage, the row is that run.
// Without Options.First, the lines checked first are the first lines of
// the failures' ranking (RankedLines).
type Diagnoser struct {
	Options Options
	// FirstLines is how many lines of the ranking are checked first.
	// Default 0: DefaultFirstLines; negative: none.
	FirstLines int
	// NoProbe leaves out the fix probe: before the diagnosis, the
	// mutants of the lines checked first ([mutation.FixProbe]'s operators) are
	// run on every failing case, and a mutant under which all of them
	// pass and no passing case that executes its line fails makes its
	// line a diagnosis that is one fix, with the mutant as
	// [localize.Diagnosis.Fix]. It needs the failures' spectrum and package (as
	// pipeline.Run gives them). Default false: the probe runs.
	NoProbe bool
	// Probe configures the fix probe (its Lines are not used: the lines
	// checked first are mutated). Its Timeout (default
	// DefaultProbeTimeout) is capped at a quarter of the time left
	// before ctx's deadline, which the diagnosis then has the rest of.
	Probe mutation.FixProbe
}

var _ localize.Diagnoser = (*Diagnoser)(nil)

// Diagnose runs [Run] on the failures' cases, which must share one
// program. In a build without the solver ([maxsat.Available]) the
// report holds the fix probe's one fixes and the lines checked first,
// Partial, its Reason the *maxsat.NoSolverError.
func (a *Diagnoser) Diagnose(ctx context.Context, fs []*localize.Failure) (*localize.DiagnosisReport, error) {
	if len(fs) == 0 {
		return &localize.DiagnosisReport{Mode: a.Options.Search.Mode.String(), Cases: []string{}, Grouping: GroupingJoint, Groups: []localize.DiagnosisGroup{}}, nil
	}
	prog := fs[0].Program
	cases := make([]trace.Case, len(fs))
	for i, f := range fs {
		if f.Program != prog {
			return nil, fmt.Errorf("localize: AgxDiagnosis: case %s is of another program", f.Case.Name())
		}
		cases[i] = f.Case
	}
	opts := a.Options
	if opts.Consistent && opts.Passing == nil && fs[0].Spectrum != nil && fs[0].Package != "" {
		// The package's passing cases, as its spectrum lists them; the
		// rows the interpreter ran are their coverage runs.
		opts.Passing = passingFromSpectrum(prog, fs[0].Package, fs[0].Spectrum)
	}
	if opts.First == nil && a.FirstLines >= 0 {
		opts.First = localize.RankedLines(ctx, fs, cmp.Or(a.FirstLines, localize.DefaultFirstLines))
	}
	var fixes []localize.MutantResult
	var probeErr error
	if !a.NoProbe && fs[0].Spectrum != nil && fs[0].Package != "" {
		fixes, probeErr = a.probe(ctx, fs, opts.First)
	}
	rep, err := Run(ctx, prog, cases, &opts)
	if _, ok := errors.AsType[*maxsat.NoSolverError](err); ok {
		// A build without the solver: the fix probe's one fixes and the
		// lines to read are what there is.
		rep = &localize.DiagnosisReport{Mode: opts.Search.Mode.String(), Cases: []string{}, Grouping: GroupingJoint, Partial: true, Reason: err.Error()}
		for _, c := range cases {
			rep.Cases = append(rep.Cases, c.Name())
		}
		rep.Groups = []localize.DiagnosisGroup{{Cases: rep.Cases, Joint: len(rep.Cases), Diagnoses: []localize.Diagnosis{}, Partial: true, Reason: err.Error()}}
	} else if err != nil {
		return nil, err
	}
	rep.Package = fs[0].Package
	src := localize.Sources{}
	for _, l := range opts.First {
		rep.Ranked = append(rep.Ranked, localize.Location{Position: localize.At(l), Text: src.Line(l.File, l.Line)})
	}
	addFixes(rep, fixes)
	if probeErr != nil {
		rep.ProbeError = probeErr.Error()
	}
	return rep, nil
}
