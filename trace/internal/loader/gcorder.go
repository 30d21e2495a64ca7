package loader

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

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
//
// It is linear in a block's length but for a sort of what moves: a Load
// and its target never move before the Load is examined, nor do calls,
// so whether a chain moves, and where to, is decided on the block's
// original order, each Load once, in order (a package's initializer can
// be one block of 10^5 instructions: x/tools' internal/stdlib).
func gcOrder(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		sinkChains(b)
	}
}

// sinkChains moves, in order, each Load of b, with the operations its
// value flows through, to just before their use, where the rules above
// allow.
func sinkChains(b *ssa.BasicBlock) {
	loads, calls := false, false
	for _, in := range b.Instrs {
		switch in := in.(type) {
		case *ssa.UnOp:
			loads = loads || in.Op == token.MUL
		case *ssa.Call:
			calls = true
		}
	}
	if !loads || !calls {
		return // nothing to move, or nothing to move past
	}
	// at: original positions; ncalls[k]: the calls in b.Instrs[:k].
	at := make(map[ssa.Instruction]int, len(b.Instrs))
	ncalls := make([]int, len(b.Instrs)+1)
	for k, in := range b.Instrs {
		at[in] = k
		ncalls[k+1] = ncalls[k]
		if _, ok := in.(*ssa.Call); ok {
			ncalls[k+1]++
		}
	}
	// The order after the moves: a moved instruction sorts after those
	// before its target (and after those moved there earlier), keys of
	// the others are their positions.
	type sortKey struct{ pos, seq int }
	var moved map[ssa.Instruction]sortKey
	seq := 0
	lits := map[*ssa.Alloc][]int{} // literalUses, by literal
	for i, in := range b.Instrs {
		chain, target := sinkChain(b, in, at, lits)
		if target == nil {
			continue
		}
		end := at[target]
		if ncalls[end]-ncalls[i+1] == 0 {
			continue // no call between the Load and its use
		}
		ok := true
		for _, c := range chain {
			if k := at[c]; k < i || k > end {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if moved == nil {
			moved = map[ssa.Instruction]sortKey{}
		}
		for _, c := range chain {
			seq++
			moved[c] = sortKey{end - 1, seq}
		}
	}
	if moved == nil {
		return
	}
	key := func(in ssa.Instruction) sortKey {
		if k, ok := moved[in]; ok {
			return k
		}
		return sortKey{at[in], 0}
	}
	sort.SliceStable(b.Instrs, func(x, y int) bool {
		kx, ky := key(b.Instrs[x]), key(b.Instrs[y])
		return kx.pos < ky.pos || kx.pos == ky.pos && kx.seq < ky.seq
	})
}

// sinkChain returns the chain of the Load in, the operations its value
// flows through, and their target, the use before which the chain
// belongs (nil if in is no such Load). at holds b's original positions;
// lits, the uses of the composite literals seen so far.
func sinkChain(b *ssa.BasicBlock, in ssa.Instruction, at map[ssa.Instruction]int, lits map[*ssa.Alloc][]int) ([]ssa.Instruction, ssa.Instruction) {
	ld, ok := in.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || !callMutable(ld.X) {
		return nil, nil
	}
	chain := []ssa.Instruction{ld}
	var target ssa.Instruction
	for v := ssa.Value(ld); target == nil; {
		u := soleUse(v)
		if u == nil || u.Block() != b {
			return nil, nil
		}
		switch u := u.(type) {
		case *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.Return:
			target = u
		case *ssa.Store:
			if u.Val != v {
				return nil, nil
			}
			if lit := literalRoot(u.Addr); lit != nil {
				// An element of a composite literal (or of a variadic
				// call's arguments): gc evaluates the literal's calls
				// first and then fills it in, so the element's store
				// goes with the Load to where the literal is complete.
				chain = append(chain, u)
				target = literalDone(lit, u, at, lits)
				if target == nil {
					return nil, nil
				}
			} else {
				target = u
			}
		case *ssa.BinOp:
			switch u.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				return nil, nil
			}
			chain, v = append(chain, u), u
		case *ssa.UnOp:
			if u.Op == token.MUL || u.Op == token.ARROW {
				return nil, nil
			}
			chain, v = append(chain, u), u
		case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
			chain, v = append(chain, u), u.(ssa.Value)
		default:
			return nil, nil
		}
	}
	return chain, target
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
// block. at holds the block's original positions; lits caches, by
// literal, the sorted positions of those uses in the block.
func literalDone(lit *ssa.Alloc, st *ssa.Store, at map[ssa.Instruction]int, lits map[*ssa.Alloc][]int) ssa.Instruction {
	b := st.Block()
	uses, ok := lits[lit]
	if !ok {
		uses = literalUses(lit, b, at)
		lits[lit] = uses
	}
	k := sort.SearchInts(uses, at[st]+1)
	if k == len(uses) {
		return nil
	}
	return b.Instrs[uses[k]]
}

// literalUses returns the sorted positions (at) of the instructions of b
// that use the composite literal lit otherwise than by taking an
// element's address.
func literalUses(lit *ssa.Alloc, b *ssa.BasicBlock, at map[ssa.Instruction]int) []int {
	var out []int
	use := func(in ssa.Instruction) {
		if in.Block() == b {
			out = append(out, at[in])
		}
	}
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
					use(r)
				}
			case *ssa.Store:
				if r.Val == v {
					use(r)
				}
			case *ssa.DebugRef:
			default:
				use(r)
			}
		}
	}
	walk(lit)
	sort.Ints(out)
	return slices.Compact(out)
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
