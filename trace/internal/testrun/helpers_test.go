package testrun

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// modRoot is the module's root, relative to this package's directory.
const modRoot = "../../.."

var bgContext = context.Background()

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// golden compares got with trace/testdata/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("../../testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// load loads pattern from the module's root, without its tests.
func load(t testing.TB, pattern string) *interp.Program {
	t.Helper()
	p, err := interp.Load(bgContext, &interp.Config{Dir: modRoot}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
