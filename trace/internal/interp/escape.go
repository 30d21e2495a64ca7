package interp

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// escapes decides whether an address escapes (see local).
type escapes struct {
	params map[*ssa.Parameter]bool // decided, or being decided (false)
}

// local reports whether the address a (an Alloc's, or a field or element
// address derived from it) is only loaded from, stored into, taken apart
// into addresses of which the same holds, or passed to a statically
// called function with a body whose parameter does not escape (see
// param). inCallee tells whether a lives in a callee's frame, which
// returns before the Alloc can run again: there it may also be stored
// into a variable of that frame (a scalar variable only loaded and
// stored, like the naive form's spill of a parameter) whose loads do not
// escape. No pointer into the variable is kept anywhere else (in the
// Alloc's frame's variables, other memory, a φ, a closure, a deferred or
// go call, a result).
func (e *escapes) local(a ssa.Value, inCallee bool) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if ref.Val == a {
				v, ok := ref.Addr.(*ssa.Alloc)
				if !inCallee || !ok || ref.Addr == a || !onlyLoadedAndStored(v) {
					return false
				}
				for _, ld := range *v.Referrers() {
					if ld, ok := ld.(*ssa.UnOp); ok && !e.local(ld, true) {
						return false
					}
				}
			}
		case *ssa.FieldAddr:
			if isNativeType(deref(ref.X.Type())) || !e.local(ref, inCallee) {
				return false
			}
		case *ssa.IndexAddr:
			if ref.X != a || !e.local(ref, inCallee) {
				return false
			}
		case *ssa.Call:
			callee := ref.Call.StaticCallee()
			if ref.Call.Value == a || callee == nil || callee.Blocks == nil || bridgedSource(callee) || len(callee.Params) != len(ref.Call.Args) {
				return false
			}
			for j, x := range ref.Call.Args {
				if x == a && !e.param(callee.Params[j]) {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// param reports whether an address passed as parameter p does not escape
// its callee (see local). A parameter whose decision is under way (a
// recursive call) counts as escaping.
func (e *escapes) param(p *ssa.Parameter) bool {
	if ok, seen := e.params[p]; seen {
		return ok
	}
	if e.params == nil {
		e.params = map[*ssa.Parameter]bool{}
	}
	e.params[p] = false
	ok := e.local(p, true)
	e.params[p] = ok
	return ok
}

// loadForSpill reports whether the Load ms[i] of a local aggregate (see
// escapes.local) may leave its value uncopied: its only use is an argument of
// a static call, later in the block, of a function with a body whose
// parameter's only use is the naive form's spill (a Store, which copies
// it), and nothing in between can store into the variable (only this
// frame's Stores can: its address does not escape).
func loadForSpill(ms []mop, i int) bool {
	ld, ok := ms[i].in.instr.(*ssa.UnOp)
	if !ok || uses(ld) != 1 {
		return false
	}
	var call *ssa.Call
	for _, ref := range *ld.Referrers() {
		if c, ok := ref.(*ssa.Call); ok {
			call = c
		}
	}
	if call == nil {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || bridgedSource(callee) || len(callee.Params) != len(call.Call.Args) {
		return false
	}
	arg := -1
	for j, a := range call.Call.Args {
		if a == ssa.Value(ld) {
			if arg >= 0 {
				return false
			}
			arg = j
		}
	}
	if arg < 0 {
		return false
	}
	prm := callee.Params[arg]
	if uses(prm) != 1 {
		return false
	}
	for _, ref := range *prm.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && (st.Val != ssa.Value(prm) || st.Addr == ssa.Value(prm)) {
			return false
		} else if !ok {
			if _, dbg := ref.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	for _, m := range ms[i+1:] {
		if m.in.instr == ssa.Instruction(call) {
			return true
		}
		if m.kind != mNaive {
			continue // variables held in registers
		}
		switch m.in.op {
		case opLoad, opFieldAddr, opIndexAddr, opField, opIndex, opCall, opConvert, opChangeType, opUnOp, opExtract,
			opMakeInterface, opAddW, opSubW, opMulW, opEqlW, opNeqW, opLssI, opLeqI, opGtrI, opGeqI, opBinOp:
		default:
			return false
		}
	}
	return false
}

// hasNative reports whether v holds a native value in its aggregate parts
// (storeInto copies those into new boxes).
func hasNative(v Value) bool {
	if v.k == KindNative {
		return true
	}
	if v.isAgg() {
		for _, c := range v.cells() {
			if hasNative(c.v) {
				return true
			}
		}
	}
	return false
}
