// Package longtest tells tests whether the build tag long is set.
//
// go test ./... checks a sample of what is slow to check whole: the
// evaluations (real modules' suites under the interpreter), the float
// tests whose binary64 formulas take Z3 tens of seconds (binary32 by
// default), the slowest bit-vector runs of the paper examples and the
// test subjects, a table test's first failing row, the classic loop
// faults, the slice scope's, the pipeline's AgxFaults runs on floor
// and words and four repairs' angelic debugging among them (integers
// by default), the go command's type check of
// every subset of a regression's changes (the whole set and one other,
// seeded, by default),
// max3's regression explained with versions tried at once (the
// auxiliary-changes subject's alone by default), the baselines of
// testdata/prune's regression explained natively with versions tried at
// once (its search alone by default),
// the interpreter's corpus on each of its recorder's paths and in its
// fast form with two map seeds and three allocation budgets a program
// (one of each and half the seeded step budgets by default, and a third of it on each path but the
// main one, its encoding/json and html/template programs
// on the main path alone, with one seed, cut and budget, not at the
// budgets around their end), merges of 1,
// 2 and 4 shards (3 by default, and not every format of localize),
// the corpus run from its initialization snapshot each way (plainly and
// one other way a program by default),
// endless loops under the interpreter's default step budget (an exact
// million steps by default), each long command stopped by -deadline and
// by SIGTERM (one way each by default) and stopped while running in
// each output format (one format each by default), the library's
// bounds at their long lengths and the report's short ones (shorter ones
// by default, and the diagnosis's only through the command), the patch
// schema's patches each built on its own (one of each kind by
// default), the repairs of the three subjects whose run-time panic is
// recovered (one by default), Why on ten events of
// each sliced corpus run (three by default) and the slicing of every
// corpus program (every other one by default), the bit-vector engines'
// seeded random problems and those of MaxSAT's other random tests
// against brute force (half by default) and the command and spectra
// built without cgo (not by default). With the tag (go test -tags long, which
// .ci/run runs after go test ./...) the tests check all of it:
//
//	if !longtest.Enabled {
//		// the sample only
//	}
package longtest

// Enabled reports whether the build tag long is set.
const Enabled = enabled
