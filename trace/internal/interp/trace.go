package interp

import (
	"go/token"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/tools/go/ssa"
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

// Static describes a static instruction of the program.
type Static struct {
	// Instr is the instruction; nil for a function parameter.
	Instr ssa.Instruction
	// Value is the SSA value defined: Instr as a value, or the *ssa.Parameter;
	// nil for instructions that define none (Store, If, Return...).
	Value ssa.Value
	// Func is the function containing it.
	Func *ssa.Function
	// Pos is its source position. An If takes its condition's position; an
	// instruction without a position takes the closest positioned
	// instruction before it in its block, else after it, else the
	// function's position (then Synthetic is true).
	Pos token.Pos
	// Position is Pos resolved against the program's file set.
	Position token.Position
	// Synthetic reports that Pos is a fallback, not the instruction's own.
	Synthetic bool
	// sd lists, for an instruction whose event's record may have
	// sdepFlag, its register operands that can have a defining event,
	// in order: the distance back to the operand's instruction (defined
	// earlier in the same block), minus that to an Alloc of the entry
	// block defining it, or 0 for one whose dependence is stored (see
	// Trace.Deps and setStaticDeps).
	sd []int32
	// Library reports that Func belongs to a package that Load interprets
	// from source, without putting it in scope, because a loaded package
	// imports it and the bridge cannot call it (a non-standard dependency;
	// the standard cmp, iter, maps, slices, container/list,
	// container/ring, context, log, sort and flag; see Config.Scope): it is not in
	// Program.Packages, encode does not blame it by default, spectra
	// leaves it out of coverage, and localize out of a candidate's path.
	Library bool
}

// InstanceKey names an instruction instance independently of the trace it
// occurs in: the static instruction, the call path of its frame (a hash of
// the keys of the call instances leading to it from the run's entry), and
// its occurrence count within that frame (0 for the first execution). Two
// runs of the same Program with the same inputs produce the same keys in
// the same order up to the first event where they diverge, so a key taken
// from one run identifies the same instance in a re-run (the basis of
// angelic re-execution).
type InstanceKey struct {
	Static StaticID
	Path   uint64
	Occ    int32
}

// frameInfo describes one activation record of a trace. It holds no
// pointer: the collector need not scan frames, and their chunks are
// pooled (see Trace.Release).
type frameInfo struct {
	call   EventID // the call event that created the frame; NoEvent for the run's roots
	first  EventID // first event of the frame
	ret    EventID // the frame's Return event, or NoEvent
	parent int32   // caller frame index, -1 for roots
	path   uint64
	g      int32 // goroutine
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
	prog    *Program
	statics []Static // snapshot of prog.statics at the end of the run

	// w holds the words of the events' values, meta their records:
	// the kind and its flags (refFlag, lateFlag, sdepFlag) in the low
	// byte, the number of dependence units in the high byte (depsBig:
	// in bigDeps).
	w    column[uint64]
	meta column[uint16]
	nev  int // number of events
	// The pointer word of values holding one (an event whose record has
	// refFlag) is in refs, at the segment's ref offset plus the number of
	// such events before it in its segment.
	refs column[unsafe.Pointer]
	// lateRefs holds pointers of values set after their event was
	// recorded (call results) when no slot was reserved; lateFlag marks
	// them.
	lateRefs map[EventID]unsafe.Pointer

	// Dependences are 16-bit units (see depUnits): an event's are
	// deps[off:off+n] where n is its record's count of units and off is
	// its segment's dep offset plus the counts of the events before it
	// in its segment.
	deps    column[uint16]
	bigDeps map[EventID]int

	// segs holds the segments; segIdx[e>>8] the segment holding event
	// e&^255, for the events up to the last segment's first (see
	// newSeg).
	segs   column[segment]
	segIdx []int32
	// The key of the last segment: an event continues it if its static
	// instruction is nextSid1-1 and its occurrence count, frame and
	// control parent are the segment's, and the segment has fewer than
	// segCap events. (nextSid1 is 0 before the first event: none
	// continues a segment then.)
	nextSid1 StaticID
	curOcc   int32
	curFrame int32    // frame of the last segment
	curCtrl  EventID  // control parent of the last segment
	segFirst EventID  // first event of the last segment
	curSid0  StaticID // first static instruction of the last segment, plus sdOff
	// sdOff is 0, or 1<<30 so that no dependence is implied
	// (RunOptions.noStaticDeps).
	sdOff    StaticID
	curFirst EventID // first event of curFrame

	// lastSeg is the segment runOf found last, and its first event:
	// index<<32 | first (a walk over events finds the next one there or
	// in the segment after it). entrySegs keeps, per frame hashed, the
	// segment of the frame's first event, where entryEvent starts looking
	// for the entry block's Allocs: frame+1<<32 | index. Atomic, so that
	// concurrent readers do not race.
	lastSeg   atomic.Uint64
	entrySegs [16]atomic.Uint64

	frames     column[frameInfo]
	inputs     []EventID
	steered    map[EventID]bool
	calleeOf   map[EventID]int32
	calleeOnce sync.Once

	released bool // by Release: the trace is empty for good
}

// segment describes events first up to the next segment's first: their
// static instructions are sid0, sid0+1..., and they share their
// occurrence count, frame and control parent. dep and ref are the
// offsets in deps and refs of the first event's dependence units and
// pointer.
type segment struct {
	first EventID
	sid0  StaticID
	occ   int32
	frame int32
	ctrl  EventID
	dep   int32
	ref   int32
}

// segCap bounds the events of a segment that the recorder starts or
// continues one event at a time, so that finding an event's dependences
// and pointer (a walk over the records of its segment before it) stays
// cheap; recRun's runs of a block, also capped at segCap, may end a
// segment past it by less than segCap.
const segCap = 64

// An event record's low byte holds its Kind (kindMask) and flags:
// refFlag, its pointer is in refs; lateFlag, in lateRefs; sdepFlag, its
// register operands' dependences are not stored but implied (see
// Trace.Deps). The high byte holds the number of dependence units, or
// depsBig if that is kept in bigDeps.
const (
	refFlag  Kind = 0x80
	lateFlag Kind = 0x40
	sdepFlag Kind = 0x20
	kindMask Kind = 0x1f
	depsBig       = 0xff
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
	return s.sid0 + StaticID(EventID(e)-s.first)
}

// occ returns the occurrence of event e.
func (t *Trace) occ(e int) int32 { return t.runOf(EventID(e)).occ }

// walk calls f with the record and ID of each event of segment s before
// event e.
func (t *Trace) walk(s *segment, e int, f func(m uint16, x int)) {
	for x := int(s.first); x < e; {
		ch := t.meta.chunks[x>>chunkBits]
		end := min(e, x&^chunkMask+len(ch))
		for i, m := range ch[x&chunkMask : end-x&^chunkMask] {
			f(m, x+i)
		}
		x = end
	}
}

func newTrace(p *Program) *Trace {
	t := &Trace{prog: p}
	t.w.pool, t.meta.pool, t.deps.pool, t.segs.pool, t.refs.pool = &wordPool, &unitPool, &unitPool, &segPool, &refPool
	t.frames.pool = &framePool
	return t
}

// begin starts event t.nev, of static instruction s in frame fr with
// occurrence count occ and control parent ctrl, and returns its ID: its
// value and record are pushed right after.
func (t *Trace) begin(s StaticID, fr int32, occ int32, ctrl EventID) EventID {
	e := EventID(t.nev)
	if s+1 != t.nextSid1 || occ != t.curOcc || fr != t.curFrame || ctrl != t.curCtrl || e-t.segFirst >= segCap {
		t.newSeg(e, s, fr, occ, ctrl)
	}
	t.nextSid1 = s + 2
	t.nev++
	return e
}

// newSeg starts a segment at event e (the next one), of static
// instruction s, frame fr, occurrence count occ and control parent ctrl.
// The events of segIdx up to e belong to the segment before it, unless
// one is e.
func (t *Trace) newSeg(e EventID, s StaticID, fr int32, occ int32, ctrl EventID) {
	k := int32(t.segs.n)
	for len(t.segIdx)<<8 <= int(e) {
		if len(t.segIdx) == cap(t.segIdx) {
			t.segIdx = growIndex(&segIdxPool, t.segIdx)
		}
		if len(t.segIdx)<<8 == int(e) {
			t.segIdx = append(t.segIdx, k)
		} else {
			t.segIdx = append(t.segIdx, k-1)
		}
	}
	c := &t.segs
	if c.n-c.base >= len(c.tail) {
		c.grow()
	}
	// Field by field: a composite literal is built on the stack first.
	g := &c.tail[c.n-c.base]
	g.first, g.sid0, g.occ, g.frame, g.ctrl, g.dep, g.ref = e, s, occ, fr, ctrl, int32(t.deps.n), int32(t.refs.n)
	c.n++
	if fr != t.curFrame || k == 0 {
		t.curFrame, t.curFirst = fr, t.frameFirst(fr)
	}
	t.nextSid1, t.curOcc, t.curCtrl, t.segFirst, t.curSid0 = s+1, occ, ctrl, e, s+t.sdOff
}

// add appends an event and returns its ID; dependencies are appended with
// dep right after.
func (t *Trace) add(s StaticID, fr int32, occ int32, ctrl EventID, v Value) EventID {
	e := t.begin(s, fr, occ, ctrl)
	k := uint16(v.k)
	if v.p != nil {
		k |= uint16(refFlag)
		t.refs.push(v.p)
	}
	t.w.push(v.n)
	t.meta.push(k)
	return e
}

// addParam is add and dep for the event of a parameter (static s) of
// frame fr, created by call event ctrl, whose argument v was defined by
// event d (or NoEvent).
func (t *Trace) addParam(s StaticID, fr int32, ctrl EventID, v Value, d EventID) EventID {
	e := t.begin(s, fr, 0, ctrl)
	k := uint16(v.k)
	if v.p != nil {
		k |= uint16(refFlag)
		t.refs.push(v.p)
	}
	t.w.push(v.n)
	n := 0
	if d >= 0 {
		n0 := t.deps.n
		t.pushUnits(e, d)
		n = t.deps.n - n0
	}
	t.meta.push(k | uint16(n)<<8)
	return e
}

// frameFirst returns the first event of frame fr (0 for a frame not
// recorded, as in tests that add events to a bare Trace).
func (t *Trace) frameFirst(fr int32) EventID {
	if fr < 0 || int(fr) >= t.frames.n {
		return 0
	}
	return t.frames.ptr(int(fr)).first
}

// addIns is add followed by the dependences of instruction in's event in
// frame fr (the definitions of its register operands, then extra unless
// it is NoEvent), in one call: the recorder's path for runs without hooks.
func (t *Trace) addIns(fr *frame, in *ins, occ int32, v Value, extra EventID) EventID {
	e := t.begin(in.sid, fr.idx, occ, fr.ctrl)
	k := uint16(v.k)
	if v.p != nil {
		k |= uint16(refFlag)
		t.refs.push(v.p)
	}
	t.w.push(v.n)
	c := &t.deps
	n0 := c.n
	if in.sdmin >= t.curSid0 {
		// The operands defined in the block are in this segment: their
		// dependences are implied (see Deps); the others are stored,
		// one each.
		k |= uint16(sdepFlag)
		for i, d := range in.sd {
			if d == 0 {
				t.pushOne(e, fr.defs[in.sdr[i]])
			}
		}
		if extra >= 0 {
			t.pushUnits(e, extra)
		}
	} else if i := c.n - c.base; len(in.a) <= 2 && i+9 <= len(c.tail) {
		// Room for three dependences of three units each.
		u := c.tail[i : i+9 : i+9]
		j := 0
		if len(in.a) > 0 && in.a0 >= 0 {
			if d := fr.defs[in.a0]; d >= 0 {
				j = putDep(u, j, e, d, t.curFirst)
			}
		}
		if len(in.a) > 1 && in.a1 >= 0 {
			if d := fr.defs[in.a1]; d >= 0 {
				j = putDep(u, j, e, d, t.curFirst)
			}
		}
		if extra >= 0 {
			j = putDep(u, j, e, extra, t.curFirst)
		}
		c.n += j
	} else {
		for _, s := range in.a {
			if s >= 0 && fr.defs[s] >= 0 {
				t.pushUnits(e, fr.defs[s])
			}
		}
		if extra >= 0 {
			t.pushUnits(e, extra)
		}
	}
	t.meta.push(k | t.unitCount(e, c.n-n0))
	return e
}

// unitCount returns the high byte of the record of event e, which has n
// dependence units (keeping n in bigDeps if it does not fit).
func (t *Trace) unitCount(e EventID, n int) uint16 {
	if n < depsBig {
		return uint16(n) << 8
	}
	if t.bigDeps == nil {
		t.bigDeps = map[EventID]int{}
	}
	t.bigDeps[e] = n
	return depsBig << 8
}

// putDep writes at u[j:] the units of dependence d of event e, whose
// frame starts at event first, and returns the index after them.
func putDep(u []uint16, j int, e, d, first EventID) int {
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

// reserveRef reserves, for the last event, a slot in refs for a pointer
// that setValue will set (a call's result), and returns its index.
func (t *Trace) reserveRef() int {
	if m := t.meta.last(); Kind(*m)&refFlag == 0 {
		*m |= uint16(refFlag)
		t.refs.push(nil)
	}
	return t.refs.n - 1 // the last event's slot is the last one
}

// refIndex returns the index in refs of the pointer of event e, whose
// record has refFlag.
func (t *Trace) refIndex(e int) int {
	s := t.runOf(EventID(e))
	i := int(s.ref)
	t.walk(s, e, func(m uint16, _ int) {
		if Kind(m)&refFlag != 0 {
			i++
		}
	})
	return i
}

// depRange returns the bounds of e's dependences in t.deps.
func (t *Trace) depRange(e int) (lo, hi int) {
	s := t.runOf(EventID(e))
	lo = int(s.dep)
	t.walk(s, e, func(m uint16, x int) { lo += t.depCount(x, m) })
	return lo, lo + t.depCount(e, t.meta.at(e))
}

// runOf returns the segment holding event e.
func (t *Trace) runOf(e EventID) *segment { return t.segs.ptr(t.segIndex(e)) }

// segIndex returns the index of the segment holding event e.
func (t *Trace) segIndex(e EventID) int {
	if c := t.lastSeg.Load(); c != 0 { // the segment found last, or the one after it
		i := int(c>>32) - 1
		if first := EventID(uint32(c)); first <= e {
			if i+1 >= t.segs.n {
				return i
			}
			next := t.segs.ptr(i + 1).first
			if e < next {
				return i
			}
			if i+2 >= t.segs.n || e < t.segs.ptr(i+2).first {
				t.lastSeg.Store(uint64(i+2)<<32 | uint64(uint32(next)))
				return i + 1
			}
		}
	}
	g := int(e >> 8)
	var lo, hi int
	if g < len(t.segIdx) {
		lo, hi = int(t.segIdx[g]), t.segs.n
		if g+1 < len(t.segIdx) {
			hi = int(t.segIdx[g+1]) + 1
		}
	} else { // after the last segment's first event: in it
		lo, hi = t.segs.n-1, t.segs.n
	}
	// The last segment in [lo, hi) starting at or before e.
	if lo>>chunkBits == (hi-1)>>chunkBits { // in one chunk
		ss := t.segs.chunks[lo>>chunkBits][lo&chunkMask : (hi-1)&chunkMask+1]
		base, n := 0, len(ss)
		for n > 1 {
			half := n >> 1
			if ss[base+half].first <= e {
				base += half
			}
			n -= half
		}
		lo += base
	} else {
		for hi-lo > 1 {
			m := int(uint(lo+hi) >> 1)
			if t.segs.ptr(m).first <= e {
				lo = m
			} else {
				hi = m
			}
		}
	}
	t.lastSeg.Store(uint64(lo+1)<<32 | uint64(uint32(t.segs.ptr(lo).first)))
	return lo
}

// frameOf returns the frame of event e.
func (t *Trace) frameOf(e EventID) int32 { return t.runOf(e).frame }

// setValue replaces the value of event e (for calls, whose result is known
// after the event). refSlot is the slot reserveRef returned for e, or -1
// if none was reserved or it is to be found.
func (t *Trace) setValue(e EventID, v Value, refSlot int) {
	m := t.meta.ptr(int(e))
	k := v.k
	switch {
	case Kind(*m)&refFlag != 0:
		if refSlot < 0 {
			refSlot = t.refIndex(int(e))
		}
		t.refs.set(refSlot, v.p)
		k |= refFlag
	case v.p == nil:
		if t.lateRefs != nil {
			delete(t.lateRefs, e)
		}
	default:
		if t.lateRefs == nil {
			t.lateRefs = map[EventID]unsafe.Pointer{}
		}
		t.lateRefs[e] = v.p
		k |= lateFlag
	}
	t.w.set(int(e), v.n)
	*m = *m&^uint16(kindMask|refFlag|lateFlag) | uint16(k)
}

func (t *Trace) dep(d EventID) {
	if d >= 0 {
		t.pushDep(d)
	}
}

// Dependence units: a dependence d of event e is one 16-bit unit e-d if
// that is below depFar (most operands are defined just before their use),
// else depFar|(d-f) if d is less than depFar-1 events after the first
// event f of e's frame (the variables a load or store reads are allocated
// at the start of their function), else depLong followed by d's low and
// high 16 bits.
const (
	depFar  = 0x8000
	depLong = 0xffff
)

// pushDep appends dependence d (an event) of the last event.
func (t *Trace) pushDep(d EventID) {
	e := EventID(t.nev - 1)
	n0 := t.deps.n
	t.pushUnits(e, d)
	m := t.meta.last()
	*m = *m&0xff | t.unitCount(e, t.depCount(int(e), *m)+t.deps.n-n0)
}

// pushOne appends the units of the dependence d of event e (the last
// one) on a stored operand of an event with sdepFlag: one unit 0 if d is
// NoEvent (no event depends on itself, so no dependence is 0).
func (t *Trace) pushOne(e, d EventID) {
	if d < 0 {
		t.deps.push(0)
		return
	}
	t.pushUnits(e, d)
}

// pushUnits appends the units of dependence d of event e (the last one).
func (t *Trace) pushUnits(e, d EventID) {
	c := &t.deps
	if i := c.n - c.base; i+3 <= len(c.tail) {
		c.n += putDep(c.tail[i:i+3:i+3], 0, e, d, t.curFirst)
		return
	}
	if x := e - d; x < depFar {
		c.push(uint16(x))
	} else if y := d - t.curFirst; uint32(y) < depLong-depFar {
		c.push(uint16(depFar | y))
	} else {
		c.push(depLong)
		c.push(uint16(d))
		c.push(uint16(uint32(d) >> 16))
	}
}
