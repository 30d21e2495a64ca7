package interp

import (
	"bytes"
	"crypto/sha256"
	"fmt"
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

// loadFiles writes files (by name, go.mod among them) into a temporary
// directory and loads its package.
func loadFiles(t *testing.T, files map[string]string) *Program {
	t.Helper()
	return loadDir(t, files, false)
}

// loadTestFiles is loadFiles with the package's tests (Config.Tests).
func loadTestFiles(t *testing.T, files map[string]string) *Program {
	t.Helper()
	return loadDir(t, files, true)
}

// loadDir writes files into a directory of its own and loads its
// package, with its tests if tests.
func loadDir(t *testing.T, files map[string]string, tests bool) *Program {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	p, err := Load(bgContext, &Config{Dir: dir, Tests: tests}, ".")
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
		dir, pkgs := keptConformanceModule(t, progs)
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

// keptConformanceModule returns the directory of a scratch module of the
// conformance programs (conformanceModule) and their package paths: a
// directory of the system's temporary directory named by a hash of the
// programs, kept from run to run, so that the go command's build cache,
// whose keys hold a package's directory, has the programs' export data
// (compiling them takes seconds of CPU). It is written whole under
// another name and renamed; one whose files differ from the programs'
// is not used: the programs are then written into a directory removed
// at the end (sharedDirs).
func keptConformanceModule(t *testing.T, progs []*confProgram) (string, map[*confProgram]string) {
	h := sha256.New()
	for _, p := range progs {
		src, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%q %q %d\n", p.name, p.skip, len(src))
		h.Write(src)
	}
	kept := filepath.Join(os.TempDir(), fmt.Sprintf("faultloc-conformance-%x", h.Sum(nil)[:12]))
	if pkgs, ok := conformanceModuleIn(kept, progs); ok {
		return kept, pkgs
	}
	dir, err := os.MkdirTemp("", "faultloc-conformance-")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := conformanceModule(t, dir, progs)
	if err := os.Rename(dir, kept); err == nil {
		if _, ok := conformanceModuleIn(kept, progs); ok {
			return kept, pkgs
		}
		dir = kept // not what was written: used once, then removed
	}
	sharedDirs = append(sharedDirs, dir)
	return dir, pkgs
}

// conformanceModuleIn reports whether dir holds the scratch module
// conformanceModule writes of progs, and returns its package paths.
func conformanceModuleIn(dir string, progs []*confProgram) (map[*confProgram]string, bool) {
	if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err != nil || string(b) != conformanceGoMod {
		return nil, false
	}
	pkgs := map[*confProgram]string{}
	for _, p := range progs {
		if p.skip != "" {
			continue
		}
		rel := conformanceRel(p)
		want, err := os.ReadFile(p.path)
		if err != nil {
			return nil, false
		}
		if got, err := os.ReadFile(filepath.Join(dir, rel, filepath.Base(p.path))); err != nil || !bytes.Equal(got, want) {
			return nil, false
		}
		pkgs[p] = "conformance/" + rel
	}
	return pkgs, true
}
