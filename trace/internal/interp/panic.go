package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// interpPanic carries an interpreted panic through the Go stack.
type interpPanic struct {
	v     Value
	pos   token.Pos
	ev    EventID
	stack []StackFrame
}

// runtimeError is the panic value of interpreted run-time errors.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return "runtime error: " + e.msg }

// RuntimeError marks runtimeError as a runtime.Error.
func (e runtimeError) RuntimeError() {}

// typeAssertionError is the panic value of a failed type assertion; like
// the runtime's, its message has no "runtime error: " prefix.
type typeAssertionError struct{ msg string }

func (e typeAssertionError) Error() string { return e.msg }

// RuntimeError marks typeAssertionError as a runtime.Error.
func (e typeAssertionError) RuntimeError() {}

// throw raises an interpreted panic with value v at in.
func (r *run) throw(fr *frame, in *ins, v Value, e EventID) {
	fr.at = in
	ip := &interpPanic{v: v, ev: e}
	if in != nil && in.instr != nil {
		ip.pos = in.instr.Pos()
	}
	for f := fr; f != nil; f = f.caller {
		ip.stack = append(ip.stack, StackFrame{Func: f.c.fn.String(), Pos: r.pos(f.at)})
	}
	if r.tr != nil && !isGoexit(v) {
		r.tr.raise(ip)
	}
	panic(ip)
}

// maxRaised bounds the panics a trace keeps (Trace.Panics): the last
// ones, so that a program that panics and recovers in a loop costs no
// more.
const maxRaised = 32

// raise notes panic ip, just raised, for Panics.
func (t *Trace) raise(ip *interpPanic) {
	if len(t.raised) < maxRaised {
		t.raised = append(t.raised, ip)
	} else {
		t.raised[t.next%maxRaised] = ip
	}
	t.next++
}

// Panics returns the panics the run raised, in the order it raised
// them, whether they escaped the run or a deferred recover stopped
// them: calls of panic and run-time errors alike (a nil dereference, an
// index out of range, a write to a nil map, a failed type assertion, a
// division by zero...), with their value, message, position, event and
// interpreted stack at the raise, innermost first, as Result.Panic
// describes the one that escapes. The event is NoEvent for the panics
// that record none (see PanicInfo.Event); a recovered panic's event is a
// dependence of the recover() call that stopped it. A panic that
// unwinds through deferred calls is raised once; a deferred call that
// panics again (panic(r)) raises another. The unwinding of
// runtime.Goexit or t.FailNow is no panic. Only the last 32 are kept,
// so that a program that panics and recovers in a loop costs no more;
// the trace costs nothing more when the run raises none. The slice is
// the caller's.
func (t *Trace) Panics() []PanicInfo {
	n := len(t.raised)
	out := make([]PanicInfo, 0, n)
	for i := range n {
		ip := t.raised[i]
		if t.next > n {
			ip = t.raised[(t.next+i)%n]
		}
		pi := PanicInfo{Value: ip.v, Message: formatPanic(ip.v), Event: ip.ev, Stack: slices.Clone(ip.stack)}
		if ip.pos.IsValid() {
			pi.Pos = t.prog.Fset.Position(ip.pos)
		} else if len(ip.stack) > 0 {
			pi.Pos = ip.stack[0].Pos
		}
		out = append(out, pi)
	}
	return out
}

// rtPanic raises the run-time error of format and args at in, recording
// no event: for a panic raised inside a call whose event is recorded
// already (a bridge, Call.RuntimeError), which rtPanicAt points at when it
// is known.
func (r *run) rtPanic(fr *frame, in *ins, format string, args ...any) {
	r.rtPanicAt(fr, in, NoEvent, format, args...)
}

// rtPanicAt is rtPanic pointing at event e (PanicInfo.Event): the event
// of the call that panics, whose dependences are its operands.
func (r *run) rtPanicAt(fr *frame, in *ins, e EventID, format string, args ...any) {
	v := Value{k: KindInterface, p: ptrOf(&iface{nat: runtimeError{fmt.Sprintf(format, args...)}, t: typeRef{id: -1}})}
	r.throw(fr, in, v, e)
}

// rtPanicEvent is rtPanic for an instruction whose operands say why it
// panics (a nil pointer, an index and length, a zero divisor, a nil map,
// the bounds of a slice...): it first records the instruction's event
// (panicEvent), and the panic points at it (PanicInfo.Event).
func (r *run) rtPanicEvent(fr *frame, in *ins, format string, args ...any) {
	r.rtPanicAt(fr, in, r.panicEvent(fr, in), format, args...)
}

// panicEvent records the event of instruction in, which is about to
// panic and has recorded none: its register operands are its
// dependences, and it has no value (an invalid Value). It returns
// NoEvent when the run records no trace.
func (r *run) panicEvent(fr *frame, in *ins) EventID {
	if r.tr == nil || in == nil {
		return NoEvent
	}
	e, _ := r.stmt(fr, in, Value{})
	return e
}

func formatPanic(v Value) string {
	if v.k == KindInterface && v.p != nil {
		it := (*iface)(v.p)
		if it.nat != nil {
			if e, ok := it.nat.(error); ok {
				return e.Error()
			}
			return fmt.Sprint(it.nat)
		}
		inner := it.v
		switch inner.k {
		case KindString:
			s := inner.Str()
			if n, ok := types.Unalias(it.t.t).(*types.Named); ok {
				return fmt.Sprintf("%s(%s)", n.Obj().Pkg().Name()+"."+n.Obj().Name(), strconv.Quote(s))
			}
			return s
		}
		return inner.String()
	}
	return v.String()
}

// runtimeTypeString names t as the Go runtime does in messages: package
// names rather than paths, and "interface {}" for the empty interface.
func runtimeTypeString(t types.Type) string {
	if it, ok := types.Unalias(t).(*types.Interface); ok && it.Empty() {
		return "interface {}"
	}
	s := types.TypeString(unaliasAll(t), func(p *types.Package) string { return p.Name() })
	return strings.ReplaceAll(s, "interface{}", "interface {}")
}

// unaliasAll returns t with the aliases in it, at any depth of its
// pointer, slice, array, map, channel, func and struct types, replaced
// by the types they stand for, as the runtime names types (*os.PathError
// is *fs.PathError). Named types are kept, their type arguments too.
func unaliasAll(t types.Type) types.Type {
	tuple := func(tu *types.Tuple) (*types.Tuple, bool) {
		if tu == nil {
			return nil, false
		}
		vs := make([]*types.Var, tu.Len())
		changed := false
		for i := range vs {
			v := tu.At(i)
			ut := unaliasAll(v.Type())
			changed = changed || ut != v.Type()
			vs[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), ut)
		}
		return types.NewTuple(vs...), changed
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		if e := unaliasAll(u.Elem()); e != u.Elem() {
			return types.NewPointer(e)
		}
		return u
	case *types.Slice:
		if e := unaliasAll(u.Elem()); e != u.Elem() {
			return types.NewSlice(e)
		}
		return u
	case *types.Array:
		if e := unaliasAll(u.Elem()); e != u.Elem() {
			return types.NewArray(e, u.Len())
		}
		return u
	case *types.Chan:
		if e := unaliasAll(u.Elem()); e != u.Elem() {
			return types.NewChan(u.Dir(), e)
		}
		return u
	case *types.Map:
		k, e := unaliasAll(u.Key()), unaliasAll(u.Elem())
		if k != u.Key() || e != u.Elem() {
			return types.NewMap(k, e)
		}
		return u
	case *types.Signature:
		ps, pc := tuple(u.Params())
		rs, rc := tuple(u.Results())
		if pc || rc {
			return types.NewSignatureType(nil, nil, nil, ps, rs, u.Variadic())
		}
		return u
	case *types.Struct:
		fs := make([]*types.Var, u.NumFields())
		tags := make([]string, u.NumFields())
		changed := false
		for i := range fs {
			f := u.Field(i)
			ft := unaliasAll(f.Type())
			changed = changed || ft != f.Type()
			fs[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), ft, f.Embedded())
			tags[i] = u.Tag(i)
		}
		if changed {
			return types.NewStruct(fs, tags)
		}
		return u
	default:
		return u
	}
}

// goexit is the panic value that unwinds a test stopped by t.FailNow,
// t.SkipNow (and their callers) or runtime.Goexit: deferred calls run, but
// recover returns nil.
type goexit struct {
	owner any // what threw it: the go test emulation's test (Call.Goexit), nil for runtime.Goexit
}

func (goexit) Error() string { return "runtime.Goexit" }

// isGoexit reports whether the interpreted panic value v unwinds a Goexit.
func isGoexit(v Value) bool {
	if v.k != KindInterface || v.p == nil {
		return false
	}
	_, ok := (*iface)(v.p).nat.(goexit)
	return ok
}
