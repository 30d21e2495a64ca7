package lines

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Sites returns, for mutation analysis when angelic debugging found
// no site (no expression whose value alone, changed, makes the failing
// case pass, within its time), up to n lines that the failing cases
// executed in the program's non-test files: by their suspiciousness in
// the spectrum m of the selected cases (Ochiai), ties (as with a single
// failing case and no passing one, where every line it ran ties) broken
// first by whether c's run raised a panic there (a call of panic or a
// run-time error, even one the program recovers from: the failure
// shows where it is raised, and a missing guard belongs before it),
// then by how late it last executed them, the latest first: a failure
// shows soon after its fault more often than long after. Each is a candidate with the line
// as its one location.
//
// frames are the lines of the failing run's panic and of its callers
// (PanicFrames) in the files keep keeps (nil: none are sought): where
// a missing guard belongs, whatever their rank. They may lie outside
// the spectrum, in a package of the module that the run interpreted
// as a library. events is the number of events of the failing run's
// trace that count counts (nil: all of them; 0 if it did not run).
func Sites(ctx context.Context, m *spectra.Matrix, c trace.Case, maxSteps int64, n int, keep func(file string) bool, count func(*trace.Trace) int) (sites []localize.Candidate, frames []trace.Line, events int) {
	type line struct {
		file  string
		line  int
		score float64
		last  int  // the failing run's last event on the line; -1: none
		panic bool // the failing run raised a panic on the line
	}
	var lines []line
	for _, s := range Ochiai(m) {
		if !strings.HasSuffix(s.Line.File, "_test.go") {
			lines = append(lines, line{file: s.Line.File, line: s.Line.Line, score: s.Score, last: -1})
		}
	}
	if len(lines) == 0 {
		return nil, nil, 0
	}
	// The failing run's last event on each line.
	if r, err := c.Run(ctx, &trace.RunOptions{MaxSteps: maxSteps}); err == nil && r.Trace != nil {
		last := map[trace.Line]int{}
		panicked := map[trace.Line]bool{}
		t := r.Trace
		events = t.Len()
		if count != nil {
			events = count(t)
		}
		for e := range t.Len() {
			p := t.Pos(trace.EventID(e))
			last[trace.Line{File: p.Filename, Line: p.Line}] = e
		}
		for _, p := range t.Panics() {
			panicked[trace.Line{File: p.Pos.Filename, Line: p.Pos.Line}] = true
		}
		for i := range lines {
			l := trace.Line{File: lines[i].file, Line: lines[i].line}
			if e, ok := last[l]; ok {
				lines[i].last = e
			}
			lines[i].panic = panicked[l]
		}
		if keep != nil {
			frames = PanicFrames(r.Result, t, keep)
		}
		t.Release()
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		return cmp.Or(cmp.Compare(b.score, a.score), falseFirst(b.panic, a.panic), cmp.Compare(b.last, a.last))
	})
	for _, l := range lines[:min(len(lines), n)] {
		sites = append(sites, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: l.file, Line: l.line}}}})
	}
	return sites, frames, events
}
