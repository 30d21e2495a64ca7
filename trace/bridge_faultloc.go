package trace

// The go test helper github.com/faultloc/faultloc/faultloctest is a no-op
// inside the interpreter: when faultloctest.Explain runs a failing test
// under trace to explain it, the interpreted test reaches the same
// Explain call, which must neither recurse into another explanation nor
// register cleanups on the interpreted *testing.T. The helper is always
// out of scope (it is not the package under test), so its functions have
// no interpreted body and these bridges stand in for them. They return
// the zero Value: the functions have no results.
func init() {
	noop := func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	for _, name := range []string{
		"github.com/faultloc/faultloc/faultloctest.Explain",
		"github.com/faultloc/faultloc/faultloctest.ExplainWith",
	} {
		bridges[name] = noop
	}
}
