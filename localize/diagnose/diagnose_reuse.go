package diagnose

import (
	"strings"
	"sync"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// The passing cases' coverage taken from the failures' spectrum: the
// pipeline ran each case already, for its row, with the interpreter and
// for its coverage alone, which is the run runPassing would make.

// spectrumCase is a passing case whose interpreted coverage-only run
// the failures' spectrum holds (a row with a step count, spectra.Traces'),
// so that runPassing takes its lines and steps from the row instead of
// running it again.
type spectrumCase struct {
	trace.Case
	lines map[string]bool // the lines the row covers ("file:line")
	steps int64           // the run's steps
	// told are the lines whose execution a row tells exactly; shared by
	// the cases of one spectrum.
	told *toldLines
}

// passingFromSpectrum returns the passing cases of sp, a spectrum of
// package pkg of prog: a row the interpreter ran (its Steps set) as a
// spectrumCase, any other (native coverage, which measures other lines)
// as the go test case, which runPassing runs.
func passingFromSpectrum(prog *trace.Program, pkg string, sp *spectra.Matrix) []trace.Case {
	var out []trace.Case
	told := &toldLines{prog: prog}
	var cov []int
	for i := range sp.NumTests() {
		tr := sp.Test(i)
		if tr.Failed {
			continue
		}
		c := prog.GoTestCase(pkg, tr.Name)
		if tr.Steps <= 0 {
			out = append(out, c)
			continue
		}
		cov = sp.Covered(cov[:0], i)
		lines := make(map[string]bool, len(cov))
		for _, e := range cov {
			el := sp.Element(e)
			lines[lineName(el.File, el.Line)] = true
		}
		out = append(out, &spectrumCase{Case: c, lines: lines, steps: tr.Steps, told: told})
	}
	return out
}

// asRun reports whether c's row stands for a run with o, the options
// runPassing runs it with: the spectrum's runs had no presets, seed,
// bounds of depth or memory, and skipped no initializer, and a step
// bound o sets must have let the row's run end.
func (c *spectrumCase) asRun(o *trace.RunOptions) bool {
	return (o.MaxSteps == 0 || o.MaxSteps >= c.steps) && o.MaxDepth == 0 && o.MaxAlloc == 0 && o.Seed == 0 && !o.NoInit && len(o.Presets) == 0
}

// toldLines are the lines of a program on which a spectrum row's
// coverage says exactly whether a run executed an instruction: each
// instruction positioned on the line is one that spectra.Traces counts
// with Code (in a function's body, not a package initializer's, not
// synthetic, not of a generic standard package, not in a _test.go
// file). On another line a row may miss an instruction the run
// executed (a package variable's initializer, a parameter's spill), so
// a case whose row is all there is must be run to know.
type toldLines struct {
	prog *trace.Program
	once sync.Once
	told map[string]bool
}

// tells reports whether rows tell the execution of line ("file:line").
func (t *toldLines) tells(line string) bool {
	t.once.Do(func() {
		t.told = map[string]bool{}
		not := map[string]bool{}
		for s := range t.prog.NumStatics() {
			st, ok := t.prog.StaticInfo(trace.StaticID(s))
			if !ok || st.Instr == nil {
				continue // parameters: coveredLines leaves them out too
			}
			l := lineName(st.Position.Filename, st.Position.Line)
			if st.Synthetic || st.Library || st.Support || !st.Position.IsValid() || !spectra.InBody(&st) || strings.HasSuffix(st.Position.Filename, "_test.go") {
				not[l] = true
				continue
			}
			t.told[l] = true
		}
		for l := range not {
			delete(t.told, l)
		}
	})
	return t.told[line]
}

// executes reports whether a run of p, by the lines it covers, may
// execute one of lines: it did, or a line is one its coverage cannot
// tell (p.told).
func (p *passCase) executes(lines map[string]bool) bool {
	for l := range lines {
		if p.lines[l] || (p.told != nil && !p.told.tells(l)) {
			return true
		}
	}
	return false
}
