package store

import (
	"maps"
	"slices"
	"unsafe"
)

// Decoded is a whole trace read into one slice per query, for tests that
// compare two traces in bulk: element e of each event slice is what the
// query of that name returns for event e, and element f of each frame
// slice what it returns for the events of frame f. Decode reads it in one
// pass over the segments, where asking the queries event by event walks
// each event's segment to find its dependences and pointer.
type Decoded struct {
	// Per event.
	Static []StaticID
	Occ    []int32 // Occurrence
	Frame  []int32 // FrameOf
	Ctrl   []EventID
	Kind   []uint16         // Raw's kind
	Word   []uint64         // Raw's word
	Ptr    []unsafe.Pointer // Raw's pointer
	// DepEnd[e] is where e's dependences end in Deps, which holds every
	// event's dependences, in event order (Deps' result).
	DepEnd []int32
	Deps   []EventID

	// Per frame: the frame (Call, First, Ret, Path, G) and its Depth.
	Frames []Frame
	Depth  []int32

	// Steered holds the steered events, in order.
	Steered []EventID
}

// EventDeps returns the dependences of event e.
func (d *Decoded) EventDeps(e EventID) []EventID {
	lo := int32(0)
	if e > 0 {
		lo = d.DepEnd[e-1]
	}
	return d.Deps[lo:d.DepEnd[e]]
}

// Decode reads the trace whole (see Decoded); im gives the implied
// dependences, as to Deps.
func (t *Trace) Decode(im Implier) *Decoded {
	n := t.Len()
	d := &Decoded{
		Static: make([]StaticID, n), Occ: make([]int32, n), Frame: make([]int32, n), Ctrl: make([]EventID, n),
		Kind: make([]uint16, n), Word: make([]uint64, n), Ptr: make([]unsafe.Pointer, n),
		DepEnd: make([]int32, n), Deps: make([]EventID, 0, t.Units.N),
	}
	for i := 0; i < t.Segs.N; i++ {
		s := t.Segs.Ptr(i)
		end := EventID(n)
		if i+1 < t.Segs.N {
			end = t.Segs.Ptr(i + 1).First
		}
		lo, ref := int(s.Dep), int(s.Ref)
		for e := s.First; e < end; e++ {
			m := t.Meta.At(int(e))
			d.Static[e], d.Occ[e], d.Frame[e], d.Ctrl[e] = s.Sid0+StaticID(e-s.First), s.Occ, s.Frame, s.Ctrl
			r := -1
			if m&RefFlag != 0 {
				r = ref
				ref++
			}
			d.Kind[e], d.Word[e], d.Ptr[e] = t.rawAt(e, r)
			hi := lo + t.depCount(int(e), m)
			d.Deps = t.depsIn(e, s, lo, hi, d.Deps, im)
			d.DepEnd[e] = int32(len(d.Deps))
			lo = hi
		}
	}
	d.Frames, d.Depth = make([]Frame, t.Frames.N), make([]int32, t.Frames.N)
	for f := range d.Frames {
		d.Frames[f], d.Depth[f] = *t.Frames.Ptr(f), int32(t.frameDepth(int32(f)))
	}
	d.Steered = slices.Sorted(maps.Keys(t.steered))
	return d
}
