package interp

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
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

// loadedConformance is the conformance corpus (see TestConformance,
// sharedConformance), skipping the test with -short.
func loadedConformance(t *testing.T) ([]*confProgram, map[*confProgram]string, map[*confProgram]*Program, map[*confProgram]error) {
	t.Helper()
	if testing.Short() {
		t.Skip("the conformance corpus takes a while; skipped with -short")
	}
	t.Setenv("GOSSAINTERP", "1")
	c := sharedConformance(t)
	return c.progs, c.pkgs, c.loaded, c.errs
}

// confCorpus is the conformance corpus written into a scratch module and
// loaded.
type confCorpus struct {
	progs  []*confProgram
	dir    string                    // the scratch module
	pkgs   map[*confProgram]string   // each runnable program's package
	loaded map[*confProgram]*Program // ... as loaded
	errs   map[*confProgram]error    // ... or why it did not load
}

var (
	confOnce   sync.Once
	confShared *confCorpus
)

// sharedConformance loads the conformance corpus once for all the tests
// that run it (TestConformance and the differential tests): loading its
// hundreds of packages costs more than running them. Its scratch module
// stays until TestMain removes it; a failure to set it up fails the test
// that tried first and, briefly, the others.
func sharedConformance(t *testing.T) *confCorpus {
	t.Helper()
	confOnce.Do(func() {
		progs := conformanceCorpus(t)
		dir, err := os.MkdirTemp("", "faultloc-conformance-")
		if err != nil {
			t.Fatal(err)
		}
		sharedDirs = append(sharedDirs, dir)
		pkgs := conformanceModule(t, dir, progs)
		loaded, errs := loadConformance(dir, progs, pkgs)
		confShared = &confCorpus{progs: progs, dir: dir, pkgs: pkgs, loaded: loaded, errs: errs}
	})
	if confShared == nil {
		t.Fatal("the conformance corpus could not be set up (see the first test that loaded it)")
	}
	return confShared
}

func isKind(i ssa.Instruction, kind string) bool {
	// What %T prints, without formatting it: TestTraceInvariants asks
	// this of every event of every corpus run.
	return i != nil && reflect.TypeOf(i).String() == kind
}
