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
// "+" -> func() (*ListVersion, error), loading the version on its first
// call. Parallel tests asking for the same version at once wait for one
// load, not one each.
var listVersions sync.Map

// LoadList loads examples/linkedlist, found at dir (relative to the
// test's package), with the named faults, once per test binary.
func LoadList(t *testing.T, dir string, faults ...string) *ListVersion {
	t.Helper()
	k := dir + " " + strings.Join(faults, "+")
	load, _ := listVersions.LoadOrStore(k, sync.OnceValues(func() (*ListVersion, error) {
		return loadList(dir, faults)
	}))
	v, err := load.(func() (*ListVersion, error))()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// loadList loads examples/linkedlist at dir with faults.
func loadList(dir string, faults []string) (*ListVersion, error) {
	ov, lines, err := linkedlist.Version(dir, faults...)
	if err != nil {
		return nil, err
	}
	v := &ListVersion{Lines: lines}
	if v.Prog, err = trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true, Overlay: ov}, "."); err != nil {
		return nil, err
	}
	if v.Pkg, err = v.Prog.TargetPackage(); err != nil {
		return nil, err
	}
	return v, nil
}
