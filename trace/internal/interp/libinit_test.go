package interp

import (
	"errors"
	"testing"
)

// TestLibraryInitSetAside: the tests of trace/testdata/libinit/a import a
// library whose initializer calls reflect.StructOf, which the bridge
// cannot; go test passes both. The test that does not use the library
// runs and passes (traced, and coverage-only); the one that calls it
// fails with the initializer's *BridgeError, not a wrong outcome.
func TestLibraryInitSetAside(t *testing.T) {
	const a = "github.com/faultloc/faultloc/trace/testdata/libinit/a"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/libinit/a")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []*RunOptions{nil, {CoverOnly: true}, {NoTrace: true}} {
		gr, err := p.RunGoTest(bgContext, a, "TestDouble", opts)
		if err != nil || !gr.Ran || gr.Failed {
			t.Errorf("TestDouble (%+v): %v, %v; want it to pass", opts, gr, err)
		}
	}
	_, err = p.RunGoTest(bgContext, a, "TestName", nil)
	var be *BridgeError
	if !errors.As(err, &be) || be.Func != "reflect.StructOf" {
		t.Errorf("TestName: %v, want the initializer's *BridgeError for reflect.StructOf", err)
	}
}
