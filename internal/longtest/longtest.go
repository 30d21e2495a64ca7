// Package longtest tells tests whether the build tag long is set.
//
// go test ./... checks a sample of what is slow to check whole: the
// evaluations (real modules' suites under the interpreter), the float
// tests whose binary64 formulas take Z3 tens of seconds (binary32 by
// default) and the slowest bit-vector runs of the paper examples and the
// test subjects (integers by default). With the tag (go test -tags long, which .ci/run runs after
// go test ./...) the tests check all of it:
//
//	if !longtest.Enabled {
//		// the sample only
//	}
package longtest

// Enabled reports whether the build tag long is set.
const Enabled = enabled
