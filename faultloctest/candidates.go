//go:build cgo

package faultloctest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// withSolver is true when the helper can compute fix candidates.
const withSolver = true

// candidates runs the AgxFaults pipeline ([localize.AgxFaults]) on
// the interpreted test case name and returns its first c.candidates fix
// candidates (verified first, then smaller first) as log lines.
func candidates(ctx context.Context, prog *trace.Program, pkgPath, name string, c config) (*found, error) {
	rep, err := localize.AgxFaults(ctx, prog, prog.GoTestCase(pkgPath, name), &localize.Options{MaxSize: c.maxSize, FirstFailure: c.first})
	if errors.Is(err, localize.ErrTestPasses) {
		return nil, errPasses
	}
	if err != nil {
		return nil, err
	}
	outOfTime := rep.Partial && ctx.Err() != nil
	// text reorders rep's ties by sp, so the reports written afterwards
	// show the same order.
	text := func(sp *spectra.Ranking) string {
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
	write := func(dir, base string, sp *spectra.Ranking) ([]string, error) {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, err
		}
		reports := []*localize.Report{rep}
		jf := filepath.Join(dir, base+".json")
		hf := filepath.Join(dir, base+".html")
		err := writeFile(jf, func(f *os.File) error { return localize.WriteJSON(f, reports) })
		if err == nil {
			err = writeFile(hf, func(f *os.File) error {
				return localize.WriteHTML(f, reports, &localize.HTMLOptions{Title: "faultloc: " + name, Base: c.dir, Spectrum: sp})
			})
		}
		if err != nil {
			return nil, err
		}
		return []string{jf, hf}, nil
	}
	return &found{text: text, write: write}, nil
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
