package mutation

import (
	"context"
	"errors"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/trace"
)

// Scorer scores the lines of a failing case's verified
// candidates by mutation analysis ([Analyze]): the package's cases (those
// of Failure.Spectrum, go test cases of Failure.Package) run on mutants of
// those lines, scored as Metallaxis does, or as MUSE does. It needs
// Failure.Candidates and Failure.Package, and how the program was loaded,
// since mutants are loaded again from source with overlays.
type Scorer struct {
	// Load and Patterns are how the program was loaded (trace.Load's
	// arguments).
	Load     trace.Config
	Patterns []string
	// MUSE scores as MUSE does. Default false: Metallaxis.
	MUSE bool
	// Parallel is the number of test runs at once. Default 0: 1.
	Parallel int
}

var _ localize.Scorer = Scorer{}

// Evidence returns EvidenceMutation.
func (Scorer) Evidence() localize.Evidence { return localize.EvidenceMutation }

// Score runs the package's cases on mutants of the verified candidates'
// lines.
func (s Scorer) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	var verified []localize.Candidate
	for _, c := range f.Candidates {
		if c.Verified {
			verified = append(verified, c)
		}
	}
	if len(verified) == 0 {
		return nil, errors.New("localize: mutation: no verified candidate to mutate")
	}
	if f.Spectrum == nil || f.Package == "" || f.Program == nil {
		return nil, errors.New("localize: mutation: no package cases to run (Failure.Spectrum, Failure.Package, Failure.Program)")
	}
	var cases []trace.Case
	for i := range f.Spectrum.NumTests() {
		cases = append(cases, f.Program.GoTestCase(f.Package, f.Spectrum.Test(i).Name))
	}
	a, err := Analyze(ctx, verified, &Options{Load: s.Load, Patterns: s.Patterns, Cases: cases, Parallel: s.Parallel})
	if err != nil {
		return nil, err
	}
	if s.MUSE {
		return a.muse(verified), nil
	}
	return a.metallaxis(verified), nil
}

// AddFixes sets r's Fixes to the plausible fixes of its test
// among the analysis' mutants ([Analysis.Fixes]): mutants of the
// analysed lines under which the test passes and no passing test fails.
// The analysis must have run the report's test (by the same name).
func (a *Analysis) AddFixes(r *localize.Report) {
	r.Fixes = a.Fixes(r.Test)
}
