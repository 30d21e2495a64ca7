package slicing

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var (
	progMu sync.Mutex
	progs  = map[string]*trace.Program{}
)

// loadProg loads a package of the module once per test binary.
func loadProg(t testing.TB, pattern string) *trace.Program {
	t.Helper()
	progMu.Lock()
	defer progMu.Unlock()
	if p, ok := progs[pattern]; ok {
		return p
	}
	p, err := trace.Load(context.Background(), &trace.Config{Dir: ".."}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	progs[pattern] = p
	return p
}

// runTraced runs pkg.fn(args) and returns the result with its trace.
func runTraced(t testing.TB, pattern, pkg, fn string, args ...trace.Value) *trace.Result {
	t.Helper()
	p := loadProg(t, pattern)
	f := p.Func(pkg, fn)
	if f == nil {
		t.Fatalf("%s.%s not found", pkg, fn)
	}
	r, err := p.Run(context.Background(), f, args, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file:\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// render prints a slice's lines with their source text.
func render(s *Slice) string {
	var sb strings.Builder
	src := map[string][]string{}
	for _, l := range s.Lines() {
		lines, ok := src[l.File]
		if !ok {
			b, _ := os.ReadFile(l.File)
			lines = strings.Split(string(b), "\n")
			src[l.File] = lines
		}
		text := ""
		if l.Line-1 < len(lines) {
			text = strings.TrimSpace(lines[l.Line-1])
		}
		fmt.Fprintf(&sb, "%s:%d: %s\n", filepath.Base(l.File), l.Line, text)
	}
	return sb.String()
}
