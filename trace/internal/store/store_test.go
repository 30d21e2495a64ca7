package store

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// TestColumn: a column read back element by element equals a slice that
// received the same pushes (the oracle), across the doubling first chunk
// and full chunks, with Set and Last.
func TestColumn(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, PoolFrom, PoolFrom + 1, ChunkSize - 1, ChunkSize, ChunkSize + 1, 3*ChunkSize + 7} {
		var c Column[int64]
		var want []int64
		r := rand.New(rand.NewSource(int64(n)))
		for i := range n {
			x := r.Int63()
			c.Push(x)
			want = append(want, x)
			if *c.Last() != x {
				t.Fatalf("n=%d: Last after push %d = %d, want %d", n, i, *c.Last(), x)
			}
		}
		if n > 0 {
			c.Set(n/2, -1)
			want[n/2] = -1
		}
		if c.N != n || c.Capacity() < n {
			t.Fatalf("n=%d: N %d, capacity %d", n, c.N, c.Capacity())
		}
		for i, x := range want {
			if c.At(i) != x || *c.Ptr(i) != x {
				t.Fatalf("n=%d: element %d = %d, want %d", n, i, c.At(i), x)
			}
		}
	}
}

// TestTraceRoundTrip: events added with random statics, frames,
// occurrences, control parents, values and dependences read back as they
// were added, through segments of every length (a segment continues while
// the static instruction is the next one and the rest is equal) and
// dependences near and far (one, two or three units each); so do they
// decoded whole (Decode).
func TestTraceRoundTrip(t *testing.T) {
	type event struct {
		s    StaticID
		fr   int32
		occ  int32
		ctrl EventID
		k    uint16
		w    uint64
		p    unsafe.Pointer
		deps []EventID
	}
	for _, seed := range []int64{1, 2, 3} {
		r := rand.New(rand.NewSource(seed))
		tr := New()
		var want []event
		cells := make([]int, 8)
		var s StaticID
		for i := range 3 * SegCap * 3 {
			ev := event{s: s + 1, fr: 0, occ: 0, ctrl: NoEvent, k: uint16(r.Intn(int(KindMask) + 1)), w: r.Uint64()}
			if r.Intn(4) == 0 { // start a new segment
				ev.s = StaticID(r.Intn(1000))
				ev.occ = int32(r.Intn(3))
				if i > 0 {
					ev.ctrl = EventID(r.Intn(i))
				}
			} else if i > 0 {
				ev.occ, ev.ctrl = want[i-1].occ, want[i-1].ctrl
			}
			s = ev.s
			if r.Intn(3) == 0 {
				ev.p = unsafe.Pointer(&cells[r.Intn(len(cells))])
			}
			for range r.Intn(3) {
				if i > 0 {
					ev.deps = append(ev.deps, EventID(r.Intn(i)))
				}
			}
			e := tr.Add(ev.s, ev.fr, ev.occ, ev.ctrl, ev.k, ev.w, ev.p)
			if int(e) != i {
				t.Fatalf("seed %d: Add returned %d, want %d", seed, e, i)
			}
			for _, d := range ev.deps {
				tr.Dep(d)
			}
			want = append(want, ev)
		}
		if tr.Len() != len(want) {
			t.Fatalf("seed %d: Len %d, want %d", seed, tr.Len(), len(want))
		}
		for i, ev := range want {
			e := EventID(i)
			k, w, p := tr.Raw(e)
			if tr.Static(e) != ev.s || tr.ControlParent(e) != ev.ctrl || tr.Occurrence(e) != int(ev.occ) || k != ev.k || w != ev.w || p != ev.p {
				t.Fatalf("seed %d: event %d = static %d ctrl %d occ %d value (%d %d %p), want %+v",
					seed, i, tr.Static(e), tr.ControlParent(e), tr.Occurrence(e), k, w, p, ev)
			}
			if got := tr.Deps(e, nil, nil); !slices.Equal(got, ev.deps) && !(len(got) == 0 && len(ev.deps) == 0) {
				t.Fatalf("seed %d: event %d deps %v, want %v", seed, i, got, ev.deps)
			}
		}
		d := tr.Decode(nil)
		for i, ev := range want {
			e := EventID(i)
			if d.Static[e] != ev.s || d.Ctrl[e] != ev.ctrl || d.Occ[e] != ev.occ || d.Kind[e] != ev.k || d.Word[e] != ev.w || d.Ptr[e] != ev.p {
				t.Fatalf("seed %d: decoded event %d = static %d ctrl %d occ %d value (%d %d %p), want %+v",
					seed, i, d.Static[e], d.Ctrl[e], d.Occ[e], d.Kind[e], d.Word[e], d.Ptr[e], ev)
			}
			if got := d.EventDeps(e); !slices.Equal(got, ev.deps) && !(len(got) == 0 && len(ev.deps) == 0) {
				t.Fatalf("seed %d: decoded event %d deps %v, want %v", seed, i, got, ev.deps)
			}
		}
		tr.Release()
	}
}
