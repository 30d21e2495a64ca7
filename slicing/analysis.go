package slicing

import (
	"go/token"
	"go/types"

	"github.com/faultloc/faultloc/internal/cfg"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// kinds of static instructions the graph treats specially.
const (
	kindOther = iota + 1
	kindStaticCall
	kindIf
	kindLoad
	kindReturn
)

// staticFacts is what the graph needs to know about one static instruction.
type staticFacts struct {
	kind  int
	block *ssa.BasicBlock // for If: its block
	root  ssa.Value       // for a load: the root of the address read
	// addrOf is the local (non-escaping) variable this instruction uses
	// as an address (a load or store of it, or a field or element address
	// in it), whose Alloc event is then not a data dependence: the
	// address of a local carries no information.
	addrOf *ssa.Alloc
	call   bool       // a call instruction (static or not)
	store  *ssa.Store // a store into an element, a field or an aggregate variable
	// objects: a call some operand or result of which may refer to
	// an object of native code (a pointer, map, channel or interface:
	// see nativeState).
	objects bool
	// reads: a call of a method whose name says it only reads its
	// receiver (String, Len, Get…): it leaves a native object's state
	// as it was (see nativeState).
	reads bool
	// fieldOf is the base of a field address into a struct of a
	// standard-library type, which may be a native object (see
	// nativeState).
	fieldOf ssa.Value
}

// fnFacts are per-function facts, computed once per function.
type fnFacts struct {
	// stores[b][i] are the roots of the addresses stored into on the paths
	// from If block b's successor i up to b's immediate post-dominator.
	stores map[*ssa.BasicBlock][2][]ssa.Value
}

// analysis caches static facts for the instructions of one trace.
type analysis struct {
	t       *trace.Trace
	statics []staticFacts
	fns     map[*ssa.Function]*fnFacts
}

func newAnalysis(t *trace.Trace) *analysis {
	return &analysis{t: t, statics: make([]staticFacts, t.NumStatics()), fns: map[*ssa.Function]*fnFacts{}}
}

func (a *analysis) static(s trace.StaticID) *staticFacts {
	if int(s) >= len(a.statics) || s < 0 {
		return &staticFacts{kind: kindOther}
	}
	f := &a.statics[s]
	if f.kind != 0 {
		return f
	}
	f.kind = kindOther
	instr := a.t.StaticInfo(s).Instr
	var addr ssa.Value
	switch instr := instr.(type) {
	case *ssa.Store:
		addr = instr.Addr
	case *ssa.UnOp:
		if instr.Op == token.MUL {
			addr = instr.X
		}
	case *ssa.FieldAddr:
		addr = instr.X
	case *ssa.IndexAddr:
		addr = instr.X
	}
	if al, ok := addr.(*ssa.Alloc); ok && !al.Heap {
		f.addrOf = al
	}
	switch instr := instr.(type) {
	case *ssa.If:
		f.kind, f.block = kindIf, instr.Block()
	case *ssa.Return:
		f.kind = kindReturn
	case *ssa.UnOp:
		if instr.Op == token.MUL {
			f.kind, f.root = kindLoad, root(instr.X)
		}
	case ssa.CallInstruction:
		f.call = true
		if isStaticCall(instr) {
			f.kind = kindStaticCall
		}
		f.reads = readsOnly(instr.Common())
		f.objects = mayRefer(instr)
	case *ssa.FieldAddr:
		if stdStruct(instr.X.Type()) {
			f.fieldOf = instr.X
		}
	case *ssa.Store:
		switch addr := instr.Addr.(type) {
		case *ssa.IndexAddr, *ssa.FieldAddr:
			f.store = instr
		case *ssa.Alloc:
			// Whole-variable stores only into aggregates: a bridged
			// call reading a scalar variable through its address is
			// rare, and scalar assignments are the most common event.
			switch addr.Type().Underlying().(*types.Pointer).Elem().Underlying().(type) {
			case *types.Array, *types.Struct:
				f.store = instr
			}
		}
	}
	return f
}

func (a *analysis) fn(fn *ssa.Function) *fnFacts {
	if ff, ok := a.fns[fn]; ok {
		return ff
	}
	ff := &fnFacts{}
	a.fns[fn] = ff
	return ff
}

// root returns the variable an address is derived from: the Alloc, Global,
// parameter or free variable at the end of a chain of field and element
// address computations and loads (the elements of a slice are attributed to
// the variable holding the slice); any other value is its own root.
func root(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

// postDoms returns fn's post-dominator tree.
func postDoms(fn *ssa.Function) *cfg.PostDomTree { return cfg.PostDominators(fn) }
