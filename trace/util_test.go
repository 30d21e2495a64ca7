package trace

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// loadSource writes src as the one file of module module in a temporary
// directory and loads it.
func loadSource(t *testing.T, module, src string) *Program {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, module+".go"), []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	p, err := Load(bgContext, &Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// loadedConformance loads the conformance corpus (see TestConformance),
// skipping the test with -short.
func loadedConformance(t *testing.T) ([]*confProgram, map[*confProgram]string, map[*confProgram]*Program, map[*confProgram]error) {
	t.Helper()
	if testing.Short() {
		t.Skip("the conformance corpus takes a while; skipped with -short")
	}
	t.Setenv("GOSSAINTERP", "1")
	progs := conformanceCorpus(t)
	dir, pkgs := conformanceModule(t, progs)
	loaded, loadErrs := loadConformance(dir, progs, pkgs)
	return progs, pkgs, loaded, loadErrs
}

func isKind(i ssa.Instruction, kind string) bool {
	return i != nil && fmt.Sprintf("%T", i) == kind
}
