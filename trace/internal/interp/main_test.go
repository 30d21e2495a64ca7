package interp

import (
	"os"
	"runtime/debug"
	"testing"
)

// sharedDirs are the scratch directories of fixtures that tests share
// (sharedConformance), removed once every test has run.
var sharedDirs []string

// testGCPercent and testMemoryLimit are the test binary's collector
// settings, unless GOGC or GOMEMLIMIT set their own. The tests on the
// corpus make many short runs, each of which initializes the libraries
// its program imports again: they allocate much and keep little, so with
// the default (collect at twice the live heap) the collector takes about
// a fifth of their CPU. Collecting at four times the live heap takes a
// part of that off; the soft limit keeps the heap's peak about where the
// default leaves it, collecting more often when it gets near.
const (
	testGCPercent   = 300
	testMemoryLimit = 3 << 30
)

func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(testGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(testMemoryLimit)
	}
	code := m.Run()
	for _, dir := range sharedDirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}
