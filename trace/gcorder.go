package trace

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// The Go specification leaves unspecified when an operand that is not a
// call is evaluated relative to the calls of the same statement: in
// return x, f(&x), g(x, f(&x)), x = x + f() or a, b := x, f(), go/ssa
// reads x before calling f, gc after (its order and walk passes store
// what may call into temporaries first and read plain variables last).
// Code written against gc relies on it (github.com/oklog/ulid's Parse is
// return id, parse(s, &id)), so Load reorders the SSA to gc's order.
//
// In naive form a value never outlives its statement, so a Load of a
// variable whose value flows, through operations that cannot panic
// (arithmetic other than division and shifts, comparisons, conversions,
// interface conversions, stores into the implicit array of a variadic
// call), into a later call, go, defer, return or store of its block with
// a call in between belongs to the same statement as that call: the Load
// and those operations move to just before their use. Only variables a
// call could change are moved: globals, and locals whose address is used
// otherwise than by loads and stores (passed on, captured, taken apart),
// with fields and constant-indexed array elements of either; moving the
// others would change nothing but the order of events. In a composite
// literal T{x, f()} (struct, array, slice or pointer to one; not a map,
// whose elements gc evaluates in order), gc also reads x after the
// call: the Load moves with the store of its element to where the
// literal is complete.

// gcOrder reorders the instructions of fn's blocks as above.
func gcOrder(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for i := 0; i < len(b.Instrs); i++ {
			if sinkChain(b, i) {
				i-- // what moved into i is examined next
			}
		}
	}
}

// sinkChain moves the Load at b.Instrs[i], with the operations its value
// flows through, to just before their use, if the rules above allow;
// it reports whether it moved anything.
func sinkChain(b *ssa.BasicBlock, i int) bool {
	ld, ok := b.Instrs[i].(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || !callMutable(ld.X) {
		return false
	}
	chain := []ssa.Instruction{ld}
	var target ssa.Instruction
	for v := ssa.Value(ld); target == nil; {
		u := soleUse(v)
		if u == nil || u.Block() != b {
			return false
		}
		switch u := u.(type) {
		case *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.Return:
			target = u
		case *ssa.Store:
			if u.Val != v {
				return false
			}
			if lit := literalRoot(u.Addr); lit != nil {
				// An element of a composite literal (or of a variadic
				// call's arguments): gc evaluates the literal's calls
				// first and then fills it in, so the element's store
				// goes with the Load to where the literal is complete.
				chain = append(chain, u)
				target = literalDone(lit, u)
				if target == nil {
					return false
				}
			} else {
				target = u
			}
		case *ssa.BinOp:
			switch u.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				return false
			}
			chain, v = append(chain, u), u
		case *ssa.UnOp:
			if u.Op == token.MUL || u.Op == token.ARROW {
				return false
			}
			chain, v = append(chain, u), u
		case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
			chain, v = append(chain, u), u.(ssa.Value)
		default:
			return false
		}
	}
	// The chain's instructions, then the target, in block order, with a
	// call between the Load and the target.
	pos := map[ssa.Instruction]int{}
	for k, in := range b.Instrs {
		pos[in] = k
	}
	call := false
	end := pos[target]
	for k := i + 1; k < end; k++ {
		if _, ok := b.Instrs[k].(*ssa.Call); ok {
			call = true
		}
	}
	if !call {
		return false
	}
	in := map[ssa.Instruction]bool{}
	for _, c := range chain {
		if pos[c] < i || pos[c] > end {
			return false
		}
		in[c] = true
	}
	out := make([]ssa.Instruction, 0, len(b.Instrs))
	for _, x := range b.Instrs {
		if x == target {
			out = append(out, chain...)
		}
		if !in[x] {
			out = append(out, x)
		}
	}
	copy(b.Instrs, out)
	return true
}

// callMutable reports whether a call could change the variable at address
// v: a global, or a local (an Alloc) whose address is used otherwise than
// as the address of a load or a store, or a field or constant-indexed
// array element of one.
func callMutable(v ssa.Value) bool {
	for {
		switch a := v.(type) {
		case *ssa.FieldAddr:
			v = a.X
			continue
		case *ssa.IndexAddr:
			if _, isArray := a.X.Type().Underlying().(*types.Pointer); !isArray {
				return false // a slice element: its index may be out of range
			}
			if _, isConst := a.Index.(*ssa.Const); !isConst {
				return false
			}
			v = a.X
			continue
		case *ssa.Global:
			return true
		case *ssa.Alloc:
			refs := a.Referrers()
			if refs == nil {
				return false
			}
			for _, r := range *refs {
				switch r := r.(type) {
				case *ssa.DebugRef:
				case *ssa.UnOp:
					if r.Op != token.MUL {
						return true
					}
				case *ssa.Store:
					if r.Val == a {
						return true
					}
				default:
					return true
				}
			}
		}
		return false
	}
}

// literalRoot returns the composite literal (an Alloc commented
// complit, slicelit or varargs: a struct or array literal, the array of a
// slice literal, a variadic call's arguments) that addr is an element of,
// through field addresses and constant-indexed element addresses, or nil.
func literalRoot(addr ssa.Value) *ssa.Alloc {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			if _, isConst := a.Index.(*ssa.Const); !isConst {
				return nil
			}
			addr = a.X
		case *ssa.Alloc:
			switch a.Comment {
			case "complit", "slicelit", "varargs":
				return a
			}
			return nil
		default:
			return nil
		}
	}
}

// literalDone returns the first instruction after st, in st's block, that
// uses the composite literal lit otherwise than by taking an element's
// address (it copies the literal, slices it, or passes or stores its
// address): there the literal is complete. nil if there is none in the
// block.
func literalDone(lit *ssa.Alloc, st *ssa.Store) ssa.Instruction {
	b := st.Block()
	uses := map[ssa.Instruction]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				walk(r)
			case *ssa.IndexAddr:
				if _, isConst := r.Index.(*ssa.Const); isConst {
					walk(r)
				} else {
					uses[r] = true
				}
			case *ssa.Store:
				if r.Val == v {
					uses[r] = true
				}
			case *ssa.DebugRef:
			default:
				uses[r] = true
			}
		}
	}
	walk(lit)
	after := false
	for _, in := range b.Instrs {
		if in == ssa.Instruction(st) {
			after = true
		} else if after && uses[in] {
			return in
		}
	}
	return nil
}

// soleUse returns the one instruction using v (debug references aside),
// or nil.
func soleUse(v ssa.Value) ssa.Instruction {
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	var use ssa.Instruction
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		if use != nil {
			return nil
		}
		use = r
	}
	return use
}
