//go:build cgo

package faultloctest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/htmlreport"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// withSolver is true when the helper can compute fix candidates.
const withSolver = true

// candidates runs the package-level pipeline ([pipeline.Run]) on the
// interpreted test case name (its leaf subtests, if it has some) and
// returns the first c.candidates fix candidates of each failing case
// (verified first, then smaller first) as log lines.
func candidates(ctx context.Context, prog *trace.Program, pkgPath, name string, c config) (*found, error) {
	res, err := pipeline.Run(ctx, prog, pkgPath, &pipeline.Options{
		Run:              exactRun(name),
		Technique:        &agx.Technique{Options: agx.Options{MaxSize: c.maxSize, FirstFailure: c.first}},
		Scorers:          []localize.Scorer{}, // the helper shows the spectrum on its own
		SelectedSpectrum: true,
		Timeout:          c.timeout,
		NoNative:         true, // it runs inside go test: no go test of its own
	})
	var nc *localize.NoCasesError
	if errors.As(err, &nc) {
		return nil, &trace.NoTestError{Pkg: pkgPath, Name: strings.SplitN(name, "/", 2)[0]}
	}
	if err != nil {
		return nil, err
	}
	if len(res.Failing) == 0 {
		return nil, errPasses
	}
	if len(res.Reports) == 0 {
		return nil, errors.Join(errs(res.Errors)...)
	}
	// res.Spectrum covers the selected case only: the spectrum stage
	// runs every case of the package.
	f := &found{}
	var texts []func(sp *spectra.Ranking) string
	var reports []*localize.Report
	for _, rep := range res.Reports {
		texts = append(texts, reportText(ctx, rep, c))
		reports = append(reports, rep)
	}
	f.text = func(sp *spectra.Ranking) string {
		var sb strings.Builder
		for i, t := range texts {
			if len(texts) > 1 {
				fmt.Fprintf(&sb, "%s:\n", reports[i].Test)
			}
			sb.WriteString(t(sp))
		}
		return sb.String()
	}
	f.write = func(dir, base string, sp *spectra.Ranking) ([]string, error) {
		return writeReports(dir, base, name, reports, c, sp)
	}
	return f, nil
}

// errs returns the case errors as errors.
func errs(ces []*localize.CaseError) []error {
	var out []error
	for _, e := range ces {
		out = append(out, e)
	}
	return out
}

// exactRun returns the -run pattern that selects the case name exactly,
// one anchored level per level of the name (its leaf subtests too).
func exactRun(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// reportText returns the log lines of one report (see candidates).
func reportText(ctx context.Context, rep *localize.Report, c config) func(sp *spectra.Ranking) string {
	outOfTime := rep.Partial && ctx.Err() != nil
	// The text reorders rep's ties by sp, so the reports written
	// afterwards show the same order.
	return func(sp *spectra.Ranking) string {
		rep.Rerank(localize.SpectrumSuspiciousness(sp))
		shown := *rep
		if len(shown.Candidates) > c.candidates {
			shown.Candidates = shown.Candidates[:c.candidates]
		}
		var text strings.Builder
		if err := shown.WriteText(&text, c.dir); err != nil {
			return fmt.Sprintf("fix candidates (%s): %v\n", rep.Mode, err)
		}
		// WriteText's first line repeats the failure, which the test's
		// log already shows.
		_, body, _ := strings.Cut(text.String(), "\n")
		var sb strings.Builder
		fmt.Fprintf(&sb, "fix candidates (%s", rep.Mode)
		if sp != nil {
			fmt.Fprintf(&sb, "; ties by %s", sp.Formula)
		}
		fmt.Fprintf(&sb, "):\n%s", body)
		if n := len(rep.Candidates) - len(shown.Candidates); n == 1 {
			sb.WriteString("(1 more candidate not shown)\n")
		} else if n > 1 {
			fmt.Fprintf(&sb, "(%d more candidates not shown)\n", n)
		}
		if outOfTime {
			share := ""
			if c.top > 0 {
				share = "the candidates get two thirds of "
			}
			fmt.Fprintf(&sb, "(out of time: %s%s=%v; raise it for more", share, EnvTimeout, c.timeout)
			if !c.first {
				fmt.Fprintf(&sb, ", or set %s=1 to localize the first failed check alone", EnvFirst)
			}
			sb.WriteString(")\n")
		}
		return sb.String()
	}
}

// writeReports writes the JSON and HTML reports of the case name into dir.
func writeReports(dir, base, name string, reports []*localize.Report, c config, sp *spectra.Ranking) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	jf := filepath.Join(dir, base+".json")
	hf := filepath.Join(dir, base+".html")
	err := writeFile(jf, func(f *os.File) error { return localize.WriteJSON(f, reports) })
	if err == nil {
		err = writeFile(hf, func(f *os.File) error {
			return htmlreport.Write(f, reports, &htmlreport.Options{Title: "faultloc: " + name, Base: c.dir, Spectrum: sp})
		})
	}
	if err != nil {
		return nil, err
	}
	return []string{jf, hf}, nil
}

// writeFile creates name and fills it with fill.
func writeFile(name string, fill func(*os.File) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
