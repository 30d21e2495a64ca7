package testutil

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/examples/linkedlist"
	"github.com/faultloc/faultloc/trace"
)

// ListVersion is examples/linkedlist loaded with some of its seeded
// faults.
type ListVersion struct {
	Prog  *trace.Program
	Pkg   string // the import path of the loaded package
	Lines []int  // the faulty lines
}

// listVersions caches the loaded versions: dir and fault names joined by
// "+" -> *ListVersion.
var listVersions sync.Map

// LoadList loads examples/linkedlist, found at dir (relative to the
// test's package), with the named faults, once per test binary.
func LoadList(t *testing.T, dir string, faults ...string) *ListVersion {
	t.Helper()
	k := dir + " " + strings.Join(faults, "+")
	if v, ok := listVersions.Load(k); ok {
		return v.(*ListVersion)
	}
	ov, lines, err := linkedlist.Version(dir, faults...)
	if err != nil {
		t.Fatal(err)
	}
	v := &ListVersion{Lines: lines}
	if v.Prog, err = trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true, Overlay: ov}, "."); err != nil {
		t.Fatal(err)
	}
	if v.Pkg, err = v.Prog.TargetPackage(); err != nil {
		t.Fatal(err)
	}
	got, _ := listVersions.LoadOrStore(k, v)
	return got.(*ListVersion)
}
