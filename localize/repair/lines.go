package repair

import (
	"cmp"
	"context"
	"go/token"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/internal/gomod"
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
// first by whether c's run raised a panic there (a call of panic or a
// run-time error, even one the program recovers from: the failure
// shows where it is raised, and a missing guard belongs before it),
// then by how late it last executed them, the latest first: a failure
// shows soon after its fault more often than long after. Each is a candidate with the line
// as its one location.
//
// frames are the lines of the failing run's panic and of its callers
// (panicFrames) in the files keep keeps (nil: none are sought): where
// a missing guard belongs, whatever their rank. They may lie outside
// the spectrum, in a package of the module that the run interpreted
// as a library. events is the number of events of the failing run's
// trace that count counts (nil: all of them; 0 if it did not run).
func lineSites(ctx context.Context, m *spectra.Matrix, c trace.Case, maxSteps int64, n int, keep func(file string) bool, count func(*trace.Trace) int) (sites []localize.Candidate, frames []trace.Line, events int) {
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
			frames = panicFrames(r.Result, t, keep)
		}
		t.Release()
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b2i(b.panic), b2i(a.panic)), cmp.Compare(b.last, a.last))
	})
	for _, l := range lines[:min(len(lines), n)] {
		sites = append(sites, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: l.file, Line: l.line}}}})
	}
	return sites, frames, events
}

// maxPanicFrames bounds the frames of a failing run's panic that take
// guards (lineSites, editCandidates).
const maxPanicFrames = 3

// panicFrames returns the lines of the panic that ended run r, or else
// of the last panic its trace t holds (trace.Trace.Panics) raised or
// passed through in a file keep keeps (one the program recovered
// from, as a library that turns panics into errors does: a call of
// panic or a run-time error, a nil dereference, an index out of range,
// a write to a nil map), and of the calls on its stack, innermost
// first, in the files keep keeps, each line once, up to
// maxPanicFrames: a missing guard (`if from == nil { return nil, nil
// }`) belongs before the statement that panics or before a call on the
// way to it, lines a localization may rank low, since the panic is
// where the failure shows, not its cause. Nil if the run raised no
// such panic.
func panicFrames(r *trace.Result, t *trace.Trace, keep func(file string) bool) []trace.Line {
	var out []trace.Line
	add := func(p token.Position) {
		l := trace.Line{File: p.Filename, Line: p.Line}
		if p.Line > 0 && len(out) < maxPanicFrames && keep(l.File) && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	addPanic := func(p *trace.PanicInfo) {
		add(p.Pos)
		for _, f := range p.Stack {
			add(f.Pos)
		}
	}
	if r != nil && r.Outcome == trace.Panicked && r.Panic != nil {
		if addPanic(r.Panic); len(out) > 0 {
			return out
		}
	}
	if t == nil {
		return nil
	}
	ps := t.Panics()
	for i := len(ps) - 1; i >= 0 && len(out) == 0; i-- {
		addPanic(&ps[i])
	}
	return out
}

// moduleFiles returns whether a file is one of the module of package
// pkg of prog, not a test file: under the directory of the go.mod above
// the package's files, which leaves out the standard library's and
// other modules' (a patch there is no repair of the package's). It
// keeps no file if the package or its go.mod is not found.
func moduleFiles(prog *trace.Program, pkg string) func(file string) bool {
	none := func(string) bool { return false }
	if prog == nil {
		return none
	}
	p := prog.Package(pkg)
	if p == nil {
		return none
	}
	dir := ""
	for _, m := range p.Members {
		if pos := m.Pos(); pos.IsValid() {
			dir = filepath.Dir(prog.Fset.Position(pos).Filename)
			break
		}
	}
	if dir == "" {
		return none
	}
	dir, ok := gomod.Root(dir)
	if !ok {
		return none
	}
	root := dir + string(filepath.Separator)
	return func(file string) bool {
		return strings.HasPrefix(file, root) && strings.HasSuffix(file, ".go") && !localize.IsTestFile(file)
	}
}
