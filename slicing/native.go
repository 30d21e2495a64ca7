package slicing

import (
	"go/types"
	"strings"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// Objects that natively run code changes (an httptest.ResponseRecorder,
// its bytes.Buffer body, a bytes.Buffer the program allocated and hands
// to its Write method) hold state the trace does not see: a handler's
// Write into a recorder and the test's read of its Body later are two
// native operations with no event between them. nativeState links them:
// a call run natively that takes or returns an object
// ([trace.Trace.ObjectID]), and a field address into a standard-library
// struct, depends on the last call run natively that used the object
// before, and a call that may change it becomes that last use. Calls
// whose method name says they only read (String, Len, Get…) depend on
// the last use without becoming it, so that two reads of one object (two
// matches of one regexp.Regexp) do not depend on each other. The
// dependence is coarse: a call depends on every earlier change of the
// object, whichever part it reads.

// nativeState appends to dst the last use of each object that event i
// (a call run natively, with dependences deps) takes or returns, and
// records i as their last use unless it only reads.
func nativeState(t *trace.Trace, i int32, deps []trace.EventID, reads bool, last map[uintptr]int32, dst []int32) []int32 {
	use := func(e trace.EventID) {
		id, l, ok := lastUse(t, e, last)
		if ok && l >= 0 && l != i {
			dst = append(dst, l)
		}
		if ok && (!reads || e == trace.EventID(i)) {
			last[id] = i
		}
	}
	for _, d := range deps {
		use(d)
	}
	use(trace.EventID(i)) // the object it returns
	return dst
}

// nativeField appends to dst the last use of the object whose field an
// event addresses (base is the event of the struct pointer).
func nativeField(t *trace.Trace, base trace.EventID, last map[uintptr]int32, dst []int32) []int32 {
	if _, l, ok := lastUse(t, base, last); ok && l >= 0 {
		dst = append(dst, l)
	}
	return dst
}

// lastUse returns the identity of the object event e's value refers to
// and its last use recorded in last (-1: none yet); false if the value
// refers to no object.
func lastUse(t *trace.Trace, e trace.EventID, last map[uintptr]int32) (id uintptr, l int32, ok bool) {
	id, ok = t.ObjectID(e)
	if !ok {
		return 0, -1, false
	}
	if l, seen := last[id]; seen {
		return id, l, true
	}
	return id, -1, true
}

// mayRefer reports whether an operand or the result of call may refer to
// an object: a pointer, map, channel or interface (a call of
// strings.HasPrefix may not, and is left out at no cost).
func mayRefer(call ssa.CallInstruction) bool {
	refers := func(t types.Type) bool {
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Chan, *types.Interface:
			return true
		}
		return false
	}
	c := call.Common()
	if c.IsInvoke() && refers(c.Value.Type()) {
		return true
	}
	for _, a := range c.Args {
		if refers(a.Type()) {
			return true
		}
	}
	if v := call.Value(); v != nil {
		if tu, ok := v.Type().(*types.Tuple); ok {
			for i := range tu.Len() {
				if refers(tu.At(i).Type()) {
					return true
				}
			}
			return false
		}
		return refers(v.Type())
	}
	return false
}

// readPrefixes are the beginnings of the names of methods that read
// their receiver and leave it as it was, by Go's naming habits.
var readPrefixes = []string{"String", "Len", "Cap", "Bytes", "Available", "Buffered", "Get", "Lookup", "Find", "Match", "Has", "Is", "Equal", "Contains", "Num", "Values", "Key", "Name", "Type", "Size"}

// readsOnly reports whether call is a method call whose name says it only
// reads its receiver.
func readsOnly(call *ssa.CallCommon) bool {
	var name string
	switch {
	case call.IsInvoke():
		name = call.Method.Name()
	case call.Signature().Recv() != nil:
		if fn := call.StaticCallee(); fn != nil {
			name = fn.Name()
		}
	}
	return readsName(name)
}

// readsName reports whether a method called name only reads its receiver.
func readsName(name string) bool {
	if name == "" {
		return false
	}
	for _, p := range readPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// stdStruct reports whether t is a pointer to a named struct type of a
// standard-library package (a path whose first element has no dot): the
// types whose values native code may own.
func stdStruct(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return false
	}
	first, _, _ := strings.Cut(n.Obj().Pkg().Path(), "/")
	return !strings.Contains(first, ".")
}
