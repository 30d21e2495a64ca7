package interp

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// EventID identifies one event (executed instruction instance) of a Trace:
// its index, from 0. NoEvent (-1) means "none".
type EventID = store.EventID

// NoEvent is the EventID of no event.
const NoEvent = store.NoEvent

// StaticID identifies a static instruction (or parameter) of a Program.
// IDs are assigned when a function is first compiled and never change for
// the Program's lifetime, so they are comparable between runs.
type StaticID = store.StaticID

// InstanceKey names an instruction instance independently of the trace it
// occurs in (see store.InstanceKey).
type InstanceKey = store.InstanceKey

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
	// Support reports that Func belongs to a package in scope that is a
	// test helper of the module (an assertion package under internal/, a
	// harness over a corpus of test files): only test files import it
	// and its import path is named as test code is (see
	// Program.Support). Like a test file's code it is the oracle, not
	// code under test: encode does not blame it, spectra's code elements
	// and localize's rankings leave it out.
	Support bool
}

// Trace is the record of one run: the events of package store's trace
// (the columns, segments, dependences and frames, see store.Trace) and
// the program's static instructions, which give them their instructions,
// positions and implied dependences. Its values are Values.
//
// Reading a recorded Trace from several goroutines at once is safe; its
// methods must not run while the run that records it goes on, nor after
// Release.
type Trace struct {
	ev      store.Trace
	prog    *Program
	statics []Static // snapshot of prog.statics at the end of the run
	// raised holds the last maxRaised panics the run raised (see
	// Panics), from raised[next%maxRaised] on once it is full; next is
	// how many were raised.
	raised []*interpPanic
	next   int
}

// The flags of an event's record (see store.RefFlag), as Kinds, and the
// cap of a segment recorded one event at a time.
const (
	refFlag  = Kind(store.RefFlag)
	sdepFlag = Kind(store.SdepFlag)
	segCap   = store.SegCap
)

func newTrace(p *Program) *Trace {
	t := &Trace{prog: p}
	t.ev.Init()
	return t
}

// add appends an event and returns its ID; dependencies are appended with
// t.ev.Dep right after.
func (t *Trace) add(s StaticID, fr int32, occ int32, ctrl EventID, v Value) EventID {
	return t.ev.Add(s, fr, occ, ctrl, uint16(v.k), v.n, v.p)
}

// addParam is add and a dependence for the event of a parameter (static
// s) of frame fr, created by call event ctrl, whose argument v was
// defined by event d (or NoEvent).
func (t *Trace) addParam(s StaticID, fr int32, ctrl EventID, v Value, d EventID) EventID {
	return t.ev.AddParam(s, fr, ctrl, uint16(v.k), v.n, v.p, d)
}

// setValue replaces the value of event e (for calls, whose result is known
// after the event). refSlot is the slot t.ev.ReserveRef returned for e,
// or -1 if none was reserved or it is to be found.
func (t *Trace) setValue(e EventID, v Value, refSlot int) {
	t.ev.SetValue(e, uint16(v.k), v.n, v.p, refSlot)
}

// addIns is add followed by the dependences of instruction in's event in
// frame fr (the definitions of its register operands, then extra unless
// it is NoEvent), in one call: the recorder's path for runs without hooks.
func (t *Trace) addIns(fr *frame, in *ins, occ int32, v Value, extra EventID) EventID {
	s := &t.ev
	e := s.Begin(in.sid, fr.idx, occ, fr.ctrl)
	k := uint16(v.k)
	if v.p != nil {
		k |= uint16(refFlag)
		s.Refs.Push(v.p)
	}
	s.Words.Push(v.n)
	c := &s.Units
	n0 := c.N
	if in.sdmin >= s.CurSid0 {
		// The operands defined in the block are in this segment: their
		// dependences are implied (see Deps); the others are stored,
		// one each.
		k |= uint16(sdepFlag)
		for i, d := range in.sd {
			if d == 0 {
				s.PushOne(e, fr.defs[in.sdr[i]])
			}
		}
		if extra >= 0 {
			s.PushUnits(e, extra)
		}
	} else if i := c.N - c.Base; len(in.a) <= 2 && i+9 <= len(c.Tail) {
		// Room for three dependences of three units each.
		u := c.Tail[i : i+9 : i+9]
		j := 0
		if len(in.a) > 0 && in.a0 >= 0 {
			if d := fr.defs[in.a0]; d >= 0 {
				j = store.PutDep(u, j, e, d, s.CurFirst)
			}
		}
		if len(in.a) > 1 && in.a1 >= 0 {
			if d := fr.defs[in.a1]; d >= 0 {
				j = store.PutDep(u, j, e, d, s.CurFirst)
			}
		}
		if extra >= 0 {
			j = store.PutDep(u, j, e, extra, s.CurFirst)
		}
		c.N += j
	} else {
		for _, a := range in.a {
			if a >= 0 && fr.defs[a] >= 0 {
				s.PushUnits(e, fr.defs[a])
			}
		}
		if extra >= 0 {
			s.PushUnits(e, extra)
		}
	}
	s.Meta.Push(k | s.UnitCount(e, c.N-n0))
	return e
}
