package interp

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// TestDecodeMatchesQueries: a trace decoded whole (store.Decode, which
// sameTrace compares) holds what the queries return event by event:
// static instruction, occurrence, frame, control parent, value,
// dependences (stored and implied), the frames' calls, goroutines, paths
// and depths, and the steered events; on recorded runs of corpus programs
// with goroutines, pointers, recursion and panics, and of workloads, with
// dependences implied and, noStaticDeps, all stored.
func TestDecodeMatchesQueries(t *testing.T) {
	corpusProg := load(t, "./trace/internal/corpus")
	workProg := load(t, "./internal/workload")
	type run struct {
		p       *Program
		pkg, fn string
		args    []Value
	}
	runs := []run{{workProg, workPkg, "TCAS", []Value{Int(7)}}, {workProg, workPkg, "Classify", []Value{Int(30)}}}
	for _, name := range []string{"Goroutines", "Pointers", "Recursion", "Defers", "Interfaces", "Unsafe"} {
		runs = append(runs, run{corpusProg, corpusPkg, name, nil})
	}
	_, l6, _, _ := fooKeys(t)
	steered := runFoo(t, &Hooks{Branches: map[InstanceKey]bool{l6: true}}).Trace
	if err := decodedAsQueried(steered); err != nil {
		t.Errorf("Foo with a branch forced: %v", err)
	}
	if d := steered.ev.Decode((*implier)(steered)); len(d.Steered) != 1 {
		t.Errorf("Foo with a branch forced: decoded steered events %v, want one", d.Steered)
	}
	for _, r := range runs {
		for _, allDeps := range []bool{false, true} {
			fn := r.p.Func(r.pkg, r.fn)
			if fn == nil {
				t.Fatalf("no function %s", r.fn)
			}
			res, err := r.p.Run(bgContext, fn, r.args, &RunOptions{MaxSteps: 1 << 40, noStaticDeps: allDeps})
			if err != nil {
				t.Fatalf("%s: %v", r.fn, err)
			}
			if err := decodedAsQueried(res.Trace); err != nil {
				t.Errorf("%s (every dependence stored: %v): %v", r.fn, allDeps, err)
			}
			res.Trace.Release()
		}
	}
}

// decodedAsQueried returns the first difference between tr decoded whole
// and its queries.
func decodedAsQueried(tr *Trace) error {
	d := tr.ev.Decode((*implier)(tr))
	if len(d.Static) != tr.Len() {
		return fmt.Errorf("decoded %d events of %d", len(d.Static), tr.Len())
	}
	var deps, steered []EventID
	calls := map[EventID]store.Frame{} // Callee's: the last frame a call event created
	for _, f := range d.Frames {
		if f.Call >= 0 {
			calls[f.Call] = f
		}
	}
	for e := EventID(0); int(e) < tr.Len(); e++ {
		v, fr := tr.Value(e), tr.ev.FrameOf(e)
		f := &d.Frames[d.Frame[e]]
		if d.Static[e] != tr.Static(e) || int(d.Occ[e]) != tr.Occurrence(e) || d.Frame[e] != fr || d.Ctrl[e] != tr.ControlParent(e) ||
			Kind(d.Kind[e]) != v.k || d.Word[e] != v.n || d.Ptr[e] != v.p ||
			f.Call != tr.CallOf(e) || int(f.G) != tr.Goroutine(e) || f.Path != tr.Key(e).Path || int(d.Depth[d.Frame[e]]) != tr.Depth(e) {
			return fmt.Errorf("event %d (%s): decoded static %d occ %d frame %d ctrl %d value (%d %d %p) call %d goroutine %d path %x depth %d",
				e, tr.EventString(e), d.Static[e], d.Occ[e], d.Frame[e], d.Ctrl[e], d.Kind[e], d.Word[e], d.Ptr[e], f.Call, f.G, f.Path, d.Depth[d.Frame[e]])
		}
		if deps = tr.Deps(e, deps[:0]); !slices.Equal(d.EventDeps(e), deps) {
			return fmt.Errorf("event %d (%s): decoded deps %v, queried %v", e, tr.EventString(e), d.EventDeps(e), deps)
		}
		if tr.Steered(e) {
			steered = append(steered, e)
		}
		entry, ret, ok := tr.Callee(e)
		if c, has := calls[e]; ok != has || ok && (c.First != entry || c.Ret != ret) {
			return fmt.Errorf("event %d: callee (%d, %d, %v), decoded frame %+v (%v)", e, entry, ret, ok, c, has)
		}
	}
	if !slices.Equal(d.Steered, steered) {
		return fmt.Errorf("decoded steered events %v, queried %v", d.Steered, steered)
	}
	return nil
}

// TestSameTraceFindsDifference: sameTrace, which compares two traces
// decoded whole before it walks them event by event, finds two recordings
// of one run the same, and names the first difference of one changed in a
// value, an occurrence, a control parent, a dependence, a frame's
// goroutine or the correspondence of its pointers.
func TestSameTraceFindsDifference(t *testing.T) {
	record := recorder(t, load(t, "./internal/workload"), "TCAS", 7)
	ref := record().Trace
	defer ref.Release()
	mid := ref.Len() / 2
	for _, c := range []struct {
		what   string
		change func(tr *store.Trace)
	}{
		{"", func(*store.Trace) {}},
		{"value", func(tr *store.Trace) { tr.Words.Set(mid, tr.Words.At(mid)+1) }},
		{"occurrence", func(tr *store.Trace) { tr.Segs.Ptr(tr.Segs.N/2).Occ++ }},
		{"control parent", func(tr *store.Trace) { tr.Segs.Ptr(tr.Segs.N/2).Ctrl++ }},
		{"deps", func(tr *store.Trace) { tr.Units.Set(tr.Units.N/2, tr.Units.At(tr.Units.N/2)+1) }},
		{"goroutine", func(tr *store.Trace) { tr.Frames.Ptr(tr.Frames.N-1).G++ }},
		{"pointer", func(tr *store.Trace) { // a second event holding the first pointer
			i := slices.IndexFunc(refs(tr), func(p unsafe.Pointer) bool { return p != nil })
			j := slices.IndexFunc(refs(tr), func(p unsafe.Pointer) bool { return p != nil && p != tr.Refs.At(i) })
			tr.Refs.Set(j, tr.Refs.At(i))
		}},
	} {
		tr := record().Trace
		c.change(&tr.ev)
		err := sameTrace(ref, tr)
		switch {
		case c.what == "" && err != nil:
			t.Errorf("two recordings of one run differ: %v", err)
		case c.what != "" && (err == nil || !strings.Contains(err.Error(), c.what)):
			t.Errorf("changed in its %s: sameTrace says %v", c.what, err)
		}
		tr.Release()
	}
}

// refs returns the pointers of tr's values.
func refs(tr *store.Trace) []unsafe.Pointer {
	out := make([]unsafe.Pointer, tr.Refs.N)
	for i := range out {
		out[i] = tr.Refs.At(i)
	}
	return out
}
