package interp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// TestRecordRoundTrip records seeded random events straight into a Trace
// (static IDs and occurrences beyond 24 bits, runs of consecutive static
// instructions that share a segment, up to its cap, and events that
// start one, values with and without pointers, values set late with and
// without reserved slots, dependence counts beyond the record's, near,
// frame-relative and far dependences,
// events of frames that start, resume and interleave, over several chunks)
// and reads every field back against what was recorded. The second round
// records into the chunks the first released, poisoned.
func TestRecordRoundTrip(t *testing.T) {
	old := store.SetReuseLimit(1 << 30)
	defer store.SetReuseLimit(old)
	for round := 0; round < 2; round++ {
		tr := recordRoundTrip(t)
		tr.Release()
		poisonPools()
	}
}

func recordRoundTrip(t *testing.T) *Trace {
	type want struct {
		sid  StaticID
		occ  int32
		ctrl EventID
		v    Value
		deps []EventID
		call EventID // of the event's frame
	}
	r := rand.New(rand.NewPCG(1, 2))
	tr := newTrace(nil)
	var ws []want
	strs := []string{"a", "bc", ""}
	const n = 3*store.ChunkSize + 77
	fr := int32(-1)
	for i := 0; i < n; i++ {
		switch {
		case fr < 0 || r.IntN(3000) == 0: // a new frame starts here
			fr = int32(tr.ev.Frames.N)
			tr.ev.Frames.Push(store.Frame{Call: EventID(r.IntN(1000)), First: EventID(i), Parent: -1})
		case r.IntN(3000) == 0: // an earlier frame resumes
			fr = int32(r.IntN(tr.ev.Frames.N))
		}
		w := want{sid: StaticID(r.IntN(1000)), occ: int32(r.IntN(50)), ctrl: EventID(r.IntN(i+1)) - 1, call: tr.ev.Frames.Ptr(int(fr)).Call}
		if r.IntN(4) > 0 && i > 0 { // control parent of the previous event
			w.ctrl = ws[i-1].ctrl
			if r.IntN(5) > 0 { // its next instruction: the same segment unless the frame changed
				w.sid, w.occ = ws[i-1].sid+1, ws[i-1].occ
			}
		}
		switch r.IntN(50) {
		case 0:
			w.sid = StaticID(1<<24 + r.IntN(3))
		case 1:
			w.occ = int32(1<<24 + r.IntN(3))
		}
		switch r.IntN(8) {
		case 0:
			w.v = Int(r.Int64() - r.Int64())
		case 1:
			w.v = String(strs[r.IntN(len(strs))])
		case 2:
			w.v = Slice(Int(1), Int(2))
		case 3:
			w.v = Int(int64(r.IntN(1000) - 500))
		case 4:
			w.v = Float(r.NormFloat64())
		case 5:
			w.v = Uint(r.Uint64() >> r.IntN(64))
		case 6:
			w.v = Bool(r.IntN(2) == 0)
		}
		late := r.IntN(10) == 0
		var lateV Value
		if late {
			lateV, w.v = w.v, Value{}
		}
		e := tr.add(w.sid, fr, w.occ, w.ctrl, w.v)
		if e != EventID(i) {
			t.Fatalf("add returned %d, want %d", e, i)
		}
		refSlot := -1
		if late && r.IntN(2) == 0 {
			refSlot = tr.ev.ReserveRef()
		}
		if r.IntN(2) == 0 { // setValue finds the slot
			refSlot = -1
		}
		nd := r.IntN(3)
		if r.IntN(500) == 0 {
			nd = 0xff + r.IntN(300) // beyond the record's count
		}
		for j := 0; j < nd && i > 0; j++ {
			d := EventID(r.IntN(i))
			if r.IntN(2) == 0 { // near
				d = EventID(max(0, i-1-r.IntN(100)))
			}
			tr.ev.Dep(d)
			w.deps = append(w.deps, d)
		}
		if late {
			tr.setValue(e, lateV, refSlot)
			w.v = lateV
		}
		ws = append(ws, w)
		if i&(store.ChunkSize-1) == 0 || i&31 == 0 && r.IntN(20) == 0 {
			// The last event, read as soon as it is recorded (at the
			// start of a chunk, and at random).
			if got := tr.Value(e); got != w.v {
				t.Fatalf("last event %d: Value = %v, want %v", i, got, w.v)
			}
			if got := tr.Deps(e, nil); !slices.Equal(got, w.deps) {
				t.Fatalf("last event %d: Deps = %v, want %v", i, got, w.deps)
			}
			if got := tr.ControlParent(e); got != w.ctrl {
				t.Fatalf("last event %d: ControlParent = %d, want %d", i, got, w.ctrl)
			}
		}
	}
	if tr.Len() != n {
		t.Fatalf("Len = %d, want %d", tr.Len(), n)
	}
	for i, w := range ws {
		e := EventID(i)
		if got := tr.Static(e); got != w.sid {
			t.Fatalf("event %d: Static = %d, want %d", i, got, w.sid)
		}
		if got := tr.Occurrence(e); got != int(w.occ) {
			t.Fatalf("event %d: Occurrence = %d, want %d", i, got, w.occ)
		}
		if got := tr.ControlParent(e); got != w.ctrl {
			t.Fatalf("event %d: ControlParent = %d, want %d", i, got, w.ctrl)
		}
		if got := tr.Value(e); got != w.v {
			t.Fatalf("event %d: Value = %v, want %v", i, got, w.v)
		}
		if got := tr.Deps(e, nil); !slices.Equal(got, w.deps) {
			t.Fatalf("event %d: Deps = %v, want %v", i, got, w.deps)
		}
		if got := tr.CallOf(e); got != w.call {
			t.Fatalf("event %d: CallOf = %d, want %d", i, got, w.call)
		}
	}
	return tr
}

// BenchmarkRecord measures the recorder alone: events with two
// dependences and an integer value appended to a fresh trace, as the
// interpreter does for a binary operation.
func BenchmarkRecord(b *testing.B) {
	const n = 1 << 20
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tr := newTrace(nil)
		for e := 0; e < n; e++ {
			tr.add(StaticID(e&1023), 0, int32(e>>10), EventID(e-1), Int(int64(e)))
			tr.ev.Dep(EventID(e - 1))
			tr.ev.Dep(EventID(e - 2))
		}
		if tr.Len() != n || tr.Static(n-1) != (n-1)&1023 {
			b.Fatal("lost events")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/event")
}
