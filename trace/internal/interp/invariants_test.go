package interp

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// checkInvariants verifies properties every trace must have.
func checkInvariants(t *testing.T, name string, tr *Trace) {
	t.Helper()
	for _, msg := range invariantErrors(name, tr) {
		t.Error(msg)
	}
}

// invariantErrors returns what is wrong with trace tr of the run name by
// the properties every trace must have, at most the first five.
func invariantErrors(name string, tr *Trace) []string {
	var errs []string
	fail := func(format string, args ...any) {
		if len(errs) < 5 {
			errs = append(errs, fmt.Sprintf(name+": "+format, args...))
		}
	}
	var deps []EventID
	type inFrame struct {
		frame int32
		s     StaticID
	}
	seen := map[inFrame]int{} // earlier instances of an instruction in a frame
	for e := EventID(0); int(e) < tr.Len(); e++ {
		// An occurrence counts the earlier instances of the event's
		// instruction in its frame (counted per block instance by the
		// interpreter).
		k := inFrame{tr.ev.FrameOf(e), tr.Static(e)}
		if got := tr.Occurrence(e); got != seen[k] {
			fail("event %d (%s): occurrence %d, %d earlier instances in its frame", e, tr.EventString(e), got, seen[k])
		}
		seen[k]++
		deps = tr.Deps(e, deps[:0])
		for _, d := range deps {
			if d < 0 || d >= e {
				fail("event %d depends on %d", e, d)
			}
		}
		if c := tr.ControlParent(e); c >= e {
			fail("event %d has control parent %d", e, c)
		} else if c >= 0 {
			switch tr.Instr(c).(type) {
			case *ssa.If, *ssa.Call, *ssa.Defer, *ssa.Go, *ssa.RunDefers:
			default:
				fail("event %d (%s) has control parent %s", e, tr.EventString(e), tr.EventString(c))
			}
		}
		if call := tr.CallOf(e); call >= e {
			fail("event %d's call %d follows it", e, call)
		}
		// A load of a scalar reads what its last store wrote.
		if u, ok := tr.Instr(e).(*ssa.UnOp); ok && u.Op.String() == "*" && len(deps) > 0 {
			last := deps[len(deps)-1]
			if st, ok := tr.Instr(last).(*ssa.Store); ok {
				v, w := tr.Value(e), tr.Value(last)
				switch v.Kind() {
				case KindBool, KindInt, KindUint, KindString:
					if st.Val.Type().Underlying() == u.Type().Underlying() && !Equal(v, w) {
						fail("load %s reads %v, its store %s wrote %v", tr.EventString(e), v, tr.EventString(last), w)
					}
				}
			}
		}
		if isKind(tr.Instr(e), "*ssa.Call") {
			if entry, ret, ok := tr.Callee(e); ok {
				if entry <= e || tr.CallOf(entry) != e || (ret >= 0 && (ret < entry || tr.CallOf(ret) != e)) {
					fail("call %d: callee entry %d, return %d", e, entry, ret)
				}
			}
		}
	}
	if lines := tr.Lines(); !sort.SliceIsSorted(lines, func(i, j int) bool {
		return lines[i].File < lines[j].File || lines[i].File == lines[j].File && lines[i].Line < lines[j].Line
	}) {
		fail("lines not sorted")
	}
	return errs
}

// TestTraceInvariants checks the traces of the corpus's runs (those
// TestCorpusDifferential checks, recordedCorpus) and of the examples'
// cases. It runs in parallel with the other tests on the corpus, once the
// programs that race real time are recorded alone.
func TestTraceInvariants(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	for _, name := range slices.Sorted(maps.Keys(realTimed)) {
		recordedCorpus(p, name)
	}
	t.Parallel()
	for _, name := range slices.Sorted(maps.Keys(corpus.Programs)) {
		r := recordedCorpus(p, name)
		if r.err != nil {
			t.Fatal(r.err)
		}
		for _, msg := range r.invariants {
			t.Error(msg)
		}
	}
	ex := loadExamples(t)
	for _, s := range subjects() {
		for _, c := range s.cases {
			args := make([]Value, len(c))
			for i, a := range c {
				args[i] = Int(int64(a))
			}
			res, err := ex.Run(bgContext, ex.Func(examplesPath+s.pkg, s.fn), args, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, s.pkg, res.Trace)
		}
	}
}
