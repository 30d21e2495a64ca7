package testutil

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace"
)

// sharedSubjects caches the programs SharedSubject loaded: dir ->
// func() (*trace.Program, error), loading on its first call, so that
// parallel tests asking at once wait for one load.
var sharedSubjects sync.Map

// SharedSubject is LoadSubject (with tests, without a context) for subjects that several
// tests of a package localize: the program is loaded once per test
// binary and shared. Localizing and running tests on it is safe for
// concurrent use; a test that sets the program's budgets or native times
// (SetMaxSteps, SetNativeTimes) must load its own with LoadSubject.
func SharedSubject(t *testing.T, dir string, n int) (*trace.Program, []examples.Fault) {
	t.Helper()
	load, _ := sharedSubjects.LoadOrStore(dir, sync.OnceValues(func() (*trace.Program, error) {
		prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
		if err != nil {
			return nil, fmt.Errorf("loading %s: %w", dir, err)
		}
		return prog, nil
	}))
	prog, err := load.(func() (*trace.Program, error))()
	if err != nil {
		t.Fatal(err)
	}
	return prog, faultLines(t, dir, n)
}
