package native

import (
	"go/token"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// walkRoot is rootGlobal without its kept answers: the definition the
// call graph's faster walk must agree with.
func walkRoot(v ssa.Value, depth int) *ssa.Global {
	if v == nil || depth > 16 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Global:
		return x
	case *ssa.FieldAddr:
		return walkRoot(x.X, depth+1)
	case *ssa.IndexAddr:
		return walkRoot(x.X, depth+1)
	}
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		var next ssa.Value
		switch r := r.(type) {
		case *ssa.Store:
			if r.Val == v {
				next = r.Addr
			}
		case *ssa.UnOp:
			if r.Op == token.MUL && r.X == v {
				next = r
			}
		case *ssa.Slice:
			if r.X == v {
				next = r
			}
		}
		if g := walkRoot(next, depth+1); g != nil {
			return g
		}
	}
	return nil
}

// TestRootGlobalKept checks, over the package initializers of every
// test subject, that the call graph's initializer lines are those of
// the walk without kept answers, each package variable's in the same
// order, and that they are found at all (the subjects with tables).
func TestRootGlobalKept(t *testing.T) {
	for _, dir := range []string{"testdata/unread", "testdata/table", "testdata/plumbing", "testdata/nativeonly"} {
		t.Run(dir, func(t *testing.T) {
			prog, _ := loadDir(t, dir)
			g := newCallGraph(prog, map[string][]string{})
			want := map[*ssa.Global][]trace.Line{}
			for _, pkg := range codePackages(prog) {
				init := pkg.Func("init")
				if init == nil {
					continue
				}
				for _, b := range init.Blocks {
					for _, ins := range b.Instrs {
						var addr ssa.Value
						switch ins := ins.(type) {
						case *ssa.Store:
							addr = ins.Addr
						case *ssa.MapUpdate:
							addr = ins.Map
						default:
							continue
						}
						p := prog.SSA.Fset.Position(ins.Pos())
						line := trace.Line{File: p.Filename, Line: p.Line}
						if gl := walkRoot(addr, 0); gl != nil && gl.Pkg == init.Pkg && ins.Pos().IsValid() && !slices.Contains(want[gl], line) {
							want[gl] = append(want[gl], line)
						}
					}
				}
			}
			if !maps.EqualFunc(g.inits, want, slices.Equal) {
				t.Errorf("initializer lines %v, want %v", g.inits, want)
			}
			if dir == "testdata/unread" && len(want) == 0 {
				t.Error("no initializer lines: the subject's table was not found")
			}
		})
	}
}
