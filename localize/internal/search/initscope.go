package search

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// InitPruneMin is how many events of package initialization a failing
// run must hold before [EncodeOptions] leaves those outside the
// failure's relevant slice out of the formula (initScope). Below it the
// initializers' part of the formula costs little; above it, it can be
// the whole cost: bitset's two 256×256 lookup tables (pext.gen.go)
// take hundreds of times more events of its initializer than a test
// of a few hundred, and encoding them took most of the search's share
// of a case's bound before its first check.
const InitPruneMin = 10_000

// isInitializer reports whether fn is a package initializer ("init",
// or a source init function "init#N").
func isInitializer(fn *ssa.Function) bool {
	return fn != nil && fn.Signature.Recv() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#"))
}

// initEvents returns, for each event of t, whether it ran under a
// package initializer (in a root frame of one, or in a frame that a
// call from such a frame created), and how many did.
func initEvents(t *trace.Trace) ([]bool, int) {
	n := t.Len()
	in := make([]bool, n)
	count := 0
	for e := range n {
		ev := trace.EventID(e)
		if c := t.CallOf(ev); c == trace.NoEvent {
			in[e] = isInitializer(t.Func(ev))
		} else if c >= 0 && int(c) < e {
			in[e] = in[c]
		}
		if in[e] {
			count++
		}
	}
	return in, count
}

// initScope returns the blame filter that leaves out of the formula
// (encode.Options.BlamableOnly) the events of package initialization
// that the failure of v does not depend on: it admits every instance
// that did not run under an initializer, and those that did if they are
// in the relevant slice of the failure (sub.Criteria). Such an event
// changes no value the failure reads and no branch it is control
// dependent on, so the formula keeps every correction set that does not
// rewrite initialization nobody reads; the initializers' branches, each
// an angelic way out of the encoded path before the test even starts,
// are left out with them. It returns nil (no filter) when the run holds
// fewer than InitPruneMin events of initialization or shows no failure
// event to slice from.
func initScope(sub *Subject, v *Verdict) (func(trace.InstanceKey) bool, error) {
	t := v.Res.Trace
	if t == nil {
		return nil, nil
	}
	inInit, count := initEvents(t)
	if count < InitPruneMin {
		return nil, nil
	}
	crit := sub.Criteria(v)
	if len(crit) == 0 {
		return nil, nil
	}
	s, err := slicing.NewGraph(t).Relevant(crit...)
	if err != nil {
		return nil, err
	}
	// The instances of initialization, true for those in the slice.
	// An instance the run executed outside initialization is admitted
	// whatever its key shares with one inside (a key names a statement,
	// its frame's path and occurrence, which initialization and the
	// test do not share).
	keep := make(map[trace.InstanceKey]bool, count)
	for e, ok := range inInit {
		if ok {
			keep[t.Key(trace.EventID(e))] = false
		}
	}
	for _, e := range s.Events() {
		if inInit[e] {
			keep[t.Key(e)] = true
		}
	}
	return func(k trace.InstanceKey) bool {
		sliced, init := keep[k]
		return sliced || !init
	}, nil
}
