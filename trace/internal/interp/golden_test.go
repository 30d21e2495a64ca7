package interp

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// golden compares got with testdata/name, rewriting it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path, want, ok := readGolden(t, name, got)
	if ok && !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// readGolden returns testdata/name's path and contents for comparison with
// got; with -update it rewrites the file with got instead and returns
// ok == false (nothing to compare).
func readGolden(t *testing.T, name string, got []byte) (path string, want []byte, ok bool) {
	t.Helper()
	path = filepath.Join("../../testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return path, nil, false
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	return path, want, true
}

// The trace of foo's failing test, event by event, in Foo's frame. Event
// IDs are relative to the trace (package initialization comes first).
func TestFooGolden(t *testing.T) {
	res := runFoo(t, nil)
	var buf bytes.Buffer
	fn := load(t, "./examples/foo").Func(fooPkg, "Foo")
	res.Trace.Dump(&buf, func(e EventID) bool { return res.Trace.Func(e) == fn })
	golden(t, "foo_trace.golden", buf.Bytes())
}

// Zune's loop: control parents of the loop body are the loop condition's
// instance of the same iteration.
func TestZuneGolden(t *testing.T) {
	p := loadExamples(t)
	fn := p.Func(examplesPath+"zune", "Year")
	res, err := p.Run(bgContext, fn, []Value{Int(732)}, &RunOptions{NoInit: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	res.Trace.Dump(&buf, nil)
	golden(t, "zune_trace.golden", buf.Bytes())
}
