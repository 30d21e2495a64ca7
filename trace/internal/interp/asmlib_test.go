package interp

import "testing"

// TestLibraryPureGo: trace/testdata/asmlib/a calls a library whose CPU
// detection is a function in assembly on amd64, with a pure-Go version
// under the build tags noasm and purego (as klauspost/cpuid, which
// go-chi/httprate reaches through zeebo/xxh3). go test passes TestTotal
// natively; interpreted, the library is loaded from its pure-Go files and
// the case passes too, traced and not, instead of stopping on a function
// without a body. Off amd64 the build selects the pure-Go files anyway.
func TestLibraryPureGo(t *testing.T) {
	const a = "github.com/faultloc/faultloc/trace/testdata/asmlib/a"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/asmlib/a")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []*RunOptions{nil, {NoTrace: true}} {
		gr, err := p.RunGoTest(bgContext, a, "TestTotal", opts)
		if err != nil || !gr.Ran || gr.Failed {
			t.Errorf("TestTotal (%+v): %v, %v; want it to pass", opts, gr, err)
		}
	}
}
