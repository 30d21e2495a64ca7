package lines

import (
	"go/token"
	"slices"

	"github.com/faultloc/faultloc/trace"
)

// maxPanicFrames bounds the frames of a failing run's panic that take
// guards (Sites, and the repair's statement edits).
const maxPanicFrames = 3

// PanicFrames returns the lines of the panic that ended run r, or else
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
func PanicFrames(r *trace.Result, t *trace.Trace, keep func(file string) bool) []trace.Line {
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
