package testutil

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// Update is the -update flag of every test binary that imports the
// package: rewrite the golden files instead of comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files")

// ExamplesPkg is the import path prefix of the example subjects.
const ExamplesPkg = "github.com/faultloc/faultloc/examples/"

// Root returns the module's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Golden compares got with the file testdata/name of the test's package,
// rewriting it with -update.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n--- got:\n%s--- want:\n%s", name, got, want)
	}
}

var (
	loadOnce sync.Once
	loaded   *trace.Program
	loadErr  error
)

// Examples loads the example subjects foo, triangle, zune, loops and
// max3 once for all tests of the binary; the program is safe for
// concurrent use.
func Examples(t testing.TB) *trace.Program {
	t.Helper()
	loadOnce.Do(func() {
		loaded, loadErr = trace.Load(context.Background(), &trace.Config{Dir: filepath.Join(Root(), "examples")}, "./foo", "./triangle", "./zune", "./loops", "./max3")
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}
