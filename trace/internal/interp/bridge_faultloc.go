package interp

// Inside the interpreter, faultloc's own go test helper does nothing: a
// test that calls faultloctest.Explain (or ExplainWith), usually deferred,
// is being explained by the process that interprets it, so the interpreted
// call returns at once. The functions are named, not imported: trace does
// not depend on faultloctest.
func init() {
	noop := func(r *run, fr *frame, in *ins, args []Value) Value { return Value{} }
	bridges["github.com/faultloc/faultloc/faultloctest.Explain"] = noop
	bridges["github.com/faultloc/faultloc/faultloctest.ExplainWith"] = noop
}

// bridgedPackage reports whether the bridge stands in for the non-standard
// package at path (faultloctest, testify's assert and require, and the
// terminal checks of go-isatty and x/term, see bridge_files.go), which Load
// then neither puts in scope for Config.Module nor interprets from source
// as a dependency.
func bridgedPackage(path string) bool {
	switch path {
	case "github.com/faultloc/faultloc/faultloctest", "github.com/stretchr/testify/assert", "github.com/stretchr/testify/require",
		"github.com/mattn/go-isatty", "golang.org/x/term":
		return true
	}
	return false
}
