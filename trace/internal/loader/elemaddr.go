package loader

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// elemAddrTypes returns the types T of which one of fns converts a *T
// of unknown origin to unsafe.Pointer: a pointer that is neither a
// variable's address (&x, a global) nor made on the spot (&a[i], &s.f),
// such as a parameter or a loaded pointer. Such a pointer may be an
// array element's address, which pointer arithmetic then moves along
// the array (go-toml's danger.Stride over its AST nodes); interp
// records the arrays of the element addresses of these types it takes
// (its unsafe.go).
func elemAddrTypes(fns []*ssa.Function) []types.Type {
	var ts []types.Type
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				c, ok := in.(*ssa.Convert)
				if !ok || !isUnsafePointer(c.Type()) {
					continue
				}
				pt, ok := c.X.Type().Underlying().(*types.Pointer)
				if !ok {
					continue
				}
				switch c.X.(type) {
				case *ssa.Alloc, *ssa.Global, *ssa.IndexAddr, *ssa.FieldAddr:
					continue
				}
				if !containsIdentical(ts, pt.Elem()) {
					ts = append(ts, pt.Elem())
				}
			}
		}
	}
	return ts
}

func containsIdentical(ts []types.Type, t types.Type) bool {
	for _, u := range ts {
		if types.Identical(u, t) {
			return true
		}
	}
	return false
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}
