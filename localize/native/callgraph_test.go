package native

import (
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// TestRootGlobalKept checks, over the package initializers of every
// test subject, that the call graph's initializer lines are those that
// rootGlobal finds without kept answers (the plain walk), each package variable's in the same
// order, and that they are found at all (the subjects with tables).
func TestRootGlobalKept(t *testing.T) {
	for _, dir := range []string{"testdata/unread", "testdata/table", "testdata/plumbing", "testdata/nativeonly"} {
		t.Run(dir, func(t *testing.T) {
			prog, _ := loadDir(t, dir)
			g := newCallGraph(prog, map[string][]string{})
			walk := &callGraph{} // no kept answers
			want := map[*ssa.Global][]trace.Line{}
			for _, pkg := range codePackages(prog) {
				init := pkg.Func("init")
				if init == nil {
					continue
				}
				for _, b := range init.Blocks {
					for _, ins := range b.Instrs {
						p := prog.SSA.Fset.Position(ins.Pos())
						line := trace.Line{File: p.Filename, Line: p.Line}
						if gl := walk.rootGlobal(storedInto(ins), 0); gl != nil && gl.Pkg == init.Pkg && ins.Pos().IsValid() && !slices.Contains(want[gl], line) {
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
