//go:build cgo

package faultloctest_test

import (
	"fmt"

	"github.com/faultloc/faultloc/faultloctest"
)

// failedT stands for the *testing.T of a test that has failed: it prints
// what the helper logs, and runs the cleanups when the test ends.
type failedT struct {
	name     string
	cleanups []func()
}

func (t *failedT) Name() string     { return t.name }
func (t *failedT) Failed() bool     { return true }
func (t *failedT) Log(args ...any)  { fmt.Println(args...) }
func (t *failedT) Helper()          {}
func (t *failedT) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }

func (t *failedT) end() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}

// In a test, the helper is one line: defer faultloctest.Explain(t). Here
// it explains the failing subtest TestAbs/negative of the package in
// testdata/subject, whose tests build with the faultloc tag, as its own
// deferred call does when that test runs under go test -tags faultloc.
func ExampleExplainWith() {
	t := &failedT{name: "TestAbs/negative"}
	faultloctest.ExplainWith(t, &faultloctest.Options{Dir: "testdata/subject", Tags: "faultloc"})
	t.end()
	// Output:
	// faultloc explains TestAbs/negative:
	// fix candidates (agx) and ranked lines:
	// subject.go:8: candidate 1 (verified, size 1): return x //fault: should be -x [angelic: 2]
	// subject.go:7: candidate 2 (verified, size 2): if x < 0 { [angelic: branch else]
	// subject.go:10: candidate 2 (verified, size 2): return x [angelic: 2]
}
