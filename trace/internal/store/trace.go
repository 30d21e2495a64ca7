package store

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// EventID identifies one event (executed instruction instance) of a Trace:
// its index, from 0. NoEvent (-1) means "none".
type EventID int32

// NoEvent is the EventID of no event.
const NoEvent EventID = -1

// StaticID identifies a static instruction (or parameter) of a Program.
// IDs are assigned when a function is first compiled and never change for
// the Program's lifetime, so they are comparable between runs.
type StaticID int32

// InstanceKey names an instruction instance independently of the trace it
// occurs in: the static instruction, the call path of its frame (a hash of
// the keys of the call instances leading to it from the run's entry), and
// its occurrence count within that frame (0 for the first execution). Two
// runs of the same Program with the same inputs produce the same keys in
// the same order up to the first event where they diverge, so a key taken
// from one run identifies the same instance in a re-run (the basis of
// angelic re-execution). As JSON its keys are lowerCamelCase, as every
// key of faultloc's reports is.
type InstanceKey struct {
	Static StaticID `json:"static"`
	Path   uint64   `json:"path"`
	Occ    int32    `json:"occ"`
}

// Frame describes one activation record of a trace. It holds no
// pointer: the collector need not scan frames, and their chunks are
// pooled (see Trace.Release).
type Frame struct {
	Call   EventID // the call event that created the frame; NoEvent for the run's roots
	First  EventID // first event of the frame
	Ret    EventID // the frame's Return event, or NoEvent
	Parent int32   // caller frame index, -1 for roots
	Path   uint64  // hash of the keys of the calls leading to it (InstanceKey.Path)
	G      int32   // goroutine
}

// Trace is the record of one run: a struct of arrays indexed by EventID.
// Events are appended in execution order; every dependency and control
// parent of an event precedes it. Columns are stored in chunks. An event
// is the 64-bit word of its value and a 16-bit record (the value's kind,
// whether its pointer word is kept, its number of dependence units); the
// pointers of values holding one go to a side column, and dependences
// are 16-bit units (mostly distances). What consecutive events share is
// kept once, per segment: a run of events of one frame, control parent
// and occurrence count whose static instructions are consecutive (a
// block instance, or its part between calls), so that an event's static
// instruction is its segment's first plus its position in it. A trace
// costs about 15 to 22 bytes per event.
//
// Reading a recorded Trace from several goroutines at once is safe; its
// methods must not run while the run that records it goes on, nor after
// Release.
type Trace struct {
	// The recorder's columns and state, exported for package interp's
	// engines, which write their tails directly (see Column); nothing
	// else writes them.

	// Words holds the words of the events' values, Meta their records:
	// the kind and its flags (RefFlag, LateFlag, SdepFlag) in the low
	// byte, the number of dependence units in the high byte (depsBig:
	// in bigDeps). N is the number of events.
	Words Column[uint64]
	Meta  Column[uint16]
	N     int
	// The pointer word of values holding one (an event whose record has
	// RefFlag) is in Refs, at the Segment's Ref offset plus the number
	// of such events before it in its Segment.
	Refs Column[unsafe.Pointer]
	// Units holds the dependences, as 16-bit units (see PutDep): an
	// event's are Units[off:off+n] where n is its record's count of
	// units and off is its Segment's Dep offset plus the counts of the
	// events before it in its Segment.
	Units Column[uint16]
	// Segs holds the segments; SegIdx[e>>8] the Segment holding event
	// e&^255, for the events up to the last Segment's first (see
	// NewSeg).
	Segs   Column[Segment]
	SegIdx []int32
	// The key of the last Segment: an event continues it if its static
	// instruction is NextSid1-1 and its occurrence count, frame and
	// control parent are the Segment's, and the Segment has fewer than
	// SegCap events. (NextSid1 is 0 before the first event: none
	// continues a Segment then.)
	NextSid1 StaticID
	CurOcc   int32
	CurFrame int32    // frame of the last Segment
	CurCtrl  EventID  // control parent of the last Segment
	SegFirst EventID  // first event of the last Segment
	CurSid0  StaticID // first static instruction of the last Segment, plus SdOff
	// SdOff is 0, or 1<<30 so that no dependence is implied
	// (RunOptions.noStaticDeps in interp).
	SdOff    StaticID
	CurFirst EventID // first event of CurFrame
	// Frames holds the activation records, indexed by frame.
	Frames Column[Frame]

	// lateRefs holds pointers of values set after their event was
	// recorded (call results) when no slot was reserved; LateFlag marks
	// them.
	lateRefs map[EventID]unsafe.Pointer
	bigDeps  map[EventID]int

	// lastSeg is the Segment runOf found last, and its first event:
	// index<<32 | first (a walk over events finds the next one there or
	// in the Segment after it). entrySegs keeps, per frame hashed, the
	// Segment of the frame's first event, where entryEvent starts looking
	// for the entry block's Allocs: frame+1<<32 | index. Atomic, so that
	// concurrent readers do not race.
	lastSeg   atomic.Uint64
	entrySegs [16]atomic.Uint64

	inputs     []EventID
	steered    map[EventID]bool
	calleeOf   map[EventID]int32
	calleeOnce sync.Once

	released bool // by Release: the trace is empty for good
}

// Segment describes events First up to the next Segment's First: their
// static instructions are Sid0, Sid0+1..., and they share their
// occurrence count, frame and control parent. Dep and Ref are the
// offsets in Units and Refs of the first event's dependence units and
// pointer.
type Segment struct {
	First EventID
	Sid0  StaticID
	Occ   int32
	Frame int32
	Ctrl  EventID
	Dep   int32
	Ref   int32
}

// SegCap bounds the events of a Segment that the recorder starts or
// continues one event at a time, so that finding an event's dependences
// and pointer (a walk over the records of its Segment before it) stays
// cheap; interp's recRun writes runs of a block, also capped at SegCap,
// that may end a Segment past it by less than SegCap.
const SegCap = 64

// An event record's low byte holds its Kind (KindMask) and flags:
// RefFlag, its pointer is in refs; LateFlag, in lateRefs; SdepFlag, its
// register operands' dependences are not stored but implied (see
// Trace.Deps). The high byte holds the number of dependence units, or
// depsBig if that is kept in bigDeps.
const (
	RefFlag  = 0x80
	LateFlag = 0x40
	SdepFlag = 0x20
	KindMask = 0x1f
	depsBig  = 0xff
)

// depCount returns the number of dependence units of event e, whose
// record is m.
func (t *Trace) depCount(e int, m uint16) int {
	if n := int(m >> 8); n != depsBig {
		return n
	}
	return t.bigDeps[EventID(e)]
}

// sid returns the static instruction of event e.
func (t *Trace) sid(e int) StaticID {
	s := t.runOf(EventID(e))
	return s.Sid0 + StaticID(EventID(e)-s.First)
}

// occ returns the occurrence of event e.
func (t *Trace) occ(e int) int32 { return t.runOf(EventID(e)).Occ }

// walk calls f with the record and ID of each event of Segment s before
// event e.
func (t *Trace) walk(s *Segment, e int, f func(m uint16, x int)) {
	for x := int(s.First); x < e; {
		ch := t.Meta.Chunks[x>>chunkBits]
		end := min(e, x&^chunkMask+len(ch))
		for i, m := range ch[x&chunkMask : end-x&^chunkMask] {
			f(m, x+i)
		}
		x = end
	}
}

// Init readies an empty trace for recording: its columns draw on the
// storage of released traces (see Release).
func (t *Trace) Init() {
	t.Words.pool, t.Meta.pool, t.Units.pool, t.Segs.pool, t.Refs.pool = &wordPool, &unitPool, &unitPool, &segPool, &refPool
	t.Frames.pool = &framePool
}

// New returns an empty trace, ready for recording (see Init).
func New() *Trace {
	t := &Trace{}
	t.Init()
	return t
}

// Begin starts event t.N, of static instruction s in frame fr with
// occurrence count occ and control parent ctrl, and returns its ID: its
// value and record are pushed right after.
func (t *Trace) Begin(s StaticID, fr int32, occ int32, ctrl EventID) EventID {
	e := EventID(t.N)
	if s+1 != t.NextSid1 || occ != t.CurOcc || fr != t.CurFrame || ctrl != t.CurCtrl || e-t.SegFirst >= SegCap {
		t.NewSeg(e, s, fr, occ, ctrl)
	}
	t.NextSid1 = s + 2
	t.N++
	return e
}

// NewSeg starts a Segment at event e (the next one), of static
// instruction s, frame fr, occurrence count occ and control parent ctrl.
// The events of segIdx up to e belong to the Segment before it, unless
// one is e.
func (t *Trace) NewSeg(e EventID, s StaticID, fr int32, occ int32, ctrl EventID) {
	k := int32(t.Segs.N)
	for len(t.SegIdx)<<8 <= int(e) {
		if len(t.SegIdx) == cap(t.SegIdx) {
			t.SegIdx = growIndex(&segIdxPool, t.SegIdx)
		}
		if len(t.SegIdx)<<8 == int(e) {
			t.SegIdx = append(t.SegIdx, k)
		} else {
			t.SegIdx = append(t.SegIdx, k-1)
		}
	}
	c := &t.Segs
	if c.N-c.Base >= len(c.Tail) {
		c.Grow()
	}
	// Field by field: a composite literal is built on the stack first.
	g := &c.Tail[c.N-c.Base]
	g.First, g.Sid0, g.Occ, g.Frame, g.Ctrl, g.Dep, g.Ref = e, s, occ, fr, ctrl, int32(t.Units.N), int32(t.Refs.N)
	c.N++
	if fr != t.CurFrame || k == 0 {
		t.CurFrame, t.CurFirst = fr, t.FrameFirst(fr)
	}
	t.NextSid1, t.CurOcc, t.CurCtrl, t.SegFirst, t.CurSid0 = s+1, occ, ctrl, e, s+t.SdOff
}

// Add appends an event of static instruction s in frame fr, with
// occurrence count occ and control parent ctrl, and returns its ID. Its
// value is the word w and the pointer p, of kind k (at most KindMask);
// dependencies are appended with Dep right after.
func (t *Trace) Add(s StaticID, fr int32, occ int32, ctrl EventID, k uint16, w uint64, p unsafe.Pointer) EventID {
	e := t.Begin(s, fr, occ, ctrl)
	if p != nil {
		k |= RefFlag
		t.Refs.Push(p)
	}
	t.Words.Push(w)
	t.Meta.Push(k)
	return e
}

// AddParam is Add and Dep for the event of a parameter (static s) of
// frame fr, created by call event ctrl, whose argument (k, w, p) was
// defined by event d (or NoEvent).
func (t *Trace) AddParam(s StaticID, fr int32, ctrl EventID, k uint16, w uint64, p unsafe.Pointer, d EventID) EventID {
	e := t.Begin(s, fr, 0, ctrl)
	if p != nil {
		k |= RefFlag
		t.Refs.Push(p)
	}
	t.Words.Push(w)
	n := 0
	if d >= 0 {
		n0 := t.Units.N
		t.PushUnits(e, d)
		n = t.Units.N - n0
	}
	t.Meta.Push(k | uint16(n)<<8)
	return e
}

// FrameFirst returns the first event of frame fr (0 for a frame not
// recorded, as in tests that add events to a bare Trace).
func (t *Trace) FrameFirst(fr int32) EventID {
	if fr < 0 || int(fr) >= t.Frames.N {
		return 0
	}
	return t.Frames.Ptr(int(fr)).First
}

// UnitCount returns the high byte of the record of event e, which has n
// dependence units (keeping n in bigDeps if it does not fit).
func (t *Trace) UnitCount(e EventID, n int) uint16 {
	if n < depsBig {
		return uint16(n) << 8
	}
	if t.bigDeps == nil {
		t.bigDeps = map[EventID]int{}
	}
	t.bigDeps[e] = n
	return depsBig << 8
}

// PutDep writes at u[j:] the units of dependence d of event e, whose
// frame starts at event first, and returns the index after them.
func PutDep(u []uint16, j int, e, d, first EventID) int {
	if x := e - d; x < depFar {
		u[j] = uint16(x)
		return j + 1
	}
	if y := d - first; uint32(y) < depLong-depFar {
		u[j] = uint16(depFar | y)
		return j + 1
	}
	u[j], u[j+1], u[j+2] = depLong, uint16(d), uint16(uint32(d)>>16)
	return j + 3
}

// ReserveRef reserves, for the last event, a slot in refs for a pointer
// that SetValue will set (a call's result), and returns its index.
func (t *Trace) ReserveRef() int {
	if m := t.Meta.Last(); *m&RefFlag == 0 {
		*m |= RefFlag
		t.Refs.Push(nil)
	}
	return t.Refs.N - 1 // the last event's slot is the last one
}

// refIndex returns the index in refs of the pointer of event e, whose
// record has RefFlag.
func (t *Trace) refIndex(e int) int {
	s := t.runOf(EventID(e))
	i := int(s.Ref)
	t.walk(s, e, func(m uint16, _ int) {
		if m&RefFlag != 0 {
			i++
		}
	})
	return i
}

// depRange returns the Segment of e and the bounds of e's dependences in
// t.Units.
func (t *Trace) depRange(e int) (s *Segment, lo, hi int) {
	s = t.runOf(EventID(e))
	lo = int(s.Dep)
	t.walk(s, e, func(m uint16, x int) { lo += t.depCount(x, m) })
	return s, lo, lo + t.depCount(e, t.Meta.At(e))
}

// runOf returns the Segment holding event e.
func (t *Trace) runOf(e EventID) *Segment { return t.Segs.Ptr(t.segIndex(e)) }

// segIndex returns the index of the Segment holding event e.
func (t *Trace) segIndex(e EventID) int {
	if c := t.lastSeg.Load(); c != 0 { // the Segment found last, or the one after it
		i := int(c>>32) - 1
		if first := EventID(uint32(c)); first <= e {
			if i+1 >= t.Segs.N {
				return i
			}
			next := t.Segs.Ptr(i + 1).First
			if e < next {
				return i
			}
			if i+2 >= t.Segs.N || e < t.Segs.Ptr(i+2).First {
				t.lastSeg.Store(uint64(i+2)<<32 | uint64(uint32(next)))
				return i + 1
			}
		}
	}
	g := int(e >> 8)
	var lo, hi int
	if g < len(t.SegIdx) {
		lo, hi = int(t.SegIdx[g]), t.Segs.N
		if g+1 < len(t.SegIdx) {
			hi = int(t.SegIdx[g+1]) + 1
		}
	} else { // after the last Segment's first event: in it
		lo, hi = t.Segs.N-1, t.Segs.N
	}
	// The last Segment in [lo, hi) starting at or before e.
	if lo>>chunkBits == (hi-1)>>chunkBits { // in one chunk
		ss := t.Segs.Chunks[lo>>chunkBits][lo&chunkMask : (hi-1)&chunkMask+1]
		base, n := 0, len(ss)
		for n > 1 {
			half := n >> 1
			if ss[base+half].First <= e {
				base += half
			}
			n -= half
		}
		lo += base
	} else {
		for hi-lo > 1 {
			m := int(uint(lo+hi) >> 1)
			if t.Segs.Ptr(m).First <= e {
				lo = m
			} else {
				hi = m
			}
		}
	}
	t.lastSeg.Store(uint64(lo+1)<<32 | uint64(uint32(t.Segs.Ptr(lo).First)))
	return lo
}

// FrameOf returns the frame of event e: an index of Frames.
func (t *Trace) FrameOf(e EventID) int32 { return t.runOf(e).Frame }

// SetValue replaces the value of event e with (k, w, p), as in Add (for calls, whose result is known
// after the event). refSlot is the slot ReserveRef returned for e, or -1
// if none was reserved or it is to be found.
func (t *Trace) SetValue(e EventID, k uint16, w uint64, p unsafe.Pointer, refSlot int) {
	m := t.Meta.Ptr(int(e))
	switch {
	case *m&RefFlag != 0:
		if refSlot < 0 {
			refSlot = t.refIndex(int(e))
		}
		t.Refs.Set(refSlot, p)
		k |= RefFlag
	case p == nil:
		if t.lateRefs != nil {
			delete(t.lateRefs, e)
		}
	default:
		if t.lateRefs == nil {
			t.lateRefs = map[EventID]unsafe.Pointer{}
		}
		t.lateRefs[e] = p
		k |= LateFlag
	}
	t.Words.Set(int(e), w)
	*m = *m&^(KindMask|RefFlag|LateFlag) | k
}

// Dep appends dependence d of the last event, unless d is NoEvent.
func (t *Trace) Dep(d EventID) {
	if d >= 0 {
		t.PushDep(d)
	}
}

// Dependence units (PutDep): a dependence d of event e is one 16-bit unit e-d if
// that is below depFar (most operands are defined just before their use),
// else depFar|(d-f) if d is less than depFar-1 events after the first
// event f of e's frame (the variables a load or store reads are allocated
// at the start of their function), else depLong followed by d's low and
// high 16 bits.
const (
	depFar  = 0x8000
	depLong = 0xffff
)

// PushDep appends dependence d (an event) of the last event.
func (t *Trace) PushDep(d EventID) {
	e := EventID(t.N - 1)
	n0 := t.Units.N
	t.PushUnits(e, d)
	m := t.Meta.Last()
	*m = *m&0xff | t.UnitCount(e, t.depCount(int(e), *m)+t.Units.N-n0)
}

// PushOne appends the units of the dependence d of event e (the last
// one) on a stored operand of an event with SdepFlag: one unit 0 if d is
// NoEvent (no event depends on itself, so no dependence is 0).
func (t *Trace) PushOne(e, d EventID) {
	if d < 0 {
		t.Units.Push(0)
		return
	}
	t.PushUnits(e, d)
}

// PushUnits appends the units of dependence d of event e (the last one).
func (t *Trace) PushUnits(e, d EventID) {
	c := &t.Units
	if i := c.N - c.Base; i+3 <= len(c.Tail) {
		c.N += PutDep(c.Tail[i:i+3:i+3], 0, e, d, t.CurFirst)
		return
	}
	if x := e - d; x < depFar {
		c.Push(uint16(x))
	} else if y := d - t.CurFirst; uint32(y) < depLong-depFar {
		c.Push(uint16(depFar | y))
	} else {
		c.Push(depLong)
		c.Push(uint16(d))
		c.Push(uint16(uint32(d) >> 16))
	}
}

// Commit counts in the k events that a recorder wrote at the tails of
// the columns itself (of static instructions s0, s0+1..., continuing the
// last segment), their j dependence units and nr pointers. With k == 0
// nothing was recorded.
func (t *Trace) Commit(k, j, nr int, s0 StaticID) {
	if k == 0 {
		return
	}
	t.Words.N += k
	t.Meta.N += k
	t.Units.N += j
	t.Refs.N += nr
	t.N += k
	t.NextSid1 = s0 + StaticID(k) + 1
}

// Raw returns the value of event e as Add took it: its kind (without
// flags), word and pointer.
func (t *Trace) Raw(e EventID) (k uint16, w uint64, p unsafe.Pointer) {
	ref := -1
	if t.Meta.At(int(e))&RefFlag != 0 {
		ref = t.refIndex(int(e))
	}
	return t.rawAt(e, ref)
}

// rawAt is Raw for event e whose pointer, if its record has RefFlag, is
// t.Refs[ref].
func (t *Trace) rawAt(e EventID, ref int) (k uint16, w uint64, p unsafe.Pointer) {
	m, w := t.Meta.At(int(e)), t.Words.At(int(e))
	switch {
	case m&RefFlag != 0:
		p = t.Refs.At(ref)
	case m&LateFlag != 0:
		p = t.lateRefs[e]
	}
	return m & KindMask, w, p
}

// AddInput marks event e as an input (see Inputs).
func (t *Trace) AddInput(e EventID) { t.inputs = append(t.inputs, e) }

// Steer records that a hook changed event e's value or decision (see
// Steered).
func (t *Trace) Steer(e EventID) {
	if t.steered == nil {
		t.steered = map[EventID]bool{}
	}
	t.steered[e] = true
}
