package trace

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"sort"
	"strings"
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
// parent of an event precedes it. Columns are stored in chunks; an event
// is a 12-byte record (static instruction, occurrence, value kind,
// dependence count and the low half of the value's word; the high half
// when it is not the low half's extension and the pointers of values
// holding one go to side columns), dependences are 16-bit units (mostly
// distances), frames and control parents are recorded per run of events
// (a block instance or its part between calls), and offsets into the side
// columns per 32 events, so a trace costs about 18 to 22 bytes per event.
type Trace struct {
	prog    *Program
	statics []Static // snapshot of prog.statics at the end of the run

	// ev holds the records of all events but the last, which is pend
	// until the next event is added: then its dependence count is known
	// and it is written once, without reading back recorded memory.
	ev   column[evRec]
	pend evRec
	nev  int // number of events, pend included
	// The pointer word of values holding one (an event whose record has
	// refFlag) is in refs, at the rank of the event among those events:
	// bases[e/32].ref plus the flagged events before e in its group of 32.
	refs column[unsafe.Pointer]
	// bases holds, per group of 32 events, the offsets of its first
	// event in deps, refs and his.
	bases []groupBase
	// lateRefs holds pointers of values set after their event was
	// recorded (call results) when no slot was reserved; lateFlag marks
	// them.
	lateRefs map[EventID]unsafe.Pointer
	// The high 32 bits of a value's word, when they are not what its low
	// bits imply (see impliedHi), are in his at the rank of the event
	// among those whose record has hiBit (bases[e/32].hi plus the flagged
	// events before e in its group of 32), or, if set late without a
	// reserved slot, in lateHis (the kind has lateHiFlag).
	his     column[uint32]
	lateHis map[EventID]uint32

	// Dependences are 16-bit units (see depUnits): an event's are
	// deps[off:off+n] where n is its record's count of units and off is
	// bases[e/32].dep plus the counts of the events before e in its group
	// of 32; the last event's count is still open (its dependences start
	// at curDeps, and its record is pend).
	deps    column[uint16]
	curDeps int
	bigDeps map[EventID]int // counts of depsBig or more
	bigSids map[EventID]StaticID
	bigOccs map[EventID]int32

	// Events are recorded in runs of the same frame and control parent
	// (a block instance, or its part between calls); runIdx[e/256] is the
	// run holding event e&^255.
	runs     column[frameRun]
	runIdx   []int32
	curFrame int32   // frame of the last run
	curCtrl  EventID // control parent of the last run
	curFirst EventID // first event of curFrame

	frames   column[frameInfo]
	inputs   []EventID
	steered  map[EventID]bool
	calleeOf map[EventID]int32

	released bool // by Release: the trace is empty for good
}

// groupBase holds the offsets in deps, refs and his of the first event of
// a group of 32.
type groupBase struct{ dep, ref, hi int32 }

// evRec holds an event's fixed-size fields in 12 bytes: the static
// instruction and the value's kind (with refFlag: its pointer is in refs;
// lateFlag: in lateRefs; lateHiFlag: see lateHis), the occurrence, hiBit
// and the number of dependence units (depsBig: see bigDeps), and the low
// 32 bits of the value's word. A static ID or occurrence of 2^24-1 or more
// is kept in bigSids or bigOccs. The control parent is the run's.
type evRec struct {
	sk uint32 // static ID << 8 | kind
	on uint32 // occurrence << 8 | hiBit | number of dependence units
	lo uint32 // the value's word, low 32 bits
}

// hiBit marks, in a record's on, a value word whose high 32 bits are in
// his; depsBig, a dependence count kept in bigDeps.
const (
	hiBit   = 0x80
	depsBig = 0x7f
)

// impliedHi returns the high 32 bits of the word of a value of kind k
// whose low 32 bits are lo, when they are not stored: the sign extension
// of lo for KindInt, else 0.
func impliedHi(k Kind, lo uint32) uint32 {
	if k&kindMask == KindInt {
		return uint32(int32(lo) >> 31)
	}
	return 0
}

// big24 marks, in an event record, a static ID or occurrence kept aside.
const big24 = 1<<24 - 1

func (r *evRec) kind() Kind     { return Kind(r.sk) }
func (r *evRec) setKind(k Kind) { r.sk = r.sk&^0xff | uint32(k) }

// hiIndex returns the index in his of the high bits of event e's value,
// whose record has hiBit.
func (t *Trace) hiIndex(e int) int {
	i := int(t.bases[e>>5].hi)
	for _, r := range t.before(e) {
		if r.on&hiBit != 0 {
			i++
		}
	}
	return i
}

// word returns the 64-bit word of event e's value.
func (t *Trace) word(e int, r *evRec) uint64 {
	var hi uint32
	switch {
	case r.on&hiBit != 0:
		hi = t.his.at(t.hiIndex(e))
	case r.kind()&lateHiFlag != 0:
		hi = t.lateHis[EventID(e)]
	default:
		hi = impliedHi(r.kind(), r.lo)
	}
	return uint64(r.lo) | uint64(hi)<<32
}

// pushHi returns the record's on field for a value with word n (hiBit if
// its high bits must be kept) and keeps them in his if so.
func (t *Trace) pushHi(on uint32, k Kind, n uint64) uint32 {
	if hi := uint32(n >> 32); hi != impliedHi(k, uint32(n)) {
		c := &t.his
		if c.n-c.base >= len(c.tail) {
			c.grow()
		}
		c.tail[c.n-c.base] = hi
		c.n++
		on |= hiBit
	}
	return on
}

// rec returns the record of event e.
func (t *Trace) rec(e int) *evRec {
	if e == t.ev.n {
		return &t.pend
	}
	return t.ev.ptr(e)
}

// sid returns the static instruction of event e.
func (t *Trace) sid(e int) StaticID {
	if s := t.rec(e).sk >> 8; s != big24 {
		return StaticID(s)
	}
	return t.bigSids[EventID(e)]
}

// occ returns the occurrence of event e.
func (t *Trace) occ(e int) int32 {
	if o := t.rec(e).on >> 8; o != big24 {
		return int32(o)
	}
	return t.bigOccs[EventID(e)]
}

// addBig records the static ID or occurrence of the event being added
// (number e) that does not fit in its record, and returns the record's
// fields.
func (t *Trace) addBig(e EventID, s StaticID, occ int32) (sid, o uint32) {
	sid, o = uint32(s), uint32(occ)
	if s < 0 || s >= big24 {
		if t.bigSids == nil {
			t.bigSids = map[EventID]StaticID{}
		}
		t.bigSids[e], sid = s, big24
	}
	if occ < 0 || occ >= big24 {
		if t.bigOccs == nil {
			t.bigOccs = map[EventID]int32{}
		}
		t.bigOccs[e], o = occ, big24
	}
	return sid, o
}

// frameRun says that events from first on belong to frame and have
// control parent ctrl, up to the next run.
type frameRun struct {
	first EventID
	frame int32
	ctrl  EventID
}

func newTrace(p *Program) *Trace {
	t := &Trace{prog: p}
	t.ev.pool, t.deps.pool, t.his.pool, t.runs.pool, t.refs.pool = &evPool, &depPool, &hiPool, &runPool, &refPool
	t.frames.pool = &framePool
	return t
}

// add appends an event and returns its ID; dependencies are appended with
// dep right after.
func (t *Trace) add(s StaticID, fr int32, occ int32, ctrl EventID, v Value) EventID {
	e := EventID(t.nev)
	if e > 0 {
		t.closeDeps()
	}
	t.nev++
	if e&31 == 0 {
		if len(t.bases) == cap(t.bases) {
			t.bases = growIndex(&basePool, t.bases)
		}
		t.bases = append(t.bases, groupBase{int32(t.deps.n), int32(t.refs.n), int32(t.his.n)})
	}
	t.curDeps = t.deps.n
	if fr != t.curFrame || ctrl != t.curCtrl || t.runs.n == 0 {
		t.newRun(e, fr, ctrl)
	}
	if e&255 == 0 {
		if len(t.runIdx) == cap(t.runIdx) {
			t.runIdx = growIndex(&runIdxPool, t.runIdx)
		}
		t.runIdx = append(t.runIdx, int32(t.runs.n-1))
	}
	sid, o := uint32(s), uint32(occ)
	if sid >= big24 || o >= big24 {
		sid, o = t.addBig(e, s, occ)
	}
	k := v.k
	if v.p != nil {
		k |= refFlag
		t.refs.push(v.p)
	}
	p := &t.pend
	p.sk, p.on, p.lo = sid<<8|uint32(k), t.pushHi(o<<8, k, v.n), uint32(v.n)
	return e
}

// newRun starts a run of events of frame fr with control parent ctrl at
// event e.
func (t *Trace) newRun(e EventID, fr int32, ctrl EventID) {
	t.runs.push(frameRun{e, fr, ctrl})
	if fr != t.curFrame || t.runs.n == 1 {
		t.curFrame, t.curFirst = fr, t.frameFirst(fr)
	}
	t.curCtrl = ctrl
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
	e := EventID(t.nev)
	if e > 0 { // closeDeps, inline
		n := t.deps.n - t.curDeps
		if n >= depsBig {
			t.bigDep(n)
			n = depsBig
		}
		c := &t.ev
		if c.n-c.base >= len(c.tail) {
			c.grow()
		}
		r := &c.tail[c.n-c.base]
		r.sk, r.on, r.lo = t.pend.sk, t.pend.on|uint32(n), t.pend.lo
		c.n++
	}
	t.nev++
	if e&31 == 0 {
		if len(t.bases) == cap(t.bases) {
			t.bases = growIndex(&basePool, t.bases)
		}
		t.bases = append(t.bases, groupBase{int32(t.deps.n), int32(t.refs.n), int32(t.his.n)})
	}
	t.curDeps = t.deps.n
	if fr.idx != t.curFrame || fr.ctrl != t.curCtrl || t.runs.n == 0 {
		t.newRun(e, fr.idx, fr.ctrl)
	}
	if e&255 == 0 {
		if len(t.runIdx) == cap(t.runIdx) {
			t.runIdx = growIndex(&runIdxPool, t.runIdx)
		}
		t.runIdx = append(t.runIdx, int32(t.runs.n-1))
	}
	sid, o := uint32(in.sid), uint32(occ)
	if sid >= big24 || o >= big24 {
		sid, o = t.addBig(e, in.sid, occ)
	}
	k := v.k
	if v.p != nil {
		k |= refFlag
		c := &t.refs
		if c.n-c.base >= len(c.tail) {
			c.grow()
		}
		c.tail[c.n-c.base] = v.p
		c.n++
	}
	p := &t.pend
	p.sk, p.on, p.lo = sid<<8|uint32(k), o<<8, uint32(v.n)
	if hi := uint32(v.n >> 32); hi != impliedHi(k, p.lo) {
		p.on = t.pushHi(p.on, k, v.n)
	}

	c := &t.deps
	if i := c.n - c.base; len(in.a) <= 2 && i+9 <= len(c.tail) {
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
		return e
	}
	for _, s := range in.a {
		if s >= 0 {
			t.dep(fr.defs[s])
		}
	}
	t.dep(extra)
	return e
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
	if rec := &t.pend; rec.kind()&refFlag == 0 {
		rec.setKind(rec.kind() | refFlag)
		t.refs.push(nil)
	}
	return t.refs.n - 1 // the last event's slot is the last one
}

// refIndex returns the index in refs of the pointer of event e, whose
// record has refFlag.
func (t *Trace) refIndex(e int) int {
	i := int(t.bases[e>>5].ref)
	for _, r := range t.before(e) {
		if r.kind()&refFlag != 0 {
			i++
		}
	}
	return i
}

// before returns the records of the events of e's group of 32 before e
// (they are in one chunk, and none is pend).
func (t *Trace) before(e int) []evRec {
	if e&31 == 0 { // (e may be pend, at the start of a chunk not made yet)
		return nil
	}
	ch := t.ev.chunks[e>>chunkBits]
	return ch[(e&^31)&chunkMask : e&chunkMask]
}

// closeDeps records the dependence count of the last event, whose
// dependences are complete, and writes its record.
func (t *Trace) closeDeps() {
	n := t.deps.n - t.curDeps
	if n >= depsBig {
		t.bigDep(n)
		n = depsBig
	}
	// Field by field: each load then reads exactly what one store of
	// add wrote (a wider copy would wait for the stores to drain).
	c := &t.ev
	if c.n-c.base >= len(c.tail) {
		c.grow()
	}
	r := &c.tail[c.n-c.base]
	r.sk, r.on, r.lo = t.pend.sk, t.pend.on|uint32(n), t.pend.lo
	c.n++
}

func (t *Trace) bigDep(n int) {
	if t.bigDeps == nil {
		t.bigDeps = map[EventID]int{}
	}
	t.bigDeps[EventID(t.nev-1)] = n
}

// depRange returns the bounds of e's dependences in t.deps.
func (t *Trace) depRange(e int) (lo, hi int) {
	if e == t.nev-1 {
		return t.curDeps, t.deps.n
	}
	lo = int(t.bases[e>>5].dep)
	g := t.before(e)
	for i := range g {
		n := int(g[i].on & depsBig)
		if n == depsBig {
			n = t.bigDeps[EventID(e&^31+i)]
		}
		lo += n
	}
	return lo, lo + t.ndeps(e)
}

func (t *Trace) ndeps(i int) int {
	n := int(t.ev.ptr(i).on & depsBig) // i < the last event: not pend
	if n == depsBig {
		return t.bigDeps[EventID(i)]
	}
	return n
}

// runOf returns the run holding event e.
func (t *Trace) runOf(e EventID) *frameRun {
	g := int(e >> 8)
	lo, hi := int(t.runIdx[g]), t.runs.n
	if g+1 < len(t.runIdx) {
		hi = int(t.runIdx[g+1]) + 1
	}
	// The last run in [lo, hi) starting at or before e.
	if lo>>chunkBits == (hi-1)>>chunkBits { // in one chunk
		rs := t.runs.chunks[lo>>chunkBits][lo&chunkMask : (hi-1)&chunkMask+1]
		base, n := 0, len(rs)
		for n > 1 {
			half := n >> 1
			if rs[base+half].first <= e {
				base += half
			}
			n -= half
		}
		return &rs[base]
	}
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if t.runs.ptr(m).first <= e {
			lo = m
		} else {
			hi = m
		}
	}
	return t.runs.ptr(lo)
}

// frameOf returns the frame of event e.
func (t *Trace) frameOf(e EventID) int32 { return t.runOf(e).frame }

// refFlag and lateFlag mark, in an event's kind, values whose pointer is
// stored in refs or lateRefs; lateHiFlag, a value whose word's high bits
// are in lateHis. kindMask selects the Kind.
const (
	refFlag    Kind = 0x80
	lateFlag   Kind = 0x40
	lateHiFlag Kind = 0x20
	kindMask   Kind = 0x1f
)

// setValue replaces the value of event e (for calls, whose result is known
// after the event). refSlot and hiSlot are the slots reserveRef and
// reserveHi returned for e, or -1 if none was reserved or it is to be
// found.
func (t *Trace) setValue(e EventID, v Value, refSlot, hiSlot int) {
	rec := t.rec(int(e))
	k := v.k
	switch {
	case rec.kind()&refFlag != 0:
		if refSlot < 0 {
			refSlot = t.refIndex(int(e))
		}
		t.refs.set(refSlot, v.p)
		k |= refFlag
	case v.p == nil:
		delete(t.lateRefs, e)
	default:
		if t.lateRefs == nil {
			t.lateRefs = map[EventID]unsafe.Pointer{}
		}
		t.lateRefs[e] = v.p
		k |= lateFlag
	}
	rec.lo = uint32(v.n)
	hi := uint32(v.n >> 32)
	switch {
	case rec.on&hiBit != 0:
		if hiSlot < 0 {
			hiSlot = t.hiIndex(int(e))
		}
		t.his.set(hiSlot, hi)
	case hi != impliedHi(v.k, rec.lo):
		if t.lateHis == nil {
			t.lateHis = map[EventID]uint32{}
		}
		t.lateHis[e] = hi
		k |= lateHiFlag
	default:
		delete(t.lateHis, e)
	}
	rec.setKind(k)
}

// reserveHi reserves, for the last event, a slot in his for the high bits
// of a value that setValue will set (a call's result), and returns its
// index.
func (t *Trace) reserveHi() int {
	if t.pend.on&hiBit == 0 {
		t.pend.on |= hiBit
		t.his.push(0)
	}
	return t.his.n - 1
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
	c := &t.deps
	i := c.n - c.base
	if i+3 > len(c.tail) {
		t.pushDepSlow(d)
		return
	}
	if x := EventID(t.nev-1) - d; x < depFar {
		c.tail[i] = uint16(x)
		c.n++
	} else if y := d - t.curFirst; uint32(y) < depLong-depFar {
		c.tail[i] = uint16(depFar | y)
		c.n++
	} else {
		c.tail[i], c.tail[i+1], c.tail[i+2] = depLong, uint16(d), uint16(uint32(d)>>16)
		c.n += 3
	}
}

// pushDepSlow is pushDep near the end of a chunk (a long dependence's
// units may straddle two chunks).
//
//go:noinline
func (t *Trace) pushDepSlow(d EventID) {
	c := &t.deps
	if x := EventID(t.nev-1) - d; x < depFar {
		c.push(uint16(x))
	} else if y := d - t.curFirst; uint32(y) < depLong-depFar {
		c.push(uint16(depFar | y))
	} else {
		c.push(depLong)
		c.push(uint16(d))
		c.push(uint16(uint32(d) >> 16))
	}
}

// Len returns the number of events. It panics on a released trace (see
// Release), so that a use after Release fails loudly instead of reading an
// empty trace.
func (t *Trace) Len() int {
	if t.released {
		panic("trace: use of a released Trace")
	}
	return t.nev
}

// Static returns the static instruction ID of event e.
func (t *Trace) Static(e EventID) StaticID { return t.sid(int(e)) }

// StaticInfo returns the description of static instruction s.
func (t *Trace) StaticInfo(s StaticID) *Static { return t.static(s) }

// static returns static instruction s, refreshing the trace's snapshot of
// the program's table when s is newer (during a run, for Observe hooks).
func (t *Trace) static(s StaticID) *Static {
	if int(s) >= len(t.statics) {
		t.refreshStatics()
	}
	return &t.statics[s]
}

func (t *Trace) refreshStatics() {
	if t.prog == nil { // the zero Trace: empty
		return
	}
	t.prog.mu.Lock()
	t.statics = t.prog.statics[:len(t.prog.statics):len(t.prog.statics)]
	t.prog.mu.Unlock()
}

// NumStatics returns the number of static instructions known (at least
// those of the trace's events); StaticIDs of the trace are below it.
func (t *Trace) NumStatics() int {
	if len(t.statics) == 0 {
		t.refreshStatics()
	}
	return len(t.statics)
}

// Instr returns the instruction of event e; nil for a parameter event.
func (t *Trace) Instr(e EventID) ssa.Instruction { return t.static(t.sid(int(e))).Instr }

// SSAValue returns the SSA value event e defines (nil if none).
func (t *Trace) SSAValue(e EventID) ssa.Value { return t.static(t.sid(int(e))).Value }

// Func returns the function executing event e.
func (t *Trace) Func(e EventID) *ssa.Function { return t.static(t.sid(int(e))).Func }

// Pos returns the source position of event e (see [Static] for fallbacks).
func (t *Trace) Pos(e EventID) token.Position { return t.static(t.sid(int(e))).Position }

// Value returns the concrete value event e produced: the instruction's
// result, the value stored by a Store or MapUpdate, the decision (true:
// then-branch) of an If, the results of a Return (a tuple if several), the
// result of a call. It is the zero Value for events that produce none.
func (t *Trace) Value(e EventID) Value {
	rec := t.rec(int(e))
	k, n := rec.kind(), t.word(int(e), rec)
	switch {
	case k&refFlag != 0:
		return Value{k: k & kindMask, n: n, p: t.refs.at(t.refIndex(int(e)))}
	case k&lateFlag != 0:
		return Value{k: k & kindMask, n: n, p: t.lateRefs[e]}
	}
	return Value{k: k & kindMask, n: n}
}

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
func (t *Trace) Deps(e EventID, dst []EventID) []EventID {
	lo, hi := t.depRange(int(e))
	first := NoEvent
	for i := lo; i < hi; i++ {
		u := t.deps.at(i)
		switch {
		case u < depFar:
			dst = append(dst, e-EventID(u))
		case u != depLong:
			if first < 0 {
				first = t.frameFirst(t.frameOf(e))
			}
			dst = append(dst, first+EventID(u&^depFar))
		default:
			dst = append(dst, EventID(uint32(t.deps.at(i+1))|uint32(t.deps.at(i+2))<<16))
			i += 2
		}
	}
	return dst
}

// Producer returns the dependence of event e that produced e's operand v:
// the event of v's instruction, or, when v is the result of a call to a
// function with a body, the callee's Return (the event a use of the
// result depends on); NoEvent if none of e's dependences did (v is a
// constant, a global, or not an operand of e).
func (t *Trace) Producer(e EventID, v ssa.Value) EventID {
	var buf [8]EventID
	deps := t.Deps(e, buf[:0])
	for _, d := range deps {
		if t.SSAValue(d) == v {
			return d
		}
	}
	if call, ok := v.(*ssa.Call); ok {
		for _, d := range deps {
			if _, ok := t.Instr(d).(*ssa.Return); ok {
				if c := t.CallOf(d); c != NoEvent && t.Instr(c) == ssa.Instruction(call) {
					return d
				}
			}
		}
	}
	return NoEvent
}

// ControlParent returns the event e is control dependent on: the most recent
// instance, in the same frame, of a branch (If) that e's block is control
// dependent on; else the call event of e's frame (interprocedural control
// dependence); NoEvent for events of the run's root frames outside any
// branch.
func (t *Trace) ControlParent(e EventID) EventID { return t.runOf(e).ctrl }

// Key returns the instance key of event e.
func (t *Trace) Key(e EventID) InstanceKey {
	return InstanceKey{Static: t.sid(int(e)), Path: t.frames.ptr(int(t.frameOf(e))).path, Occ: t.occ(int(e))}
}

// Occurrence returns how many earlier instances of e's instruction its
// frame executed.
func (t *Trace) Occurrence(e EventID) int { return int(t.occ(int(e))) }

// CallOf returns the call event that created e's frame, NoEvent for the
// run's root frames (the entry function and package initializers).
func (t *Trace) CallOf(e EventID) EventID { return t.frames.ptr(int(t.frameOf(e))).call }

// Callee returns the first event of the frame created by call event c and
// that frame's Return event (NoEvent if it panicked); ok is false if c did
// not create an interpreted frame (a bridged call, or not a call).
func (t *Trace) Callee(c EventID) (entry, ret EventID, ok bool) {
	if t.calleeOf == nil {
		t.calleeOf = make(map[EventID]int32, t.frames.n)
		for i := 0; i < t.frames.n; i++ {
			f := t.frames.ptr(i)
			if f.call >= 0 {
				t.calleeOf[f.call] = int32(i)
			}
		}
	}
	i, ok := t.calleeOf[c]
	if !ok {
		return NoEvent, NoEvent, false
	}
	f := t.frames.ptr(int(i))
	return f.first, f.ret, true
}

// Depth returns the call depth of e's frame (0 for root frames).
func (t *Trace) Depth(e EventID) int {
	d := 0
	for f := t.frames.ptr(int(t.frameOf(e))).parent; f >= 0; f = t.frames.ptr(int(f)).parent {
		d++
	}
	return d
}

// Goroutine returns the goroutine that executed e: 0 for the entry
// function's, then 1, 2... in the order go statements ran.
func (t *Trace) Goroutine(e EventID) int { return int(t.frames.ptr(int(t.frameOf(e))).g) }

// Inputs returns the events marked as inputs: the entry function's
// parameter events and the instances named by Hooks.Inputs.
func (t *Trace) Inputs() []EventID { return t.inputs }

// Steered reports whether a hook changed event e's value or decision.
func (t *Trace) Steered(e EventID) bool { return t.steered[e] }

// Line is a source line.
type Line struct {
	File string
	Line int
}

// Lines returns the distinct source lines executed, sorted by file and line.
// Only events whose position is their instruction's own (or an If's
// condition) count; synthetic fallback positions do not.
func (t *Trace) Lines() []Line {
	t.refreshStatics()
	seenS := make([]bool, len(t.statics))
	set := map[Line]bool{}
	for e := 0; e < t.nev; e++ {
		s := t.sid(e)
		if seenS[s] {
			continue
		}
		seenS[s] = true
		st := t.static(s)
		if st.Synthetic || !st.Position.IsValid() {
			continue
		}
		set[Line{st.Position.Filename, st.Position.Line}] = true
	}
	out := make([]Line, 0, len(set))
	for l := range set {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

// Events returns the events at the given source line, in order.
func (t *Trace) Events(file string, line int) []EventID {
	var out []EventID
	for e := 0; e < t.nev; e++ {
		s := t.sid(e)
		st := t.static(s)
		p := &st.Position
		if p.Line == line && p.Filename == file && !st.Synthetic {
			out = append(out, EventID(e))
		}
	}
	return out
}

// Bytes estimates the memory the trace holds, in bytes.
func (t *Trace) Bytes() int {
	n := int(unsafe.Sizeof(evRec{}))*t.ev.capacity() + 2*t.deps.capacity() + 4*cap(t.runIdx) +
		4*t.his.capacity() + 16*len(t.lateHis) + 8*t.refs.capacity() +
		int(unsafe.Sizeof(groupBase{}))*cap(t.bases) + int(unsafe.Sizeof(frameRun{}))*t.runs.capacity() +
		16*(len(t.bigDeps)+len(t.bigSids)+len(t.bigOccs)) + 24*len(t.lateRefs)
	return n + int(unsafe.Sizeof(frameInfo{}))*t.frames.capacity()
}

// EventString formats event e on one line: its ID, position (file base
// name:line:col), instruction, value, dependencies and control parent, e.g.
// "e12 foo.go:13:7 if t12 goto 1 else 3 = true deps=[11] ctrl=5".
func (t *Trace) EventString(e EventID) string {
	st := t.static(t.sid(int(e)))
	var sb strings.Builder
	fmt.Fprintf(&sb, "e%d %s:%d:%d ", e, filepath.Base(st.Position.Filename), st.Position.Line, st.Position.Column)
	if st.Instr != nil {
		if v, ok := st.Instr.(ssa.Value); ok {
			sb.WriteString(v.Name() + " = ")
		}
		sb.WriteString(st.Instr.String())
	} else if st.Value != nil {
		sb.WriteString("param " + st.Value.Name())
	}
	if v := t.Value(e); v.IsValid() {
		sb.WriteString(" = " + v.String())
	}
	fmt.Fprintf(&sb, " deps=%v ctrl=%d", t.Deps(e, nil), t.ControlParent(e))
	if t.Steered(e) {
		sb.WriteString(" steered")
	}
	return sb.String()
}

// Dump writes the events for which keep returns true (all if keep is nil),
// one per line (see EventString).
func (t *Trace) Dump(w io.Writer, keep func(EventID) bool) error {
	for e := EventID(0); int(e) < t.Len(); e++ {
		if keep != nil && !keep(e) {
			continue
		}
		if _, err := io.WriteString(w, t.EventString(e)+"\n"); err != nil {
			return err
		}
	}
	return nil
}
