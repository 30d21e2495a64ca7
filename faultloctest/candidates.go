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

	"github.com/faultloc/faultloc/internal/frontend"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// withSolver is true when the helper can compute fix candidates.
const withSolver = true

// candidates runs the package-level pipeline ([pipeline.Run]) on the
// interpreted test case name (its leaf subtests, if it has some), with
// the options `faultloc localize` builds from the same settings
// (internal/frontend: the same technique, scorers, refiners, tie-break
// and whole-package spectrum; the native go test stage only with
// c.native), and returns each failing case's report as log lines: its
// first c.candidates fix candidates and its first c.top ranked lines.
func candidates(ctx context.Context, prog *trace.Program, pkgPath, name string, c config) (*found, error) {
	set := &frontend.Settings{
		Run:      exactRun(name),
		Search:   agx.Options{MaxSize: c.maxSize, FirstFailure: c.first},
		Timeout:  c.timeout, // ctx, the helper's bound, ends it first
		NoNative: !c.native,
		// The cases that only add evidence get at most a third of the
		// helper's bound, so that the search has the rest; cut short,
		// the report's Reason says its spectrum is partial.
		EvidenceBound: min(pipeline.DefaultEvidenceBound, c.timeout/3),
		TieBreak:      c.formula, // as faultloc localize -tiebreak FORMULA
	}
	opts, err := set.Options()
	if err != nil {
		return nil, err
	}
	res, err := pipeline.Run(ctx, prog, pkgPath, opts)
	var nc *localize.NoCasesError
	if errors.As(err, &nc) {
		return nil, &trace.NoTestError{Pkg: pkgPath, Name: strings.SplitN(name, "/", 2)[0]}
	}
	if err != nil && (res == nil || len(res.Reports) == 0) {
		return nil, err
	}
	if len(res.Failing) == 0 {
		return nil, errPasses
	}
	if len(res.Reports) == 0 {
		return nil, errors.Join(errs(res.Errors)...)
	}
	var sb strings.Builder
	for _, rep := range res.Reports {
		if len(res.Reports) > 1 {
			fmt.Fprintf(&sb, "%s:\n", rep.Test)
		}
		sb.WriteString(reportText(rep, c, ctx.Err() != nil || cutBy(res.Cuts, rep.Test)))
	}
	return &found{
		text: sb.String(),
		write: func(dir, base string) ([]string, error) {
			return writeReports(dir, base, name, res, c)
		},
	}, nil
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

// cutBy reports whether the bound of the case named test cut one of its
// stages, or a stage the cases share.
func cutBy(cuts []pipeline.Cut, test string) bool {
	for _, cut := range cuts {
		if cut.Case == test || cut.Case == "" {
			return true
		}
	}
	return false
}

// reportText returns the log lines of one report: the report's own text
// ([localize.Report.WriteText]) without its first line, which repeats the
// failure the test's log shows, its candidates cut to c.candidates and
// the lines ranked after them to c.top. timeUp says that the helper's
// bound ended the report's work: a partial report then says how to
// give it more.
func reportText(rep *localize.Report, c config, timeUp bool) string {
	outOfTime := rep.Partial && timeUp
	shown := *rep
	if len(shown.Candidates) > c.candidates {
		shown.Candidates = shown.Candidates[:c.candidates]
	}
	shown.Ranking = nil
	others := 0 // ranked lines beyond the candidates'
	for _, rl := range rep.Ranking {
		if rl.Evidence != localize.EvidenceVerified && rl.Evidence != localize.EvidenceCandidate && rl.Evidence != "" {
			if others == max(c.top, 0) {
				continue
			}
			others++
		}
		shown.Ranking = append(shown.Ranking, rl)
	}
	var text strings.Builder
	shown.Output.Dir = c.dir
	if err := shown.WriteText(&text); err != nil {
		return fmt.Sprintf("fix candidates (%s): %v\n", rep.Mode, err)
	}
	_, body, _ := strings.Cut(text.String(), "\n")
	var sb strings.Builder
	fmt.Fprintf(&sb, "fix candidates (%s", rep.Mode)
	if c.formula != "" {
		fmt.Fprintf(&sb, "; ties by %s", c.formula)
	}
	fmt.Fprintf(&sb, ") and ranked lines:\n%s", body)
	if n := len(rep.Candidates) - len(shown.Candidates); n == 1 {
		sb.WriteString("(1 more candidate not shown)\n")
	} else if n > 1 {
		fmt.Fprintf(&sb, "(%d more candidates not shown)\n", n)
	}
	if n := len(rep.Ranking) - len(shown.Ranking); n > 0 {
		fmt.Fprintf(&sb, "(%d more ranked lines not shown)\n", n)
	}
	if outOfTime {
		fmt.Fprintf(&sb, "(out of time: %s=%v; raise it for more", EnvTimeout, c.timeout)
		if !c.first {
			fmt.Fprintf(&sb, ", or set %s=1 to localize the first failed check alone", EnvFirst)
		}
		sb.WriteString(")\n")
	}
	return sb.String()
}

// writeReports writes the JSON and HTML reports of the case name into
// dir, as faultloc localize -format json and html write them.
func writeReports(dir, base, name string, res *pipeline.Result, c config) ([]string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	jf := filepath.Join(dir, base+".json")
	hf := filepath.Join(dir, base+".html")
	res.Output = localize.WriteOptions{Title: "faultloc: " + name, Dir: c.dir}
	err := writeFile(jf, func(f *os.File) error { return res.WriteJSON(f) })
	if err == nil {
		err = writeFile(hf, func(f *os.File) error { return res.WriteHTML(f) })
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
