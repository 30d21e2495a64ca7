package diagnose

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// An extraInput is one more input of a wider reading (widerFix): a
// package variable, or a predicate of the package (predicateFunc), read
// where an execution starts. Exactly one of g and f is set.
type extraInput struct {
	g *ssa.Global
	f *ssa.Function
}

// name is how a report names the input: the variable, or the
// predicate's call.
func (xi extraInput) name() string {
	if xi.g != nil {
		return xi.g.RelString(nil)
	}
	return xi.f.RelString(nil) + "()"
}

// source is the input's key among an execution's inputs: a variable's
// is the one the line's own load of it would have (varKey).
func (xi extraInput) source(t *trace.Trace, e trace.EventID) string {
	if xi.g != nil {
		return varKey(t, e, xi.g)
	}
	return "pred " + xi.name()
}

// value returns the input's value before event e of t: a variable's last
// store, a predicate evaluated on its variables' last stores; false when
// a variable read was not stored within maxStoreScan events.
func (xi extraInput) value(t *trace.Trace, e trace.EventID) (trace.Value, bool) {
	if xi.g != nil {
		return lastStore(t, e, xi.g)
	}
	return evalPredicate(t, e, xi.f)
}

// extraNames returns the names of xs.
func extraNames(xs []extraInput) []string {
	var out []string
	for _, xi := range xs {
		out = append(out, xi.name())
	}
	return out
}

// predicateFunc reports whether f is a predicate a wider reading may
// read: a package function of no parameters returning a bool, computed
// in one block, without a call, from package variables of basic signed
// integer or bool type, its own locals and constants by comparisons,
// arithmetic (+, -, *) and negation
// (Own_Below_Threat, `return Own_Tracked_Alt < Other_Tracked_Alt`). Such
// a function says something the program's own vocabulary names, and a
// condition a fix adds is often one (a missing `&& Own_Below_Threat()`);
// evalPredicate computes it from a trace without running it.
func predicateFunc(f *ssa.Function) bool {
	sig := f.Signature
	if sig.Recv() != nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) {
		return false
	}
	if len(f.Blocks) != 1 || len(f.FreeVars) != 0 || f.TypeParams().Len() != 0 {
		return false
	}
	for _, instr := range f.Blocks[0].Instrs {
		switch in := instr.(type) {
		case *ssa.DebugRef, *ssa.RunDefers:
		case *ssa.Alloc:
			if in.Heap {
				return false
			}
		case *ssa.Store:
			if _, ok := in.Addr.(*ssa.Alloc); !ok {
				return false
			}
		case *ssa.Call:
			if !deferStack(in) {
				return false
			}
		case *ssa.UnOp:
			switch in.Op {
			case token.MUL:
				switch x := in.X.(type) {
				case *ssa.Alloc:
				case *ssa.Global:
					if !flagType(x) || !predicateType(in.Type()) {
						return false
					}
				default:
					return false
				}
			case token.NOT, token.SUB:
				if !predicateType(in.Type()) {
					return false
				}
			default:
				return false
			}
		case *ssa.BinOp:
			if !predicateType(in.X.Type()) || !predicateType(in.Y.Type()) || !predicateOp(in.Op) {
				return false
			}
		case *ssa.Return:
		default:
			return false
		}
	}
	return true
}

// predicateType reports whether a predicate may compute with values of
// type t: bools and signed integers.
func predicateType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Info()&types.IsBoolean != 0 || b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0)
}

// isBool reports whether t is a boolean type.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// predicateOp reports whether a predicate may use op.
func predicateOp(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.ADD, token.SUB, token.MUL:
		return true
	}
	return false
}

// evalPredicate evaluates f (predicateFunc) as if called before event e
// of t: its variables hold their last stores. Integers are computed in
// 64 bits (a narrower type's wrap-around is not modelled: the value only
// keys executions, and a fix found with it is still replayed).
func evalPredicate(t *trace.Trace, e trace.EventID, f *ssa.Function) (trace.Value, bool) {
	env := map[ssa.Value]trace.Value{}
	get := func(v ssa.Value) (trace.Value, bool) {
		if c, ok := v.(*ssa.Const); ok {
			switch {
			case c.Value == nil:
				return trace.Value{}, false
			case c.Value.Kind() == constant.Bool:
				return trace.Bool(constant.BoolVal(c.Value)), true
			case c.Value.Kind() == constant.Int:
				n, exact := constant.Int64Val(c.Value)
				return trace.Int(n), exact
			}
			return trace.Value{}, false
		}
		x, ok := env[v]
		return x, ok
	}
	for _, instr := range f.Blocks[0].Instrs {
		switch in := instr.(type) {
		case *ssa.Store:
			// A local of the function's (its result, named or not): what
			// it holds, when known.
			if v, ok := get(in.Val); ok {
				env[in.Addr] = v
			} else {
				delete(env, in.Addr)
			}
		case *ssa.UnOp:
			if in.Op == token.MUL {
				if _, local := in.X.(*ssa.Alloc); local {
					v, ok := env[in.X]
					if !ok {
						return trace.Value{}, false
					}
					env[in] = v
					continue
				}
				v, ok := lastStore(t, e, in.X)
				if !ok {
					return trace.Value{}, false
				}
				env[in] = v
				continue
			}
			x, ok := get(in.X)
			if !ok {
				return trace.Value{}, false
			}
			if in.Op == token.NOT {
				env[in] = trace.Bool(!x.Bool())
			} else {
				env[in] = trace.Int(-x.Int())
			}
		case *ssa.BinOp:
			x, okx := get(in.X)
			y, oky := get(in.Y)
			if !okx || !oky {
				return trace.Value{}, false
			}
			v, ok := binPredicate(in.Op, x, y, isBool(in.X.Type()))
			if !ok {
				return trace.Value{}, false
			}
			env[in] = v
		case *ssa.Return:
			return get(in.Results[0])
		}
	}
	return trace.Value{}, false
}

// binPredicate applies op to x and y, bools when isBool, else signed
// integers.
func binPredicate(op token.Token, x, y trace.Value, isBool bool) (trace.Value, bool) {
	if isBool {
		switch op {
		case token.EQL:
			return trace.Bool(x.Bool() == y.Bool()), true
		case token.NEQ:
			return trace.Bool(x.Bool() != y.Bool()), true
		}
		return trace.Value{}, false
	}
	a, b := x.Int(), y.Int()
	switch op {
	case token.EQL:
		return trace.Bool(a == b), true
	case token.NEQ:
		return trace.Bool(a != b), true
	case token.LSS:
		return trace.Bool(a < b), true
	case token.LEQ:
		return trace.Bool(a <= b), true
	case token.GTR:
		return trace.Bool(a > b), true
	case token.GEQ:
		return trace.Bool(a >= b), true
	case token.ADD:
		return trace.Int(a + b), true
	case token.SUB:
		return trace.Int(a - b), true
	case token.MUL:
		return trace.Int(a * b), true
	}
	return trace.Value{}, false
}
