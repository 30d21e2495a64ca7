package interp

import (
	"os"
	"testing"
)

// sharedDirs are the scratch directories of fixtures that tests share
// (sharedConformance), removed once every test has run.
var sharedDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range sharedDirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}
