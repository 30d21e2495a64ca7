// Package longtest tells tests whether the build tag long is set.
//
// go test ./... checks a sample of what is slow to check whole: the
// evaluations (real modules' suites under the interpreter), the float
// tests whose binary64 formulas take Z3 tens of seconds (binary32 by
// default), the slowest bit-vector runs of the paper examples and the
// test subjects (integers by default), the go command's type check of
// every subset of a regression's changes (a seeded sample by default),
// the interpreter's corpus on each of its recorder's paths (a third of
// it on each by default, its encoding/json and html/template programs
// on the main path alone, with one seed, cut and budget), merges of 2 and 4 shards (1 and 3 by
// default), an endless loop under the interpreter's default step budget
// (an exact million steps by default) and the command built without cgo
// (not by default). With the tag (go test -tags long, which .ci/run runs
// after go test ./...) the tests check all of it:
//
//	if !longtest.Enabled {
//		// the sample only
//	}
package longtest

// Enabled reports whether the build tag long is set.
const Enabled = enabled
