package repair

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// maxLineSites bounds the lines mutation analysis tries when angelic
// debugging finds no site (see fallbackSites), lineChunk at a time.
const (
	maxLineSites = 400
	lineChunk    = 10
)

// lineSites returns, for mutation analysis when angelic debugging found
// no site (no expression whose value alone, changed, makes the failing
// case pass, within its time), up to n lines that the failing cases
// executed in the program's non-test files: by their suspiciousness in
// the spectrum m of the selected cases (Ochiai), ties (as with a single
// failing case and no passing one, where every line it ran ties) broken
// first by whether c's run raised a panic there (a call of panic, even
// one the program recovers from: the failure shows where it is
// raised, and a missing guard belongs before it), then by how late it
// last executed them, the latest first: a failure shows soon after its
// fault more often than long after. Each is a candidate with the line
// as its one location.
func lineSites(ctx context.Context, m *spectra.Matrix, c trace.Case, maxSteps int64, n int) []localize.Candidate {
	type line struct {
		file  string
		line  int
		score float64
		last  int  // the failing run's last event on the line; -1: none
		panic bool // the failing run raised a panic on the line
	}
	var lines []line
	if m.Failed() > 0 {
		if ochiai, err := spectra.Lookup("ochiai"); err == nil {
			for _, e := range m.Rank(ochiai, nil).Entries {
				if e.Element.Kind != spectra.Line || e.Counts.EF == 0 || strings.HasSuffix(e.Element.File, "_test.go") {
					continue
				}
				s := e.Score
				if math.IsNaN(s) {
					s = 0
				}
				lines = append(lines, line{file: e.Element.File, line: e.Element.Line, score: s, last: -1})
			}
		}
	}
	if len(lines) == 0 {
		return nil
	}
	// The failing run's last event on each line.
	if r, err := c.Run(ctx, &trace.RunOptions{MaxSteps: maxSteps}); err == nil && r.Trace != nil {
		last := map[trace.Line]int{}
		panicked := map[trace.Line]bool{}
		t := r.Trace
		for e := range t.Len() {
			p := t.Pos(trace.EventID(e))
			l := trace.Line{File: p.Filename, Line: p.Line}
			last[l] = e
			if _, ok := t.Instr(trace.EventID(e)).(*ssa.Panic); ok {
				panicked[l] = true
			}
		}
		t.Release()
		for i := range lines {
			l := trace.Line{File: lines[i].file, Line: lines[i].line}
			if e, ok := last[l]; ok {
				lines[i].last = e
			}
			lines[i].panic = panicked[l]
		}
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b2i(b.panic), b2i(a.panic)), cmp.Compare(b.last, a.last))
	})
	var out []localize.Candidate
	for _, l := range lines[:min(len(lines), n)] {
		out = append(out, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: l.file, Line: l.line}}}})
	}
	return out
}
