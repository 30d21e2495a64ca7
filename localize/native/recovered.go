package native

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// recoveredFrames returns the lines of the frames of the last run-time
// error (a runtime.Error: a nil dereference, an index out of range, a
// write to a nil map...) that f's case raised in its interpreted run
// (trace.Trace.Panics), its position first, in the files of the code
// under test, each once; nil when the interpreter does not record the
// case or it raised none there. A recovered one (a library that turns
// it into an error, a test's own recover) leaves no stack in go test's
// output, yet it is where the failure showed first: a crash the
// recovery masks. Calls of panic are left out, as a parser's way of
// returning an error is one. The recorded run is f's shared one
// ([localize.Failure.ShareRecording]) when f shares one.
func (n *Run) recoveredFrames(ctx context.Context, f *localize.Failure) []trace.Line {
	if f.Program == nil || f.Case == nil {
		return nil
	}
	g, _, release, err := localize.FailureGraph(ctx, f, trace.RunOptions{})
	if err != nil {
		return nil
	}
	defer release()
	ps := g.Trace().Panics()
	for i := len(ps) - 1; i >= 0; i-- {
		if _, ok := ps[i].Value.Interface().(runtime.Error); !ok {
			continue
		}
		var out []trace.Line
		add := func(file string, line int) {
			if abs, ok := resolve(file, n.files[filepath.Base(file)]); ok && line > 0 {
				if l := (trace.Line{File: abs, Line: line}); !slices.Contains(out, l) {
					out = append(out, l)
				}
			}
		}
		add(ps[i].Pos.Filename, ps[i].Pos.Line)
		for _, fr := range ps[i].Stack {
			add(fr.Pos.Filename, fr.Pos.Line)
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
