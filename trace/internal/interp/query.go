package interp

import (
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/store"
)

// The queries of a Trace: those of the store, and those that need the
// program (instructions, positions, values).

// Len returns the number of events. It panics on a released trace (see
// Release), so that a use after Release fails loudly instead of reading an
// empty trace.
func (t *Trace) Len() int { return t.ev.Len() }

// Static returns the static instruction ID of event e.
func (t *Trace) Static(e EventID) StaticID { return t.ev.Static(e) }

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
	return t.ev.Deps(e, dst, (*implier)(t))
}

// implier gives the store a trace's implied dependences (store.Implier)
// without adding a method to Trace's API.
type implier Trace

// Implied returns the implied dependences of static instruction s (see
// Static.sd).
func (t *implier) Implied(s StaticID) []int32 { return (*Trace)(t).static(s).sd }

var _ store.Implier = (*implier)(nil)

// ControlParent returns the event e is control dependent on: the most recent
// instance, in the same frame, of a branch (If) that e's block is control
// dependent on; else the call event of e's frame (interprocedural control
// dependence); NoEvent for events of the run's root frames outside any
// branch.
func (t *Trace) ControlParent(e EventID) EventID { return t.ev.ControlParent(e) }

// Key returns the instance key of event e.
func (t *Trace) Key(e EventID) InstanceKey { return t.ev.Key(e) }

// Occurrence returns how many earlier instances of e's instruction its
// frame executed.
func (t *Trace) Occurrence(e EventID) int { return t.ev.Occurrence(e) }

// CallOf returns the call event that created e's frame, NoEvent for the
// run's root frames (the entry function and package initializers).
func (t *Trace) CallOf(e EventID) EventID { return t.ev.CallOf(e) }

// Callee returns the first event of the frame created by call event c and
// that frame's Return event (NoEvent if it panicked); ok is false if c did
// not create an interpreted frame (a bridged call, or not a call).
func (t *Trace) Callee(c EventID) (entry, ret EventID, ok bool) { return t.ev.Callee(c) }

// Depth returns the call depth of e's frame (0 for root frames).
func (t *Trace) Depth(e EventID) int { return t.ev.Depth(e) }

// Goroutine returns the goroutine that executed e: 0 for the entry
// function's, then 1, 2... in the order go statements ran.
func (t *Trace) Goroutine(e EventID) int { return t.ev.Goroutine(e) }

// Inputs returns the events marked as inputs: the entry function's
// parameter events and the instances named by Hooks.Inputs.
func (t *Trace) Inputs() []EventID { return t.ev.Inputs() }

// Steered reports whether a hook changed event e's value or decision.
func (t *Trace) Steered(e EventID) bool { return t.ev.Steered(e) }

// Bytes estimates the memory the trace holds, in bytes.
func (t *Trace) Bytes() int { return t.ev.Bytes() }

// Release hands the trace's storage to the package, for later recorded
// runs (of any Program) to reuse instead of allocating fresh memory,
// which is faster (see [SetReuseLimit] for how much is kept). The trace
// must not be used afterwards, through any reference to it (such as the
// Result.Trace it came from): it is then empty, and its Len panics, so
// that a loop over its events fails at once. Releasing a nil or already
// released trace does nothing.
// Values taken from the trace before (Value's pointers, Deps' slices)
// stay valid: they do not point into its storage.
func (t *Trace) Release() {
	if t == nil {
		return
	}
	t.ev.Release()
	t.prog, t.statics = nil, nil
	t.raised, t.next = nil, 0
}

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
func (t *Trace) Instr(e EventID) ssa.Instruction { return t.static(t.ev.Static(e)).Instr }

// SSAValue returns the SSA value event e defines (nil if none).
func (t *Trace) SSAValue(e EventID) ssa.Value { return t.static(t.ev.Static(e)).Value }

// Func returns the function executing event e.
func (t *Trace) Func(e EventID) *ssa.Function { return t.static(t.ev.Static(e)).Func }

// Pos returns the source position of event e (see [Static] for fallbacks).
func (t *Trace) Pos(e EventID) token.Position { return t.static(t.ev.Static(e)).Position }

// Value returns the concrete value event e produced: the instruction's
// result, the value stored by a Store or MapUpdate, the decision (true:
// then-branch) of an If, the results of a Return (a tuple if several), the
// result of a call. It is the zero Value for events that produce none.
func (t *Trace) Value(e EventID) Value {
	k, n, p := t.ev.Raw(e)
	return Value{k: Kind(k), n: n, p: p}
}

// ObjectID returns the identity of the object event e's value refers
// to: the memory a pointer points to, a map, a channel, a pointer, map
// or channel of native code (an httptest.ResponseRecorder, a
// bytes.Buffer), or one of these held in an interface; false for any
// other value and for nil. Two events whose values refer to the same
// object return the same identity while the trace lives; the identity
// of a native object and of the interpreter's memory never coincide.
func (t *Trace) ObjectID(e EventID) (uintptr, bool) { return t.Value(e).objectID() }

func (v Value) objectID() (uintptr, bool) {
	if v.p == nil {
		return 0, false
	}
	var rv reflect.Value
	switch v.k {
	case KindPointer, KindMap, KindChan:
		return uintptr(v.p), true
	case KindNative:
		rv = (*nativeBox)(v.p).rv
	case KindInterface:
		it := (*iface)(v.p)
		if it.nat == nil {
			return it.v.objectID()
		}
		rv = reflect.ValueOf(it.nat)
	default:
		return 0, false
	}
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan:
		if rv.IsNil() {
			return 0, false
		}
		return rv.Pointer(), true
	}
	return 0, false
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

// Line is a source line.
type Line struct {
	File string
	Line int
}

// Lines returns the distinct source lines executed, sorted by file and line.
// Only events whose position is their instruction's own (or an If's
// condition) count; synthetic fallback positions do not.
func (t *Trace) Lines() []Line {
	var seenS []bool
	set := map[Line]bool{}
	for e := 0; e < t.ev.Len(); e++ {
		s := t.ev.Static(EventID(e))
		if int(s) >= len(seenS) {
			seenS = append(seenS, make([]bool, int(s)+1-len(seenS))...)
		}
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
	for e := 0; e < t.ev.Len(); e++ {
		s := t.ev.Static(EventID(e))
		st := t.static(s)
		p := &st.Position
		if p.Line == line && p.Filename == file && !st.Synthetic {
			out = append(out, EventID(e))
		}
	}
	return out
}

// EventString formats event e on one line: its ID, position (file base
// name:line:col), instruction, value, dependencies and control parent, e.g.
// "e12 foo.go:13:7 if t12 goto 1 else 3 = true deps=[11] ctrl=5".
func (t *Trace) EventString(e EventID) string {
	st := t.static(t.ev.Static(e))
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
