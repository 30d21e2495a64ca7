package tcas

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// instructionLines builds src (a tcas.go) into SSA in the given mode and
// returns the lines that hold the position of at least one instruction.
func instructionLines(t *testing.T, name string, src []byte, mode ssa.BuilderMode) map[int]bool {
	t.Helper()
	f, fset := typeCheck(t, name, src)
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("tcas", "tcas"), []*ast.File{f}, mode)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]bool{}
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				pos := instr.Pos()
				if v, ok := instr.(*ssa.If); ok {
					pos = v.Cond.Pos()
				}
				if pos.IsValid() {
					lines[fset.Position(pos).Line] = true
				}
			}
		}
	}
	return lines
}

// TestFaultyLinesHaveInstructions checks that every faulty line of every
// version holds an SSA instruction when the version is built in
// ssa.NaiveForm (every assignment a store, every read a load), so that a
// tool tracing the program can report it. In the default (lifted) form some
// do not, which the test logs.
func TestFaultyLinesHaveInstructions(t *testing.T) {
	for _, v := range Versions() {
		src, err := v.Source()
		if err != nil {
			t.Fatal(err)
		}
		fl, err := v.FaultyLines()
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("v%d/tcas.go", v.N)
		naive := instructionLines(t, name, src, ssa.NaiveForm)
		lifted := instructionLines(t, name, src, 0)
		for _, l := range fl {
			if !naive[l] {
				t.Errorf("v%d: faulty line %d has no SSA instruction in NaiveForm", v.N, l)
			}
			if !lifted[l] {
				t.Logf("v%d: faulty line %d has no SSA instruction in the lifted form", v.N, l)
			}
		}
	}
	// Every statement line of the fault-free port has one too.
	f, fset := typeCheck(t, SourceFile, Source())
	naive := instructionLines(t, SourceFile, Source(), ssa.NaiveForm)
	var missing []int
	for l := range codeLines(f, fset) {
		if l <= PortLines && !naive[l] {
			missing = append(missing, l)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("statement lines of the port without an instruction in NaiveForm: %v", missing)
	}
}
