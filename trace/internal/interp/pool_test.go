package interp

import (
	"fmt"
	"go/types"
	"slices"
	"testing"
	"unsafe"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// poisonPools fills every pooled chunk with bytes no recorder writes
// (see store.Poison).
func poisonPools() { store.Poison() }

// isUintptr reports whether v is of type uintptr.
func isUintptr(v ssa.Value) bool {
	if v == nil {
		return false
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uintptr
}

// uintptrEvent reports whether event e of t has a uintptr value: the
// uintptr of an address, or arithmetic on one (see unsafe.go), or a
// store of one (a header's data word), which differ from run to run as
// pointers do.
func uintptrEvent(t *Trace, e EventID) bool {
	st, isStore := t.Instr(e).(*ssa.Store)
	return isUintptr(t.SSAValue(e)) || isStore && isUintptr(st.Val)
}

// sameTrace reports the first difference between traces a and b of two
// runs of the same program with the same inputs: in any event's static
// instruction (hence position), occurrence, value, dependences, control
// parent, goroutine, call, depth, key, steering and callee, or in the
// inputs. Values compare by kind and word; their pointers, different in
// two runs, must correspond one to one (the same pointer in a at two
// events is the same pointer in b there, and a different one elsewhere).
//
// The traces are compared whole first, decoded into one slice per query
// (sameDecoded), which costs a fraction of asking every query of every
// event; only if they differ are they walked event by event
// (eventDifference), for the first difference and its event.
func sameTrace(a, b *Trace) error {
	if a.Len() != b.Len() {
		return fmt.Errorf("%d events, then %d", a.Len(), b.Len())
	}
	if sameDecoded(a, b) {
		return nil
	}
	if err := eventDifference(a, b); err != nil {
		return err
	}
	return fmt.Errorf("the traces differ decoded whole (store.Decode) but not event by event")
}

// sameDecoded reports whether traces a and b, of the same length, are
// the same by sameTrace's measure, compared column by column.
func sameDecoded(a, b *Trace) bool {
	x, y := a.ev.Decode((*implier)(a)), b.ev.Decode((*implier)(b))
	if !slices.Equal(x.Static, y.Static) || !slices.Equal(x.Occ, y.Occ) || !slices.Equal(x.Ctrl, y.Ctrl) ||
		!slices.Equal(x.Kind, y.Kind) || !slices.Equal(x.DepEnd, y.DepEnd) || !slices.Equal(x.Deps, y.Deps) ||
		!slices.Equal(x.Steered, y.Steered) || !slices.Equal(a.Inputs(), b.Inputs()) {
		return false
	}
	var withPtr []int32 // the events whose values hold a pointer
	for e := range x.Word {
		if x.Word[e] != y.Word[e] && !uintptrEvent(a, EventID(e)) {
			return false
		}
		if p, q := x.Ptr[e], y.Ptr[e]; p != nil || q != nil {
			if p == nil || q == nil {
				return false
			}
			withPtr = append(withPtr, int32(e))
		}
		fx, fy := x.Frame[e], y.Frame[e]
		if f, g := &x.Frames[fx], &y.Frames[fy]; f.Call != g.Call || f.G != g.G || f.Path != g.Path || x.Depth[fx] != y.Depth[fy] {
			return false
		}
	}
	if !slices.Equal(firstOfPointer(x.Ptr, withPtr), firstOfPointer(y.Ptr, withPtr)) {
		return false
	}
	// Callee is (NoEvent, NoEvent, false) but for the call events of
	// frames.
	for _, fs := range [][]store.Frame{x.Frames, y.Frames} {
		for _, f := range fs {
			if f.Call < 0 {
				continue
			}
			xe, xr, xok := a.Callee(f.Call)
			ye, yr, yok := b.Callee(f.Call)
			if xe != ye || xr != yr || xok != yok {
				return false
			}
		}
	}
	return true
}

// firstOfPointer returns, for each event of events (in order), the first
// of them whose value holds the same pointer of ptrs: two traces' pointers
// correspond one to one at events if and only if these are equal.
func firstOfPointer(ptrs []unsafe.Pointer, events []int32) []int32 {
	first := make(map[unsafe.Pointer]int32, len(events))
	out := make([]int32, len(events))
	for k, e := range events {
		f, ok := first[ptrs[e]]
		if !ok {
			f = e
			first[ptrs[e]] = e
		}
		out[k] = f
	}
	return out
}

// eventDifference is sameTrace event by event, asking each query of each
// event of a and b, of the same length: it returns the first difference.
//
// Depth, a walk up the frame's callers, is a function of the event's
// frame: it is asked once per frame of each trace (depths), which keeps
// deep recursions (JSONTrees' cyclic value, a thousand frames deep)
// from costing the walk at every event.
func eventDifference(a, b *Trace) error {
	depthA, depthB := depths(a), depths(b)
	ab, ba := map[unsafe.Pointer]unsafe.Pointer{}, map[unsafe.Pointer]unsafe.Pointer{}
	var da, db []EventID
	for e := EventID(0); int(e) < a.Len(); e++ {
		where := func(what string, x, y any) error {
			return fmt.Errorf("event %d (%s): %s %v, then %v", e, a.EventString(e), what, x, y)
		}
		if x, y := a.Static(e), b.Static(e); x != y {
			return where("static", x, y)
		}
		if x, y := a.Occurrence(e), b.Occurrence(e); x != y {
			return where("occurrence", x, y)
		}
		va, vb := a.Value(e), b.Value(e)
		if uintptrEvent(a, e) && va.k == vb.k {
			va.n = vb.n
		}
		if va.k != vb.k || va.n != vb.n || (va.p == nil) != (vb.p == nil) {
			return where("value", va, vb)
		}
		if va.p != nil {
			if q, ok := ab[va.p]; ok && q != vb.p {
				return where("pointer (seen before)", va, vb)
			}
			if q, ok := ba[vb.p]; ok && q != va.p {
				return where("pointer (seen before, second run)", va, vb)
			}
			ab[va.p], ba[vb.p] = vb.p, va.p
		}
		da, db = a.Deps(e, da[:0]), b.Deps(e, db[:0])
		if !slices.Equal(da, db) {
			return where("deps", da, db)
		}
		if x, y := a.ControlParent(e), b.ControlParent(e); x != y {
			return where("control parent", x, y)
		}
		if x, y := a.Goroutine(e), b.Goroutine(e); x != y {
			return where("goroutine", x, y)
		}
		if x, y := a.CallOf(e), b.CallOf(e); x != y {
			return where("call", x, y)
		}
		if x, y := a.Key(e), b.Key(e); x != y {
			return where("key", x, y)
		}
		if x, y := depthA(e), depthB(e); x != y {
			return where("depth", x, y)
		}
		if x, y := a.Steered(e), b.Steered(e); x != y {
			return where("steered", x, y)
		}
		xe, xr, xok := a.Callee(e)
		ye, yr, yok := b.Callee(e)
		if xe != ye || xr != yr || xok != yok {
			return where("callee", []any{xe, xr, xok}, []any{ye, yr, yok})
		}
	}
	if x, y := a.Inputs(), b.Inputs(); !slices.Equal(x, y) {
		return fmt.Errorf("inputs %v, then %v", x, y)
	}
	return nil
}

// depths returns t.Depth, asked once per frame.
func depths(t *Trace) func(EventID) int {
	known := map[int32]int{}
	return func(e EventID) int {
		f := t.ev.FrameOf(e)
		d, ok := known[f]
		if !ok {
			d = t.Depth(e)
			known[f] = d
		}
		return d
	}
}

// TestReleaseReuse records a run long enough to fill several chunks of
// every pooled column, releases it, poisons the pool and records the run
// again on the released chunks: the two traces must be the same event for
// event. A released trace is empty.
func TestReleaseReuse(t *testing.T) {
	p := load(t, "./internal/workload")
	old := store.SetReuseLimit(8 << 30)
	defer store.SetReuseLimit(old)
	for _, w := range []struct {
		fn string
		n  int64
	}{{"SumSquares", 20_000}, {"TCAS", 300}, {"Classify", 600}} {
		record := recorder(t, p, w.fn, w.n)
		ref, first := record(), record()
		if ref.Trace.Len() < 2*store.ChunkSize {
			t.Fatalf("%s(%d): only %d events", w.fn, w.n, ref.Trace.Len())
		}
		first.Trace.Release()
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Len of a released trace did not panic")
				}
			}()
			first.Trace.Len()
		}()
		first.Trace.Release() // a second time: nothing
		held := store.Pooled()
		if held == 0 {
			t.Fatalf("%s: nothing pooled", w.fn)
		}
		poisonPools()
		again := record()
		if got := store.Pooled(); got >= held {
			t.Errorf("%s: the new run took nothing from the pool (%d bytes, then %d)", w.fn, held, got)
		}
		if ref.Returns[0] != again.Returns[0] {
			t.Errorf("%s: returned %v, then %v", w.fn, ref.Returns[0], again.Returns[0])
		}
		if err := sameTrace(ref.Trace, again.Trace); err != nil {
			t.Errorf("%s: trace recorded on released chunks differs: %v", w.fn, err)
		}
		again.Trace.Release()
		ref.Trace.Release()
	}
	store.SetReuseLimit(0)
	if n := store.Pooled(); n != 0 {
		t.Errorf("store.SetReuseLimit(0) left %d bytes pooled", n)
	}
	if got := store.SetReuseLimit(-1); got != 0 {
		t.Errorf("store.SetReuseLimit(-1) = %d, want the limit 0", got)
	}
	var nilTrace *Trace
	nilTrace.Release()
}

// TestReleaseReuseMedium is TestReleaseReuse for runs whose columns stay
// within their first chunk (between 2·store.PoolFrom and store.ChunkSize elements, the
// size of most test cases' traces): released, their first chunks are
// pooled, and the next run's first chunks grow into them.
func TestReleaseReuseMedium(t *testing.T) {
	p := load(t, "./internal/workload")
	old := store.SetReuseLimit(0) // empty: nothing full-size to take
	defer store.SetReuseLimit(old)
	store.SetReuseLimit(1 << 30)
	for _, w := range []struct {
		fn string
		n  int64
	}{{"SumSquares", 1_000}, {"TCAS", 40}, {"Classify", 60}} {
		record := recorder(t, p, w.fn, w.n)
		ref, first := record(), record()
		if n := ref.Trace.Len(); n < 4*store.PoolFrom || n >= store.ChunkSize {
			t.Fatalf("%s(%d): %d events, want a medium trace", w.fn, w.n, n)
		}
		first.Trace.Release()
		parts := store.PooledFirstChunks
		held := parts()
		if held == 0 {
			t.Fatalf("%s: no first chunk of the events pooled", w.fn)
		}
		poisonPools()
		again := record()
		if got := parts(); got >= held {
			t.Errorf("%s: the new run took no first chunk of the events from the pool (%d, then %d)", w.fn, held, got)
		}
		if err := sameTrace(ref.Trace, again.Trace); err != nil {
			t.Errorf("%s: trace recorded on released first chunks differs: %v", w.fn, err)
		}
		again.Trace.Release()
		ref.Trace.Release()
		store.SetReuseLimit(0)
		store.SetReuseLimit(1 << 30)
	}
}

// recorder returns a function that records a run of package
// internal/workload's workload name with argument n.
func recorder(t *testing.T, p *Program, name string, n int64) func() *Result {
	fn := p.Func(workPkg, name)
	return func() *Result {
		t.Helper()
		res, err := p.Run(bgContext, fn, []Value{Int(n)}, &RunOptions{MaxSteps: 1 << 40})
		if err != nil || res.Outcome != Returned {
			t.Fatalf("%s(%d): %v %v", name, n, res, err)
		}
		return res
	}
}
