// Package nativetest drives real `go test` runs for faultloc's native coverage
// collection: it lists packages with `go list`, builds a package's test
// binary once with coverage instrumentation (`go test -c -cover`), runs that
// binary once per test case with -test.run anchored on the case's name and
// -test.coverprofile, and parses what comes back: the test2json-framed
// verbose output (-test.v=test2json, read with the semantics of
// `go test -json`: a test that started and never ended failed) and the
// coverage profile. It also lays out a Go file's statements and functions
// so that coverage blocks can be mapped to source lines.
//
// Test binaries that build the same subjects many times share the builds
// ([ShareBuilds], started from a TestMain by [RunSharingBuilds]): a
// build whose inputs match an earlier one's links that binary, in this
// process and in the processes it starts, which find the binaries'
// directory in the environment ([SharedBuildsEnv], [JoinSharedBuilds]).
//
// Nothing here is specific to spectra; the package is internal because its
// API follows the needs of its one caller.
package nativetest
