package spectra

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The real package not written here: github.com/google/uuid, fetched
// through the module proxy (GOPROXY), copied out of the read-only module
// cache and given a fault: Parse drops two characters of a
// {Microsoft-style} UUID instead of the opening brace.
const (
	realModule  = "github.com/google/uuid@v1.6.0"
	realFile    = "uuid.go"
	realLine    = 83
	realCorrect = "s = s[1:]"
	realFaulty  = "s = s[2:]"
	realFlaky   = `^(TestVersion1|TestVersion6|TestVersion7.*|TestClockSeq.*|TestNodeAndTime)$`
)

// fetchModule downloads mod through the go command into the module cache
// and returns a writable copy of its files; the test is skipped when the
// module proxy cannot be reached.
func fetchModule(t *testing.T, mod string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); err != nil || jerr != nil || info.Dir == "" {
		t.Skipf("module proxy unavailable: go mod download %s: %v %s", mod, err, info.Error)
	}
	dst := filepath.Join(t.TempDir(), "mod")
	err = filepath.WalkDir(info.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(info.Dir, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o777)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestNativeRealPackage ranks the lines of a faulty copy of google/uuid by
// its own suite (about 190 cases), run natively: the fault must come out among the
// first ten of its 426 lines.
func TestNativeRealPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads a module and runs its suite")
	}
	dir := fetchModule(t, realModule)
	name := filepath.Join(dir, realFile)
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(src, []byte("\n"))
	if !strings.Contains(string(lines[realLine-1]), realCorrect) {
		t.Fatalf("%s:%d is %q, not the line to mutate", realFile, realLine, lines[realLine-1])
	}
	lines[realLine-1] = bytes.Replace(lines[realLine-1], []byte(realCorrect), []byte(realFaulty), 1)
	if err := os.WriteFile(name, bytes.Join(lines, []byte("\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	// Tests that compare clock readings fail now and then on a loaded
	// machine; their verdicts would move the ranking.
	g := &GoTest{Patterns: []string{"."}, Dir: dir, Skip: realFlaky}
	m, err := Build(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d cases (%d failing), %d elements; build %v, %v per case; skipped %v",
		m.NumTests(), m.Failed(), m.NumElements(), g.Stats.Build, g.Stats.PerCase(), g.Stats.Skipped)
	if m.NumTests() < 100 || m.Failed() == 0 || len(g.Stats.Lost) != 0 {
		t.Fatalf("%d cases, %d failing, lost %v", m.NumTests(), m.Failed(), g.Stats.Lost)
	}
	fault := Element{File: name, Line: realLine}
	for _, fname := range []string{"ochiai", "tarantula", "dstar"} {
		f, _ := Lookup(fname)
		r := m.Rank(f, nil)
		rank, ok := r.RankOf(fault)
		if !ok || rank > 10 {
			t.Errorf("%s: fault ranked %v of %d", fname, rank, len(r.Entries))
		}
	}
}
