package purity

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Checker is the conservative side-effect check of the functions of
// one package. It is not safe for concurrent use.
type Checker struct {
	pkg  *ssa.Package
	site *ssa.Function // never pure: a call of it at its own site recurses
	// memo holds the verdicts: the package-level variables a pure
	// function reads (its callees' too), or !ok.
	memo map[*ssa.Function]pureInfo
}

// pureInfo is the verdict on one function.
type pureInfo struct {
	ok      bool
	pending bool // being checked: a recursive call is checked by the outer one
	reads   []*ssa.Global
}

// New returns the check of the functions of pkg, site being the
// function of the repair's site: never pure, nor is a function that
// calls it, as a call of it at its own site would recurse.
func New(pkg *ssa.Package, site *ssa.Function) *Checker {
	return &Checker{pkg: pkg, site: site, memo: map[*ssa.Function]pureInfo{}}
}

// Pure reports whether fn has no side effects, as a conservative check
// of its SSA form tells, and the package-level variables it (and its
// callees) read. fn must be a plain function of the package (no method,
// closure or generic function, not declared in a _test.go file), and
// every instruction of it one of:
//   - a computation on values (operators, conversions, field and element
//     reads, φ, branches, returns, allocation of its own locals);
//   - a store to one of its own local variables (or a field or element
//     of one), never through a pointer it was given or to a
//     package-level variable;
//   - a static call of a function of the same package that is pure
//     by the same rules (recursion allowed), or of the builtins len,
//     cap, min and max.
//
// Anything else makes it impure: a store elsewhere, a map update, a call
// through an interface or a function value, a call outside the package,
// go, defer, panic, channel operations, select, closures. A function
// that calls the site's function is impure too, as a replacement there
// would recurse.
func (p *Checker) Pure(fn *ssa.Function) ([]*ssa.Global, bool) {
	if info, ok := p.memo[fn]; ok {
		return info.reads, info.ok || info.pending
	}
	if fn == p.site || fn.Pkg != p.pkg || fn.Blocks == nil || fn.Signature.Recv() != nil || len(fn.FreeVars) > 0 ||
		fn.TypeParams().Len() > 0 || fn.Parent() != nil || fn.Synthetic != "" || fn.Object() == nil {
		p.memo[fn] = pureInfo{}
		return nil, false
	}
	if pos := fn.Prog.Fset.Position(fn.Pos()); strings.HasSuffix(pos.Filename, "_test.go") {
		p.memo[fn] = pureInfo{}
		return nil, false
	}
	p.memo[fn] = pureInfo{pending: true}
	reads := map[*ssa.Global]bool{}
	ok := true
	local := func(v ssa.Value) bool {
		a, isAlloc := v.(*ssa.Alloc)
		return isAlloc && a.Parent() == fn
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			ops = in.Operands(ops[:0])
			for _, o := range ops {
				if o == nil {
					continue
				}
				if g, isGlobal := (*o).(*ssa.Global); isGlobal {
					reads[g] = true
				}
			}
			switch in := in.(type) {
			case *ssa.Store:
				switch addr := in.Addr.(type) {
				case *ssa.FieldAddr:
					ok = ok && local(addr.X)
				case *ssa.IndexAddr:
					_, array := addr.X.Type().Underlying().(*types.Pointer)
					ok = ok && array && local(addr.X)
				default:
					ok = ok && local(addr)
				}
			case *ssa.Call:
				ok = ok && p.pureCall(&in.Call, reads)
			case *ssa.UnOp:
				ok = ok && in.Op != token.ARROW
			case *ssa.Go, *ssa.Defer, *ssa.Panic, *ssa.Send, *ssa.Select, *ssa.MapUpdate,
				*ssa.MakeClosure, *ssa.MakeChan, *ssa.Range, *ssa.Next:
				ok = false
			}
			if !ok {
				break
			}
		}
		if !ok {
			break
		}
	}
	info := pureInfo{ok: ok}
	if ok {
		for g := range reads {
			info.reads = append(info.reads, g)
		}
		slices.SortFunc(info.reads, func(a, b *ssa.Global) int { return strings.Compare(a.Name(), b.Name()) })
	}
	p.memo[fn] = info
	return info.reads, ok
}

// pureCall reports whether call is a call of a pure function of the
// package or of a pure builtin, adding what the callee reads to reads.
func (p *Checker) pureCall(call *ssa.CallCommon, reads map[*ssa.Global]bool) bool {
	if call.IsInvoke() {
		return false
	}
	switch f := call.Value.(type) {
	case *ssa.Builtin:
		// ssa:deferstack is go/ssa's own, at every function's entry.
		return slices.Contains([]string{"len", "cap", "min", "max", "ssa:deferstack"}, f.Name())
	case *ssa.Function:
		rs, ok := p.Pure(f)
		for _, g := range rs {
			reads[g] = true
		}
		return ok
	}
	return false
}
