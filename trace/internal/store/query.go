package store

import "unsafe"

// Len returns the number of events. It panics on a released trace (see
// Release), so that a use after Release fails loudly instead of reading an
// empty trace.
func (t *Trace) Len() int {
	if t.released {
		panic("trace: use of a released Trace")
	}
	return t.N
}

// Static returns the static instruction ID of event e.
func (t *Trace) Static(e EventID) StaticID { return t.sid(int(e)) }

// Deps appends to dst the events e read: first the events that defined its
// register operands (in operand order; constants, globals and functions
// have no event), then, for a load (or map lookup, range step, array
// index), the last event that stored into the memory read (the Alloc event
// for a variable never assigned since). A φ depends on the value of its
// incoming edge and on the branch instance that selected the edge (the If
// ending the predecessor block, else the predecessor's control parent). A
// parameter event depends on the argument of its call; a use of a call's
// result depends on the callee's Return event (or on the call event for
// bridged calls and substituted values).
//
// The dependences of an event whose record has SdepFlag are partly
// implied: im gives, for its static instruction, the distances back to
// them (see Implier).
func (t *Trace) Deps(e EventID, dst []EventID, im Implier) []EventID {
	s, lo, hi := t.depRange(int(e))
	return t.depsIn(e, s, lo, hi, dst, im)
}

// depsIn is Deps for event e of Segment s, whose dependence units are
// t.Units[lo:hi].
func (t *Trace) depsIn(e EventID, s *Segment, lo, hi int, dst []EventID, im Implier) []EventID {
	first := NoEvent
	i := lo
	// next appends the dependence whose units start at i and moves i
	// past them (a unit 0 is none).
	next := func() {
		u := t.Units.At(i)
		switch {
		case u == 0:
		case u < depFar:
			dst = append(dst, e-EventID(u))
		case u != depLong:
			if first < 0 {
				first = t.FrameFirst(s.Frame)
			}
			dst = append(dst, first+EventID(u&^depFar))
		default:
			dst = append(dst, EventID(uint32(t.Units.At(i+1))|uint32(t.Units.At(i+2))<<16))
			i += 2
		}
		i++
	}
	if t.Meta.At(int(e))&SdepFlag != 0 {
		sid := s.Sid0 + StaticID(e-s.First)
		for _, d := range im.Implied(sid) {
			switch {
			case d > 0:
				dst = append(dst, e-EventID(d))
			case d < 0:
				dst = append(dst, t.entryEvent(s.Frame, sid+StaticID(d)))
			default:
				next()
			}
		}
	}
	for i < hi {
		next()
	}
	return dst
}

// Implier gives the implied dependences of a static instruction s whose
// events may have SdepFlag: its register operands that can have a
// defining event, in order; for each, the distance back to the operand's
// instruction (defined earlier in the same block), minus that to an
// Alloc of the entry block defining it, or 0 for one whose dependence is
// stored.
type Implier interface {
	Implied(s StaticID) []int32
}

// entryEvent returns the event of static instruction s, an Alloc of the
// entry block of frame fr's function, in frame fr: the entry block
// runs once per frame, before the frame's other blocks, so the event is in
// the first of the frame's segments, from its first event on, that holds
// s (usually the first).
func (t *Trace) entryEvent(fr int32, s StaticID) EventID {
	slot := &t.entrySegs[uint32(fr)*31&uint32(len(t.entrySegs)-1)]
	i := -1
	if c := slot.Load(); int32(c>>32) == fr+1 {
		i = int(uint32(c))
	} else {
		i = t.segIndex(t.FrameFirst(fr))
		slot.Store(uint64(fr+1)<<32 | uint64(uint32(i)))
	}
	for ; i < t.Segs.N; i++ {
		g := t.Segs.Ptr(i)
		end := EventID(t.N)
		if i+1 < t.Segs.N {
			end = t.Segs.Ptr(i + 1).First
		}
		if g.Frame == fr && g.Sid0 <= s && s < g.Sid0+StaticID(end-g.First) {
			return g.First + EventID(s-g.Sid0)
		}
	}
	return NoEvent // not recorded: cannot happen for an event of the frame
}

// ControlParent returns the event e is control dependent on: the most recent
// instance, in the same frame, of a branch (If) that e's block is control
// dependent on; else the call event of e's frame (interprocedural control
// dependence); NoEvent for events of the run's root frames outside any
// branch.
func (t *Trace) ControlParent(e EventID) EventID { return t.runOf(e).Ctrl }

// Key returns the instance key of event e.
func (t *Trace) Key(e EventID) InstanceKey {
	return InstanceKey{Static: t.sid(int(e)), Path: t.Frames.Ptr(int(t.FrameOf(e))).Path, Occ: t.occ(int(e))}
}

// Occurrence returns how many earlier instances of e's instruction its
// frame executed.
func (t *Trace) Occurrence(e EventID) int { return int(t.occ(int(e))) }

// CallOf returns the call event that created e's frame, NoEvent for the
// run's root frames (the entry function and package initializers).
func (t *Trace) CallOf(e EventID) EventID { return t.Frames.Ptr(int(t.FrameOf(e))).Call }

// Callee returns the first event of the frame created by call event c and
// that frame's Return event (NoEvent if it panicked); ok is false if c did
// not create an interpreted frame (a bridged call, or not a call).
func (t *Trace) Callee(c EventID) (entry, ret EventID, ok bool) {
	t.calleeOnce.Do(func() {
		t.calleeOf = make(map[EventID]int32, t.Frames.N)
		for i := 0; i < t.Frames.N; i++ {
			f := t.Frames.Ptr(i)
			if f.Call >= 0 {
				t.calleeOf[f.Call] = int32(i)
			}
		}
	})
	i, ok := t.calleeOf[c]
	if !ok {
		return NoEvent, NoEvent, false
	}
	f := t.Frames.Ptr(int(i))
	return f.First, f.Ret, true
}

// Depth returns the call depth of e's frame (0 for root frames).
func (t *Trace) Depth(e EventID) int { return t.frameDepth(t.FrameOf(e)) }

// frameDepth returns the call depth of frame fr (0 for root frames).
func (t *Trace) frameDepth(fr int32) int {
	d := 0
	for f := t.Frames.Ptr(int(fr)).Parent; f >= 0; f = t.Frames.Ptr(int(f)).Parent {
		d++
	}
	return d
}

// Goroutine returns the goroutine that executed e: 0 for the entry
// function's, then 1, 2... in the order go statements ran.
func (t *Trace) Goroutine(e EventID) int { return int(t.Frames.Ptr(int(t.FrameOf(e))).G) }

// Inputs returns the events marked as inputs: the entry function's
// parameter events and the instances named by Hooks.Inputs.
func (t *Trace) Inputs() []EventID { return t.inputs }

// Steered reports whether a hook changed event e's value or decision.
func (t *Trace) Steered(e EventID) bool { return t.steered[e] }

// Bytes estimates the memory the trace holds, in bytes.
func (t *Trace) Bytes() int {
	n := 8*t.Words.Capacity() + 2*t.Meta.Capacity() + 2*t.Units.Capacity() + 4*cap(t.SegIdx) +
		8*t.Refs.Capacity() + int(unsafe.Sizeof(Segment{}))*t.Segs.Capacity() +
		16*len(t.bigDeps) + 24*len(t.lateRefs)
	return n + int(unsafe.Sizeof(Frame{}))*t.Frames.Capacity()
}
