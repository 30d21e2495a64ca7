package trace

import (
	"go/token"
	"sort"

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

// frameInfo describes one activation record of a trace.
type frameInfo struct {
	fn     *ssa.Function
	call   EventID // the call event that created the frame; NoEvent for the run's roots
	first  EventID // first event of the frame
	ret    EventID // the frame's Return event, or NoEvent
	parent int32   // caller frame index, -1 for roots
	path   uint64
}

// Trace is the record of one run: a struct of arrays indexed by EventID.
// Events are appended in execution order; every dependency and control
// parent of an event precedes it. Columns are stored in chunks, and values
// without pointers (booleans, numbers) take 9 bytes, so a trace costs about
// 40 bytes per event.
type Trace struct {
	prog    *Program
	statics []Static // snapshot of prog.statics at the end of the run

	sid    column[StaticID]
	frame  column[int32]
	occ    column[int32]
	ctrl   column[EventID]
	valK   column[Kind]
	valN   column[uint64] // the value's word, or an index into refs
	refs   []Value        // values holding pointers
	depOff column[int32]
	deps   column[EventID]

	frames   []frameInfo
	inputs   []EventID
	steered  map[EventID]bool
	calleeOf map[EventID]int32
}

func newTrace(p *Program) *Trace { return &Trace{prog: p} }

// add appends an event and returns its ID; dependencies are appended with
// dep right after.
func (t *Trace) add(s StaticID, fr int32, occ int32, ctrl EventID, v Value) EventID {
	e := EventID(t.sid.n)
	t.sid.push(s)
	t.frame.push(fr)
	t.occ.push(occ)
	t.ctrl.push(ctrl)
	t.depOff.push(int32(t.deps.n))
	t.pushValue(v)
	return e
}

// refFlag marks, in the kind column, values stored in refs.
const refFlag Kind = 0x80

func (t *Trace) pushValue(v Value) {
	if v.p == nil {
		t.valK.push(v.k)
		t.valN.push(v.n)
		return
	}
	t.valK.push(v.k | refFlag)
	t.valN.push(uint64(len(t.refs)))
	t.refs = append(t.refs, v)
}

// setValue replaces the value of event e (for calls, whose result is known
// after the event).
func (t *Trace) setValue(e EventID, v Value) {
	if v.p == nil {
		t.valK.set(int(e), v.k)
		t.valN.set(int(e), v.n)
		return
	}
	t.valK.set(int(e), v.k|refFlag)
	t.valN.set(int(e), uint64(len(t.refs)))
	t.refs = append(t.refs, v)
}

func (t *Trace) dep(d EventID) {
	if d >= 0 {
		t.deps.push(d)
	}
}

// Len returns the number of events.
func (t *Trace) Len() int { return t.sid.n }

// Static returns the static instruction ID of event e.
func (t *Trace) Static(e EventID) StaticID { return t.sid.at(int(e)) }

// StaticInfo returns the description of static instruction s.
func (t *Trace) StaticInfo(s StaticID) *Static { return &t.statics[s] }

// NumStatics returns the number of static instructions known when the trace
// ended; StaticIDs of the trace are below it.
func (t *Trace) NumStatics() int { return len(t.statics) }

// Instr returns the instruction of event e; nil for a parameter event.
func (t *Trace) Instr(e EventID) ssa.Instruction { return t.statics[t.sid.at(int(e))].Instr }

// SSAValue returns the SSA value event e defines (nil if none).
func (t *Trace) SSAValue(e EventID) ssa.Value { return t.statics[t.sid.at(int(e))].Value }

// Func returns the function executing event e.
func (t *Trace) Func(e EventID) *ssa.Function { return t.statics[t.sid.at(int(e))].Func }

// Pos returns the source position of event e (see [Static] for fallbacks).
func (t *Trace) Pos(e EventID) token.Position { return t.statics[t.sid.at(int(e))].Position }

// Value returns the concrete value event e produced: the instruction's
// result, the value stored by a Store or MapUpdate, the decision (true:
// then-branch) of an If, the results of a Return (a tuple if several), the
// result of a call. It is the zero Value for events that produce none.
func (t *Trace) Value(e EventID) Value {
	k, n := t.valK.at(int(e)), t.valN.at(int(e))
	if k&refFlag != 0 {
		return t.refs[n]
	}
	return Value{k: k, n: n}
}

// Deps appends to dst the events e read: the events that defined its
// register operands and, for a load (or map lookup), the last event that
// stored into the memory read (the Alloc event for a variable never
// assigned since). A parameter event depends on the argument of its call; a
// use of a call's result depends on the callee's Return event (or on the
// call event for bridged calls and substituted values).
func (t *Trace) Deps(e EventID, dst []EventID) []EventID {
	lo := int(t.depOff.at(int(e)))
	hi := t.deps.n
	if int(e)+1 < t.depOff.n {
		hi = int(t.depOff.at(int(e) + 1))
	}
	return t.deps.appendRange(dst, lo, hi)
}

// ControlParent returns the event e is control dependent on: the most recent
// instance, in the same frame, of a branch (If) that e's block is control
// dependent on; else the call event of e's frame (interprocedural control
// dependence); NoEvent for events of the run's root frames outside any
// branch.
func (t *Trace) ControlParent(e EventID) EventID { return t.ctrl.at(int(e)) }

// Key returns the instance key of event e.
func (t *Trace) Key(e EventID) InstanceKey {
	return InstanceKey{Static: t.sid.at(int(e)), Path: t.frames[t.frame.at(int(e))].path, Occ: t.occ.at(int(e))}
}

// Occurrence returns how many earlier instances of e's instruction its
// frame executed.
func (t *Trace) Occurrence(e EventID) int { return int(t.occ.at(int(e))) }

// CallOf returns the call event that created e's frame, NoEvent for the
// run's root frames (the entry function and package initializers).
func (t *Trace) CallOf(e EventID) EventID { return t.frames[t.frame.at(int(e))].call }

// Callee returns the first event of the frame created by call event c and
// that frame's Return event (NoEvent if it panicked); ok is false if c did
// not create an interpreted frame (a bridged call, or not a call).
func (t *Trace) Callee(c EventID) (entry, ret EventID, ok bool) {
	if t.calleeOf == nil {
		t.calleeOf = make(map[EventID]int32, len(t.frames))
		for i, f := range t.frames {
			if f.call >= 0 {
				t.calleeOf[f.call] = int32(i)
			}
		}
	}
	i, ok := t.calleeOf[c]
	if !ok {
		return NoEvent, NoEvent, false
	}
	return t.frames[i].first, t.frames[i].ret, true
}

// Depth returns the call depth of e's frame (0 for root frames).
func (t *Trace) Depth(e EventID) int {
	d := 0
	for f := t.frames[t.frame.at(int(e))].parent; f >= 0; f = t.frames[f].parent {
		d++
	}
	return d
}

// Goroutine returns the goroutine that executed e. The interpreter runs a
// single goroutine for now, so it is always 0.
func (t *Trace) Goroutine(e EventID) int { return 0 }

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
	seenS := make([]bool, len(t.statics))
	set := map[Line]bool{}
	for e := 0; e < t.sid.n; e++ {
		s := t.sid.at(e)
		if seenS[s] {
			continue
		}
		seenS[s] = true
		st := &t.statics[s]
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
	for e := 0; e < t.sid.n; e++ {
		s := t.sid.at(e)
		p := &t.statics[s].Position
		if p.Line == line && p.Filename == file && !t.statics[s].Synthetic {
			out = append(out, EventID(e))
		}
	}
	return out
}

// Bytes estimates the memory the trace holds, in bytes.
func (t *Trace) Bytes() int {
	n := 4*(t.sid.capacity()+t.frame.capacity()+t.occ.capacity()+t.ctrl.capacity()+t.depOff.capacity()+t.deps.capacity()) +
		t.valK.capacity() + 8*t.valN.capacity() + 24*cap(t.refs)
	return n + 64*cap(t.frames)
}
